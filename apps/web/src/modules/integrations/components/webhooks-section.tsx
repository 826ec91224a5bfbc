import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import KeyOutlinedIcon from "@mui/icons-material/KeyOutlined";
import PauseCircleOutlineIcon from "@mui/icons-material/PauseCircleOutlined";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import ReplayIcon from "@mui/icons-material/Replay";
import SendOutlinedIcon from "@mui/icons-material/SendOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type WebhookDelivery, type WebhookEndpoint, webhookDeliveryFields } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../app/errors";
import { useFieldLabels } from "../../../app/field-labels";
import { queryClient } from "../../../app/query-client";
import { DataGrid } from "../../../components/data-grid";
import { fieldColumns, gridFields } from "../../../components/data-grid/field-columns";
import {
  changeWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  replayFailedWebhooks,
  replayWebhookDelivery,
  testWebhookEndpoint,
  WEBHOOK_DELIVERIES,
  WEBHOOK_ENDPOINTS,
} from "../webhooks-api";
import { WebhookEndpointDialog, WebhookSecretDialog } from "./webhook-dialogs";

const ENDPOINTS_KEY = ["resource", WEBHOOK_ENDPOINTS];
const DAY_MS = 86_400_000;

/**
 * The company's webhook endpoints (docs/integrations.md): each with its state and actions (edit, pause or enable,
 * the secret, a test, delete), and the chosen endpoint's deliveries in the grid, live as they are logged, each
 * replayed on request. Loaded with the page only for users who manage them.
 */
export function WebhooksSection() {
  const { t } = useTranslation("webhooks");
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: listWebhookEndpoints });
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [revealing, setRevealing] = useState<WebhookEndpoint | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const rows = endpoints.data?.results ?? [];
  const shown = rows.find((row) => row.id === chosen) ?? rows[0] ?? null;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
  const done = (message: string) => showToast({ message, duration: 3000, variant: "success" });

  const act = async (work: () => Promise<unknown>, message: string) => {
    await work();
    refresh();
    done(message);
  };

  return (
    <Box component="section" aria-labelledby="webhooks-title" sx={{ mt: 4 }}>
      <Stack
        direction="row"
        sx={{ alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}
      >
        <Typography variant="h6" component="h2" id="webhooks-title">
          {t("title")}
        </Typography>
        <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={() => setEditing("new")}>
          {t("create.title")}
        </Button>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t("hint")}
      </Typography>
      {rows.length === 0 && !endpoints.isPending && (
        <Typography variant="body2" sx={{ my: 2 }}>
          {t("none")}
        </Typography>
      )}
      <Stack spacing={1} sx={{ mb: 2 }}>
        {rows.map((row) => (
          <Paper
            key={row.id}
            variant="outlined"
            data-testid="webhook-endpoint"
            sx={{
              p: 1,
              display: "flex",
              alignItems: "center",
              gap: 1,
              flexWrap: "wrap",
              borderColor: row.id === shown?.id ? "primary.main" : undefined,
            }}
          >
            <Box sx={{ flex: "1 1 240px", minWidth: 0, cursor: "pointer" }} onClick={() => setChosen(row.id)}>
              <Typography variant="body2" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
                {row.url}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {[row.description, t("kindsCount", { count: row.kinds.length })].filter(Boolean).join(" · ")}
              </Typography>
            </Box>
            <Chip
              size="small"
              variant="outlined"
              color={row.enabled ? "success" : row.disabled_reason ? "error" : "default"}
              label={
                row.enabled
                  ? t("state.enabled")
                  : row.disabled_reason
                    ? t(`state.${row.disabled_reason}`)
                    : t("state.paused")
              }
            />
            <Box sx={{ display: "flex" }}>
              <Tooltip title={t("edit.title")}>
                <IconButton size="small" aria-label={t("edit.title")} onClick={() => setEditing(row)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={row.enabled ? t("pause") : t("enable")}>
                <IconButton
                  size="small"
                  aria-label={row.enabled ? t("pause") : t("enable")}
                  onClick={() =>
                    act(
                      () => changeWebhookEndpoint(row.id, { enabled: !row.enabled }),
                      row.enabled ? t("paused") : t("enabledDone"),
                    )
                  }
                >
                  {row.enabled ? (
                    <PauseCircleOutlineIcon fontSize="small" />
                  ) : (
                    <PlayCircleOutlineIcon fontSize="small" />
                  )}
                </IconButton>
              </Tooltip>
              <Tooltip title={t("secret.title")}>
                <IconButton size="small" aria-label={t("secret.title")} onClick={() => setRevealing(row)}>
                  <KeyOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t("test")}>
                <IconButton
                  size="small"
                  aria-label={t("test")}
                  onClick={() => {
                    setChosen(row.id);
                    void act(() => testWebhookEndpoint(row.id), t("testSent"));
                  }}
                >
                  <SendOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t("delete")}>
                <IconButton
                  size="small"
                  aria-label={t("delete")}
                  onClick={() => {
                    if (window.confirm(t("deleteQuestion", { url: row.url }))) {
                      void act(() => deleteWebhookEndpoint(row.id), t("deleted"));
                    }
                  }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          </Paper>
        ))}
      </Stack>
      {shown && <Deliveries endpoint={shown} onReplayed={done} />}
      {editing && (
        <WebhookEndpointDialog
          endpoint={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setChosen(saved.id);
            refresh();
          }}
        />
      )}
      {revealing && <WebhookSecretDialog endpoint={revealing} onClose={() => setRevealing(null)} />}
    </Box>
  );
}

/** An endpoint's delivery log, newest first, live; a row is replayed, or every failure of the last day. */
function Deliveries(props: { endpoint: WebhookEndpoint; onReplayed(message: string): void }) {
  const { t } = useTranslation("webhooks");
  const labels = useFieldLabels("webhook_delivery");
  const columns = useMemo(
    () =>
      fieldColumns(
        webhookDeliveryFields,
        gridFields<typeof webhookDeliveryFields, WebhookDelivery>(webhookDeliveryFields, {
          created_at: { size: 160 },
          // The event by its name (a test's too), its code kept for a kind this page does not know
          kind: { size: 220, render: (row) => t(`kinds.${row.kind}`, { defaultValue: row.kind }) },
          attempt: { size: 90 },
          status: { size: 90 },
          succeeded: { size: 110 },
          duration_ms: { size: 100 },
          error: { size: 200 },
          response: { size: 200 },
          message_id: { size: 160, hidden: true },
        }).map((column) => ({ editable: false, ...column })),
        (field) => labels.label(field),
      ),
    [labels, t],
  );
  const { id } = props.endpoint;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ overflowWrap: "anywhere" }}>
        {t("deliveries", { url: props.endpoint.url })}
      </Typography>
      <DataGrid<WebhookDelivery>
        key={id}
        gridId={`webhook-deliveries-${id}`}
        resource={WEBHOOK_DELIVERIES}
        stateIn="memory"
        columns={columns}
        fixedFilter={{ kind: "cond", field: "endpoint_id", op: "exact", value: String(id) }}
        defaultSorting={[{ id: "id", desc: true }]}
        pageSize={10}
        rowLabel={(row) => row.message_id}
        rowActions={(row) => [
          {
            id: "replay",
            label: t("replay"),
            icon: <ReplayIcon fontSize="small" />,
            onClick: () => void replayWebhookDelivery(row.id).then(() => props.onReplayed(t("replayed"))),
          },
        ]}
        toolbarActions={
          <Button
            size="small"
            startIcon={<ReplayIcon />}
            onClick={() =>
              void replayFailedWebhooks(id, new Date(Date.now() - DAY_MS)).then((answer) =>
                props.onReplayed(t("replayedFailed", { count: answer.queued })),
              )
            }
          >
            {t("replayFailed")}
          </Button>
        }
        exportFileName="webhook-deliveries"
      />
    </Box>
  );
}
