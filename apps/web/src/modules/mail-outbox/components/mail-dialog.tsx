import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../../app/api-client";
import { useFieldLabels } from "../../../app/field-labels";
import type { MailOutboxRow } from "../pages/mail-outbox-page";

/**
 * One mail of the outbox: its address, state and subject, and its plain text or its HTML. The HTML is shown in a
 * sandboxed frame (no scripts, no same origin, links open nothing): a mail's markup never enters the page itself.
 */
export function MailDialog({ mail, onClose }: { mail: MailOutboxRow; onClose: () => void }) {
  const { t } = useTranslation("mailOutbox");
  const labels = useFieldLabels("mail_outbox");
  const [tab, setTab] = useState<"text" | "html">("html");
  const detail = useQuery({
    queryKey: ["mail-outbox", mail.id],
    queryFn: ({ signal }) =>
      apiFetch("GET /api/notifications/outbox/:id/", { params: { id: mail.id }, signal }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="mail-dialog-title">
      <DialogTitle id="mail-dialog-title" sx={{ pb: 0.5 }}>
        {mail.subject}
      </DialogTitle>
      <DialogContent sx={{ pb: 1 }}>
        <Typography variant="body2" color="textSecondary">
          {t("to")}: <strong>{mail.to_address}</strong> · {labels.choice("language", mail.language)} ·{" "}
          {labels.choice("state", mail.state)}
          {mail.error ? ` · ${mail.error}` : ""}
        </Typography>
        <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ minHeight: 36, mb: 1 }}>
          <Tab value="html" label={t("html")} sx={{ minHeight: 36 }} />
          <Tab value="text" label={t("text")} sx={{ minHeight: 36 }} />
        </Tabs>
        {!detail.data && <LinearProgress aria-label={t("loading")} />}
        {detail.data && tab === "text" && (
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: "action.hover",
              borderRadius: 1,
              whiteSpace: "pre-wrap",
              fontSize: 13,
            }}
          >
            {detail.data.text}
          </Box>
        )}
        {detail.data && tab === "html" && (
          <Box
            component="iframe"
            title={t("html")}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={detail.data.html}
            sx={{ width: "100%", height: "55vh", border: 1, borderColor: "divider", borderRadius: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t("close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
