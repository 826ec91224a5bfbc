import KeyOffOutlinedIcon from "@mui/icons-material/KeyOffOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { type ApiKey, type ApiKeyCreated, apiKeyFields } from "@portal/domain";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { queryClient } from "../../../app/query-client";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid, gridQueryKey, type RowRemoval } from "../../../components/data-grid";
import { fieldColumns, gridFields } from "../../../components/data-grid/field-columns";
import { API_KEYS, revokeApiKey } from "../api";

const GRID_ID = "api-keys";

// The dialogs (a form, the secret) load when a key is made: the page is the grid until then
const dialogs = () => import("../components/api-key-dialogs");
const ApiKeyCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.ApiKeyCreateDialog })));
const ApiKeySecretDialog = lazy(() => dialogs().then((m) => ({ default: m.ApiKeySecretDialog })));
// The company's webhooks, for the users who manage them: a chunk of their own, off the page's first load
const WebhooksSection = lazy(() =>
  import("../components/webhooks-section").then((m) => ({ default: m.WebhooksSection })),
);

/** Whether a key still works: neither revoked nor expired. */
const isLive = (key: ApiKey) => key.revoked_at === null && Date.parse(key.expires_at) > Date.now();

/**
 * /integrations (docs/integrations.md): the API keys the user sees (their own; managers also customers' users';
 * administrators all), newest first, each with its state, expiry and last use; a new key is made in a dialog that
 * shows its secret once; a live key is revoked from its row. Below, for the users who manage them, the company's
 * webhook endpoints and their deliveries (components/webhooks-section.tsx).
 */
export function IntegrationsPage() {
  const { t } = useTranslation("integrations");
  const user = useCurrentUser();
  const labels = useFieldLabels("api_key");
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  // The user's name column where the list holds others' keys too
  const seesOthers = user.is_manager || user.is_administrator;

  const columns = useMemo(
    () =>
      fieldColumns(
        apiKeyFields,
        gridFields<typeof apiKeyFields, ApiKey>(apiKeyFields, {
          // A key that no longer works says so beside its name (its dates say when)
          name: {
            size: 200,
            render: (row) => (
              <Box
                component="span"
                sx={{ display: "inline-flex", alignItems: "center", gap: 1, minWidth: 0 }}
              >
                <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
                  {row.name}
                </Box>
                {!isLive(row) && (
                  <Chip
                    size="small"
                    color={row.revoked_at ? "error" : "warning"}
                    variant="outlined"
                    label={row.revoked_at ? t("revoked") : t("expired")}
                  />
                )}
              </Box>
            ),
          },
          prefix: {
            size: 200,
            render: (row) => (
              <Box component="span" sx={{ fontFamily: "monospace" }}>
                {row.prefix}…
              </Box>
            ),
          },
          read_only: {
            size: 140,
            render: (row) => (
              <Chip
                size="small"
                variant="outlined"
                color={row.read_only ? "default" : "primary"}
                label={row.read_only ? labels.label("read_only") : t("readWrite")}
              />
            ),
          },
          username: { size: 120, hidden: !seesOthers },
          created_at: { size: 150 },
          expires_at: { size: 150 },
          last_used_at: { size: 150 },
          last_used_address: { size: 130 },
          revoked_at: { size: 150, hidden: true },
        }).map((column) => ({ editable: false, ...column })),
        (field) => labels.label(field),
      ),
    [labels, t, seesOthers],
  );

  const removal: RowRemoval = {
    action: t("revoke.action"),
    icon: <KeyOffOutlinedIcon fontSize="small" />,
    question: (name) => t("revoke.question", { name }),
    confirm: t("revoke.confirm"),
    done: t("revoke.done"),
  };

  return (
    <Box>
      <Typography variant="h6" component="h1">
        {t("title")}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t("hint")}{" "}
        <Link href="/api/docs" target="_blank" rel="noopener">
          {t("docs")}
        </Link>
      </Typography>
      <DataGrid<ApiKey>
        gridId={GRID_ID}
        resource={API_KEYS}
        stateIn="memory"
        columns={columns}
        defaultSorting={[{ id: "id", desc: true }]}
        pageSize={20}
        rowLabel={(row) => `${row.name} (${row.prefix}…)`}
        onAdd={() => setCreating(true)}
        addLabel={t("create.title")}
        onDelete={revokeApiKey}
        canDelete={isLive}
        removal={removal}
        exportFileName="api-keys"
      />
      <Suspense fallback={null}>
        {isCreating && (
          <ApiKeyCreateDialog
            onClose={() => setCreating(false)}
            onCreated={(key) => {
              setCreating(false);
              setCreated(key);
              void queryClient.invalidateQueries({ queryKey: gridQueryKey(GRID_ID) });
            }}
          />
        )}
        {created && <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />}
      </Suspense>
      {user.can_manage_webhooks && (
        <Suspense fallback={null}>
          <WebhooksSection />
        </Suspense>
      )}
    </Box>
  );
}
