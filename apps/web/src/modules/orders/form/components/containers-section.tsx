import Inventory2OutlinedIcon from "@mui/icons-material/Inventory2Outlined";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import UndoIcon from "@mui/icons-material/Undo";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  CONTAINER_NUMBER_MAX,
  containerPolicy,
  isValidContainerNumber,
  normalizeContainerNumber,
  type OrderContainer,
  orderContainerFields,
  PKG_STATES,
} from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { apiFetch } from "../../../../app/api-client";
import { useFieldLabels } from "../../../../app/field-labels";
import { formErrorsOf } from "../../../../app/form-errors";
import { enqueueSnackbar } from "../../../../app/toasts";
import { useCurrentUser } from "../../../../app/use-session";
import { DataGrid, type GridEditorProps, gridQueryKey } from "../../../../components/data-grid";
import { fieldColumns } from "../../../../components/data-grid/field-columns";
import { numberElsewhereQuery } from "../../../containers/api";
import { ContainerNumber } from "../../../containers/components/container-number";
import type { StatusRow } from "../../api";
import { containerTypes, orderDocuments, orderPath } from "../api";
import type { OrderRow } from "../order-values";
import { FormSection } from "./form-section";

const BulkContainersDialog = lazy(() =>
  import("./bulk-containers-dialog").then((m) => ({ default: m.BulkContainersDialog })),
);

const GRID_ID = "order-containers";

/** A container number typed as written on it; one that fails ISO 6346 is flagged, never refused (spec 01 §5). */
function NumberEditor({ value, setValue, error }: GridEditorProps<OrderContainer>) {
  const { t } = useTranslation("orderForm");
  const labels = useFieldLabels("container");
  const text = typeof value === "string" ? value : "";
  const normalized = normalizeContainerNumber(text);
  const isFlagged = normalized !== "" && !isValidContainerNumber(normalized);
  return (
    <TextField
      size="small"
      variant="standard"
      fullWidth
      autoFocus
      value={text}
      onChange={(event) => setValue(event.target.value.toUpperCase())}
      error={Boolean(error)}
      color={isFlagged ? "warning" : undefined}
      focused={isFlagged || undefined}
      helperText={error ?? (isFlagged ? t("containers.invalidNumber") : undefined)}
      slotProps={{
        htmlInput: { maxLength: CONTAINER_NUMBER_MAX, "aria-label": labels.label("container") },
      }}
    />
  );
}

/**
 * The order's containers (spec 01 §2, edit mode; 15 a page): added while the order's container count allows, each
 * number checked by ISO 6346; a container's package of the order's documents made (Create package) or withdrawn
 * (Withdraw package, after a question); a double-click opens the container.
 */
export function ContainersSection({ order, current }: { order: OrderRow; current: StatusRow }) {
  const { t } = useTranslation("orderForm");
  const labels = useFieldLabels("container");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = containerPolicy.canEdit(user, current);
  const path = `${orderPath(order.id)}containers/`;
  const total = useQuery({
    // Under the grid's key and its address: refreshed with the grid, and when the live stream tells of containers
    queryKey: [...gridQueryKey(GRID_ID), path, "total"],
    queryFn: ({ signal }) =>
      apiFetch("GET /tracking/api/freight_orders/:id/containers/", {
        params: { id: order.id },
        query: { take: "1" },
        signal,
      }).then((page) => page.count),
  });
  const types = useQuery(containerTypes.allQuery("code"));
  const [packaging, setPackaging] = useState<OrderContainer | null>(null);
  const [withdrawing, setWithdrawing] = useState<OrderContainer | null>(null);
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: gridQueryKey(GRID_ID) });
  /** Staff are told when a container they add is on another active order too (`numberElsewhereQuery`). */
  const warnNumberElsewhere = async (number: string) => {
    const orders = await queryClient.fetchQuery(numberElsewhereQuery(number, order.id));
    if (!orders) return;
    enqueueSnackbar(`${number}: ${t("containerNumber.elsewhere", { ns: "signedIn", orders })}`, {
      variant: "warning",
    });
  };
  const canAdd = canEdit && total.data !== undefined && total.data < order.container_count;

  const columns = useMemo(
    () =>
      fieldColumns<typeof orderContainerFields, OrderContainer>(
        orderContainerFields,
        [
          { field: "id", hidden: true, size: 80 },
          {
            field: "container",
            size: 160,
            render: (row) => <ContainerNumber row={row} />,
            edit: { render: NumberEditor, maxLength: CONTAINER_NUMBER_MAX },
          },
          { field: "is_number_valid", hidden: true, size: 100 },
          {
            field: "container_type",
            size: 120,
            options: (types.data ?? []).map((type) => ({ value: type.id, label: type.code })),
          },
          { field: "pkg_pid", size: 100 },
          {
            field: "pkg_state",
            size: 130,
            options: PKG_STATES.map((state) => ({ value: state, label: labels.choice("pkg_state", state) })),
          },
          {
            field: "package_content",
            size: 200,
            sortable: false,
            filter: false,
            groupable: false,
            // A row being added has no package yet
            value: (row) => (row.package_content ?? []).map((file) => file.filename).join(", "),
          },
          { field: "pkg_message", size: 200, hidden: true },
          { field: "port_freight_forwarding_status", size: 170 },
          { field: "port_freight_forwarding_status_date", size: 130 },
          { field: "transit_decl_status", size: 170 },
          { field: "transit_decl_status_date", size: 130 },
        ],
        // The package's documents are this grid's own column; the container's fields are labelled as everywhere
        (field) => (field === "package_content" ? t("containers.packageContent") : labels.label(field)),
      ),
    [t, labels, types.data],
  );

  const needOne = (rows: OrderContainer[]): OrderContainer | null => {
    const [row] = rows;
    if (!row) enqueueSnackbar(t("containers.selectContainer"), { variant: "warning" });
    return row ?? null;
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
      <FormSection title={t("sections.containers")}>
        {canEdit && total.data !== undefined && !canAdd && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
            {t("containers.countReached", { count: order.container_count })}
          </Typography>
        )}
        <DataGrid<OrderContainer>
          gridId={GRID_ID}
          resource={path}
          stateIn="memory"
          columns={columns}
          pageSize={15}
          pageSizeOptions={[10, 15, 20, 50]}
          selection="single"
          onCreate={
            canAdd
              ? async (values) => {
                  const created = await apiFetch("POST /tracking/api/containers/", {
                    json: { ...values, freight_order: order.id },
                    silent: true,
                  });
                  await reload();
                  if (user.is_manager) await warnNumberElsewhere(created.container);
                }
              : undefined
          }
          addLabel={t("containers.add")}
          onRowDoubleClick={(row) => navigate(`/containers/${row.id}`)}
          toolbarActions={
            canEdit
              ? ({ selectedRows }) => (
                  <>
                    {canAdd && (
                      <Button
                        size="small"
                        startIcon={<PlaylistAddIcon />}
                        onClick={() => setIsBulkOpen(true)}
                      >
                        {t("bulkContainers.open")}
                      </Button>
                    )}
                    <Button
                      size="small"
                      startIcon={<Inventory2OutlinedIcon />}
                      onClick={() => setPackaging(needOne(selectedRows))}
                    >
                      {t("containers.createPackage")}
                    </Button>
                    <Button
                      size="small"
                      startIcon={<UndoIcon />}
                      onClick={() => {
                        const row = needOne(selectedRows);
                        if (row && row.pkg_pid === null)
                          enqueueSnackbar(t("containers.noPackage"), { variant: "warning" });
                        else setWithdrawing(row);
                      }}
                    >
                      {t("containers.withdrawPackage")}
                    </Button>
                  </>
                )
              : undefined
          }
          exportFileName={t("containers.exportFileName", { id: order.id })}
          maxHeight="520px"
        />
      </FormSection>
      {packaging && (
        <PackageDialog
          order={order}
          container={packaging}
          onClose={() => setPackaging(null)}
          onSaved={() => {
            setPackaging(null);
            void reload();
          }}
        />
      )}
      {isBulkOpen && (
        <Suspense fallback={null}>
          <BulkContainersDialog
            orderId={order.id}
            onClose={() => setIsBulkOpen(false)}
            onAdded={() => {
              setIsBulkOpen(false);
              void reload();
              void total.refetch();
            }}
          />
        </Suspense>
      )}
      <WithdrawDialog
        orderId={order.id}
        container={withdrawing}
        onClose={() => setWithdrawing(null)}
        onDone={() => {
          setWithdrawing(null);
          void reload();
        }}
      />
    </Paper>
  );
}

/** The package-content picker: which of the order's documents the container's package holds. */
function PackageDialog(props: {
  order: OrderRow;
  container: OrderContainer;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation("orderForm");
  const documents = orderDocuments(props.order.id);
  const files = useQuery(documents.allQuery("-create_date"));
  const [chosen, setChosen] = useState<number[]>(() =>
    props.container.package_content.map((file) => file.id),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));
  const save = async () => {
    setIsSaving(true);
    setProblem(null);
    try {
      await apiFetch("PATCH /tracking/api/freight_orders/:id/containers/", {
        params: { id: props.order.id },
        json: { container: props.container.id, package_content: chosen, version: props.container.version },
        silent: true,
      });
      enqueueSnackbar(t("containers.packageSaved"), { variant: "success" });
      props.onSaved();
    } catch (error) {
      setProblem(formErrorsOf(error, [])?.detail ?? t("containers.packageFailed"));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t("containers.packageTitle", { container: props.container.container })}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {problem}
          </Alert>
        )}
        {files.isPending && <LinearProgress />}
        {files.data?.length === 0 && (
          <Typography color="textSecondary">{t("containers.noDocuments")}</Typography>
        )}
        <List dense>
          {files.data?.map((file) => (
            <ListItemButton key={file.id} onClick={() => toggle(file.id)}>
              <Checkbox
                edge="start"
                size="small"
                tabIndex={-1}
                checked={chosen.includes(file.id)}
                slotProps={{ input: { "aria-label": file.filename } }}
              />
              <ListItemText
                primary={file.filename}
                secondary={[file.document_number, file.document_date, file.document_title]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t("cancel")}</Button>
        <Button variant="contained" disabled={isSaving || chosen.length === 0} onClick={() => void save()}>
          {t("containers.savePackage")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Are you sure to withdraw the package?", then the withdrawal. */
function WithdrawDialog(props: {
  orderId: number;
  container: OrderContainer | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation("orderForm");
  const [isSending, setIsSending] = useState(false);
  const { container } = props;
  const withdraw = async () => {
    if (!container) return;
    setIsSending(true);
    try {
      await apiFetch("PATCH /tracking/api/freight_orders/:id/containers/", {
        params: { id: props.orderId },
        json: { container: container.id, withdraw: true, version: container.version },
      });
      enqueueSnackbar(t("containers.withdrawn"), { variant: "success" });
      props.onDone();
    } catch {
      // The global toast has said why
      props.onClose();
    } finally {
      setIsSending(false);
    }
  };
  return (
    <Dialog open={container !== null} onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t("containers.withdrawPackage")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("containers.withdrawConfirm")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t("cancel")}</Button>
        <Button variant="contained" color="warning" disabled={isSending} onClick={() => void withdraw()}>
          {t("containers.withdraw")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
