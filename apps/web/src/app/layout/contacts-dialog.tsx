import CloseIcon from "@mui/icons-material/Close";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import type { companyManagerFields, RowOf } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../api-client";
import { useAppConfig } from "../app-config";
import { useCurrentUser } from "../use-session";

/** A manager of the company as its list answers them (the person's names, phone and e-mail). */
type CompanyManager = RowOf<typeof companyManagerFields>;

/** The 400×400 popup listing the managers of the user's company (spec 01 §2). */
export function ContactsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("signedIn");
  const user = useCurrentUser();
  const companyId = user.company_id;
  const managers = useQuery({
    queryKey: ["company-managers", companyId],
    queryFn: ({ signal }) =>
      apiFetch("GET /profile/api/companies/:companyId/managers/", {
        params: { companyId: companyId ?? 0 },
        signal,
        silent: true,
      }),
    enabled: companyId !== null,
  });
  const rows = managers.data?.results ?? [];

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="contacts-title"
      slotProps={{ paper: { sx: { width: 400, height: 400, maxWidth: "calc(100% - 16px)", m: 1 } } }}
    >
      <DialogTitle id="contacts-title" sx={{ pr: 6, py: 1.5 }}>
        {t("contacts.title")}
        {rows.length > 0 && (
          <Typography variant="body2" color="textSecondary">
            {t("contacts.count", { count: rows.length })}
          </Typography>
        )}
        <IconButton
          aria-label={t("common:close")}
          onClick={onClose}
          sx={{ position: "absolute", right: 8, top: 8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {companyId !== null && managers.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", p: 3 }}>
            <CircularProgress size={24} aria-label={t("common:loading")} />
          </Box>
        ) : managers.isError ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {t("contacts.loadFailed")}
          </Alert>
        ) : rows.length === 0 ? (
          <SupportContacts />
        ) : (
          <List disablePadding>
            {rows.map((row) => (
              <ManagerItem key={row.id} row={row} />
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Where a company has no managers of its own: the forwarder's support (its mail and service desk, the help menu's),
 * so that the user still has someone to turn to.
 */
function SupportContacts() {
  const { t } = useTranslation("signedIn");
  const config = useAppConfig();
  const email = config.data?.support_email;
  const desk = config.data?.service_desk_url;
  return (
    <Box sx={{ p: 2 }}>
      <Typography color="textSecondary">
        {t(email || desk ? "contacts.noManagersSupport" : "contacts.noManagers")}
      </Typography>
      {email && (
        <Typography variant="body2" component="p" sx={{ mt: 1 }}>
          {t("help.supportMail")}: <Link href={`mailto:${email}`}>{email}</Link>
        </Typography>
      )}
      {desk && (
        <Typography variant="body2" component="p" sx={{ mt: 0.5 }}>
          <Link href={desk} target="_blank" rel="noopener noreferrer">
            {t("help.serviceDesk")}
          </Link>
        </Typography>
      )}
    </Box>
  );
}

function ManagerItem({ row }: { row: CompanyManager }) {
  const { t } = useTranslation("signedIn");
  const { first_name, last_name, phone, email } = row;
  const name = `${first_name} ${last_name}`.trim();
  const missing = { color: "text.secondary", fontStyle: "italic" } as const;
  return (
    <ListItem divider sx={{ display: "block", py: 1 }}>
      <Typography variant="subtitle2" component="p" sx={name ? undefined : missing}>
        {name || t("contacts.noName")}
      </Typography>
      <Typography variant="body2" component="p" sx={phone ? undefined : missing}>
        {phone ? <Link href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</Link> : t("contacts.noPhone")}
      </Typography>
      <Typography variant="body2" component="p" sx={email ? undefined : missing}>
        {email ? <Link href={`mailto:${email}`}>{email}</Link> : t("contacts.noEmail")}
      </Typography>
    </ListItem>
  );
}
