import AddLinkIcon from "@mui/icons-material/AddLink";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { TrackingLink } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../../../app/api-client";
import { enqueueSnackbar } from "../../../../app/toasts";
import { formatDateTime } from "../../../../components/data-grid/format";
import { downloadPrint } from "../api";
import type { OrderRow } from "../order-values";
import { FormSection } from "./form-section";

const linksKey = (orderId: number) => ["orders", orderId, "tracking-links"];

/**
 * The order's public tracking links (docs/decisions.md "Public tracking links"): made here, listed with who made
 * each and when it was last opened, revoked at once. A new link's address is shown this once (only its hash is
 * kept), with a button that copies it.
 */
export function TrackingLinksSection({ order, canPrint }: { order: OrderRow; canPrint: boolean }) {
  const { t } = useTranslation("orderForm");
  const queryClient = useQueryClient();
  const links = useQuery({
    queryKey: linksKey(order.id),
    queryFn: ({ signal }) =>
      apiFetch("GET /tracking/api/freight_orders/:id/tracking-links/", { params: { id: order.id }, signal }),
  });
  const [made, setMade] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: linksKey(order.id) });

  const create = async () => {
    setIsBusy(true);
    try {
      const link = await apiFetch("POST /tracking/api/freight_orders/:id/tracking-links/", {
        params: { id: order.id },
        json: {},
      });
      setMade(link.url);
      await reload();
    } finally {
      setIsBusy(false);
    }
  };
  const revoke = async (link: TrackingLink) => {
    await apiFetch("DELETE /tracking/api/freight_orders/:id/tracking-links/:linkId/", {
      params: { id: order.id, linkId: link.id },
    });
    enqueueSnackbar(t("trackingLinks.revoked"), { variant: "success" });
    await reload();
  };
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    enqueueSnackbar(t("trackingLinks.copied"), { variant: "success" });
  };
  const stateOf = (link: TrackingLink) =>
    link.revoked_at
      ? t("trackingLinks.stateRevoked")
      : link.is_active
        ? t("trackingLinks.stateActive")
        : t("trackingLinks.stateExpired");

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <FormSection
        title={t("trackingLinks.title")}
        actions={
          <Button size="small" startIcon={<AddLinkIcon />} disabled={isBusy} onClick={() => void create()}>
            {t("trackingLinks.create")}
          </Button>
        }
      >
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1 }}>
          {t("trackingLinks.hint")}
        </Typography>
        {made && (
          <Alert severity="success" sx={{ mb: 1 }} onClose={() => setMade(null)}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t("trackingLinks.made")}
            </Typography>
            <TextField
              size="small"
              fullWidth
              value={made}
              autoFocus
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, "aria-label": t("trackingLinks.address") },
                input: {
                  endAdornment: (
                    <Tooltip title={t("trackingLinks.copy")}>
                      <IconButton
                        size="small"
                        aria-label={t("trackingLinks.copy")}
                        onClick={() => void copy(made)}
                      >
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ),
                },
              }}
            />
            {canPrint && (
              <Button
                size="small"
                startIcon={<QrCode2Icon />}
                sx={{ mt: 0.5 }}
                onClick={() => void downloadPrint(order.id, made.split("/").at(-1))}
              >
                {t("trackingLinks.print")}
              </Button>
            )}
          </Alert>
        )}
        {links.data && links.data.results.length === 0 && (
          <Typography color="textSecondary" variant="body2">
            {t("trackingLinks.none")}
          </Typography>
        )}
        {links.data && links.data.results.length > 0 && (
          <Table size="small" aria-label={t("trackingLinks.title")} sx={{ "& td, & th": { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t("trackingLinks.createdAt")}</TableCell>
                <TableCell>{t("trackingLinks.createdBy")}</TableCell>
                <TableCell>{t("trackingLinks.expiresAt")}</TableCell>
                <TableCell>{t("trackingLinks.lastOpenedAt")}</TableCell>
                <TableCell>{t("trackingLinks.state")}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {links.data.results.map((link) => (
                <TableRow key={link.id} data-testid="tracking-link">
                  <TableCell>{formatDateTime(link.created_at)}</TableCell>
                  <TableCell>
                    {link.created_by
                      ? `${link.created_by.last_name} ${link.created_by.first_name}`.trim()
                      : ""}
                  </TableCell>
                  <TableCell>{formatDateTime(link.expires_at)}</TableCell>
                  <TableCell>{link.last_opened_at ? formatDateTime(link.last_opened_at) : "—"}</TableCell>
                  <TableCell>{stateOf(link)}</TableCell>
                  <TableCell align="right" sx={{ width: 1, whiteSpace: "nowrap" }}>
                    {link.is_active && (
                      <Button
                        size="small"
                        color="warning"
                        startIcon={<LinkOffIcon />}
                        onClick={() => void revoke(link)}
                      >
                        {t("trackingLinks.revoke")}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </FormSection>
    </Paper>
  );
}
