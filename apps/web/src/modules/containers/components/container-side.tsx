import AttachFileIcon from "@mui/icons-material/AttachFile";
import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import VerifiedOutlinedIcon from "@mui/icons-material/VerifiedOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { TRACK_DATE_EVENTS, type TrackingEvent } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { DataGrid, type GridColumn } from "../../../components/data-grid";
import { orderDocuments } from "../../orders/form/api";
import { FormSection } from "../../orders/form/components/form-section";
import { downloadFile, packageContentQuery, trackingQuery } from "../api";

const NO_EVENTS: TrackingEvent[] = [];

/** The container's field whose value an event records: a track date, or its order's status. */
const FIELD_OF_EVENT: Record<string, string> = {
  order_status: "freight_order_status",
  ...Object.fromEntries(Object.entries(TRACK_DATE_EVENTS).map(([field, event]) => [event.code, field])),
};

/**
 * The name of an event's kind: an event that records a field's value (a track date) is named by that field's label,
 * as on the form; the customs system's events by the `events` texts.
 */
function useEventNames(): (code: string) => string {
  const { t } = useTranslation("containers");
  const labels = useFieldLabels("container");
  return (code) => {
    const field = FIELD_OF_EVENT[code];
    return field ? labels.inSection(field) : t(`events.${code}`);
  };
}

/**
 * The side column of a stored container's form (spec 02 §2): its tracking events, newest first (its order's status
 * changes with their signed documents, its track dates, its package's states), and its order's files to download,
 * those in the container's package marked.
 */
export default function ContainerSide({ orderId, containerId }: { orderId: number; containerId: number }) {
  return (
    <Stack spacing={1.5}>
      <TrackingEvents orderId={orderId} containerId={containerId} />
      <OrderFiles orderId={orderId} containerId={containerId} />
    </Stack>
  );
}

function TrackingEvents({ orderId, containerId }: { orderId: number; containerId: number }) {
  const { t } = useTranslation("containers");
  const eventName = useEventNames();
  const events = useQuery(trackingQuery(orderId, containerId));
  const columns = useMemo(
    (): GridColumn<TrackingEvent>[] => [
      { field: "date", header: t("tracking.date"), type: "date", size: 100, groupable: false },
      {
        field: "event_code",
        header: t("tracking.event"),
        size: 170,
        // An order's status change is named by the status; the other events by their code's name
        value: (event) =>
          event.event_code === "order_status" ? event.status_name : eventName(event.event_code),
        render: (event) => <EventName event={event} />,
      },
      {
        field: "document",
        header: t("tracking.document"),
        size: 84,
        sortable: false,
        filter: false,
        groupable: false,
        value: (event) => event.document?.filename ?? "",
        render: (event) => event.document && <DocumentLink document={event.document} />,
      },
    ],
    [t, eventName],
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <FormSection title={t("tracking.title")}>
        {events.isError ? (
          <Typography variant="body2" color="error">
            {t("tracking.failed")}
          </Typography>
        ) : (
          <DataGrid<TrackingEvent>
            gridId="container-tracking"
            rows={events.data ?? NO_EVENTS}
            getRowId={(event) => event.id}
            stateIn="memory"
            columns={columns}
            pageSize={10}
            pageSizeOptions={[10, 20, 50]}
            enableExport={false}
            maxHeight="460px"
          />
        )}
      </FormSection>
    </Paper>
  );
}

/**
 * The event's name, and under it what it says beside: a status's description, or the customs system's message as the
 * system wrote it (in Russian), marked as the system's.
 */
function EventName({ event }: { event: TrackingEvent }) {
  const { t } = useTranslation("containers");
  const eventName = useEventNames();
  const isStatus = event.event_code === "order_status";
  const name = isStatus ? event.status_name : eventName(event.event_code);
  let note = event.message;
  if (isStatus) note = event.status_desc !== event.status_name ? event.status_desc : "";
  else if (event.source === "customs" && note) note = t("tracking.customsSays", { text: note });
  return (
    <Box component="span" sx={{ whiteSpace: "normal" }}>
      {name}
      {event.classifier === "PLN" && ` (${t("tracking.planned")})`}
      {note && (
        <Typography
          component="span"
          variant="caption"
          color="textSecondary"
          // The grid's cells keep to one line; a description or message reads whole
          sx={{ display: "block", whiteSpace: "normal", lineHeight: 1.3 }}
        >
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** The signed order of a status change: a download button named by its file. */
function DocumentLink({ document }: { document: NonNullable<TrackingEvent["document"]> }) {
  return (
    <Tooltip title={document.filename}>
      <IconButton
        size="small"
        aria-label={document.filename}
        onClick={() => void downloadFile(document.url, document.filename)}
      >
        <VerifiedOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The order's files as download links; those in the container's package carry a mark. */
function OrderFiles({ orderId, containerId }: { orderId: number; containerId: number }) {
  const { t } = useTranslation("containers");
  const documents = useMemo(() => orderDocuments(orderId), [orderId]);
  const files = useQuery(documents.allQuery("-create_date"));
  const packaged = useQuery(packageContentQuery(orderId, containerId));
  const inPackage = new Set((packaged.data ?? []).map((file) => file.freight_order_file_id));
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <FormSection title={t("files.title")}>
        {files.data?.length === 0 && (
          <Typography variant="body2" color="textSecondary">
            {t("files.none")}
          </Typography>
        )}
        <List dense disablePadding>
          {files.data?.map((file) => (
            <ListItem key={file.id} disableGutters sx={{ gap: 1 }}>
              <ListItemIcon sx={{ minWidth: 28 }}>
                {inPackage.has(file.id) ? (
                  <AttachFileIcon fontSize="small" color="primary" />
                ) : (
                  <DescriptionOutlinedIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link
                    component="button"
                    type="button"
                    sx={{ textAlign: "left" }}
                    onClick={() => void documents.download(file)}
                  >
                    {file.filename}
                  </Link>
                }
                secondary={[file.document_title, file.document_number, file.document_date]
                  .filter(Boolean)
                  .join(" · ")}
              />
              {inPackage.has(file.id) && (
                <Chip size="small" variant="outlined" label={t("files.inPackage")} />
              )}
            </ListItem>
          ))}
        </List>
      </FormSection>
    </Paper>
  );
}
