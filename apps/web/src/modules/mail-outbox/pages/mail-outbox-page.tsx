import DraftsOutlinedIcon from "@mui/icons-material/DraftsOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { type MailState, mailOutboxFields, type RowOf } from "@portal/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { DataGrid } from "../../../components/data-grid";
import { fieldColumns, gridFields } from "../../../components/data-grid/field-columns";
import { MailDialog } from "../components/mail-dialog";

export type MailOutboxRow = RowOf<typeof mailOutboxFields>;

/** How each state's chip is coloured. */
const STATE_COLORS: Record<MailState, "default" | "info" | "success" | "warning" | "error"> = {
  sending: "info",
  sent: "success",
  kept: "default",
  refused: "error",
  retrying: "warning",
  failed: "error",
};

/** /mail-outbox: every mail, newest first, filtered by address, state…; a mail opens with its text and HTML. */
export function MailOutboxPage() {
  const { t } = useTranslation("mailOutbox");
  const labels = useFieldLabels("mail_outbox");
  const [open, setOpen] = useState<MailOutboxRow | null>(null);

  const columns = useMemo(
    () =>
      fieldColumns(
        mailOutboxFields,
        gridFields<typeof mailOutboxFields, MailOutboxRow>(mailOutboxFields, {
          created_at: { size: 170 },
          to_address: { size: 240 },
          language: { size: 120, render: (row) => labels.choice("language", row.language) },
          subject: { size: 420 },
          state: {
            size: 220,
            render: (row) => (
              <Chip
                size="small"
                color={STATE_COLORS[row.state]}
                variant={row.state === "kept" ? "outlined" : "filled"}
                label={labels.choice("state", row.state)}
              />
            ),
          },
        }).map((column) => ({ editable: false, ...column })),
        (field) => labels.label(field),
      ),
    [labels],
  );

  return (
    <Box>
      <Typography variant="h6" component="h1">
        {t("title")}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t("hint")}
      </Typography>
      <DataGrid<MailOutboxRow>
        gridId="mail-outbox"
        resource="/api/notifications/outbox/"
        columns={columns}
        defaultSorting={[{ id: "id", desc: true }]}
        rowLabel={(row) => `${row.to_address}: ${row.subject}`}
        rowActionsWidth={84}
        rowActions={(row) => [
          {
            id: "open",
            label: t("open"),
            icon: <DraftsOutlinedIcon fontSize="small" />,
            onClick: () => setOpen(row),
          },
        ]}
        onRowDoubleClick={setOpen}
        exportFileName={t("exportFileName")}
      />
      {open && <MailDialog mail={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
