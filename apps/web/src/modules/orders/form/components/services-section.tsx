import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormHelperText from "@mui/material/FormHelperText";
import Grid from "@mui/material/Grid";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { describedIn } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../../app/field-labels";
import { useFieldState } from "../../../../components/form/field-state";
import { MultiSelectFieldControl, SelectFieldControl } from "../../../../components/form/fields";
import {
  type KindRow,
  offeredServicesQuery,
  type ServiceRow,
  services,
  shipmentKinds,
  transportKinds,
} from "../api";
import { matchServices } from "../order-values";
import { FormSection, type SectionProps } from "./form-section";

/**
 * The shipment kind, the transport kinds, and the ordered services: added in a popup that offers the services of
 * the chosen kinds; a change of the kinds drops the ordered services no longer offered, and says which.
 */
export function ServicesSection(props: SectionProps) {
  const { t, i18n } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order");
  const { form, readOnly } = props;
  const language = i18n.language;
  const [kinds, shipmentKind, ordered] = useWatch({
    control: form.control,
    name: ["transport_kinds", "shipment_kind", "ordered_services"],
  });
  const transport = useQuery(transportKinds.allQuery("description"));
  const shipment = useQuery(shipmentKinds.allQuery("description"));
  const everyService = useQuery(services.allQuery("description"));
  const offered = useQuery(offeredServicesQuery(kinds, shipmentKind));
  const servicesField = useFieldState({ control: form.control, name: "ordered_services", label: "" });
  const [isAdding, setIsAdding] = useState(false);
  const [dropped, setDropped] = useState<string[]>([]);
  const [isCheckDue, setIsCheckDue] = useState(false);

  // The user changed the kinds: once the services offered for them are known, drop the others
  useEffect(() => {
    const subscription = form.watch((_, { name, type }) => {
      if (type === "change" && (name === "transport_kinds" || name === "shipment_kind")) setIsCheckDue(true);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  useEffect(() => {
    if (!isCheckDue || !offered.data || offered.isFetching) return;
    setIsCheckDue(false);
    const match = matchServices(
      form.getValues("ordered_services"),
      offered.data.map((service) => service.id),
    );
    if (match.dropped.length === 0) return;
    form.setValue("ordered_services", match.kept, { shouldDirty: true });
    const byId = new Map(everyService.data?.map((service) => [service.id, service]));
    setDropped(
      match.dropped.map((id) =>
        byId.get(id) ? describedIn(byId.get(id) as ServiceRow, language) : `#${id}`,
      ),
    );
  }, [isCheckDue, offered.data, offered.isFetching, form, everyService.data, language]);

  const kindOptions = (rows: KindRow[] | undefined) =>
    (rows ?? []).map((row) => ({ value: row.id, label: describedIn(row, language) }));
  const byId = new Map(everyService.data?.map((service) => [service.id, service]));
  const transportNames = new Map(transport.data?.map((row) => [row.id, describedIn(row, language)]));
  const remove = (id: number) =>
    form.setValue(
      "ordered_services",
      ordered.filter((item) => item !== id),
      { shouldDirty: true },
    );

  return (
    <FormSection title={labels.section("services")}>
      <Grid container spacing={1.5}>
        <Grid size={{ xs: 12, sm: 4, md: 3 }}>
          <SelectFieldControl
            control={form.control}
            name="shipment_kind"
            label={labels.inSection("shipment_kind")}
            readOnly={readOnly}
            nullable
            options={kindOptions(shipment.data)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8, md: 9 }}>
          <MultiSelectFieldControl
            control={form.control}
            name="transport_kinds"
            label={labels.inSection("transport_kinds")}
            readOnly={readOnly}
            options={kindOptions(transport.data)}
          />
        </Grid>
        <Grid size={12}>
          {dropped.length > 0 && (
            <Alert severity="info" role="status" sx={{ mb: 1 }} onClose={() => setDropped([])}>
              {t("services.dropped", { names: dropped.join("; ") })}
            </Alert>
          )}
          <Table size="small" aria-label={labels.inSection("ordered_services")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("services.service")}</TableCell>
                <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                  {labels.inSection("transport_kinds")}
                </TableCell>
                <TableCell align="right" sx={{ width: 48 }}>
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    disabled={readOnly}
                    onClick={() => setIsAdding(true)}
                    sx={{ whiteSpace: "nowrap" }}
                  >
                    {t("services.add")}
                  </Button>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ordered.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography variant="body2" color="textSecondary">
                      {t("services.none")}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {ordered.map((id) => {
                const service = byId.get(id);
                return (
                  <TableRow key={id}>
                    <TableCell>{service ? describedIn(service, language) : `#${id}`}</TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                      {service?.transport_kind.map((kind) => transportNames.get(kind) ?? kind).join(", ")}
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title={t("services.remove")}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t("services.remove")}
                            disabled={readOnly}
                            onClick={() => remove(id)}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {servicesField.message && (
            <FormHelperText error role="alert">
              {servicesField.message}
            </FormHelperText>
          )}
        </Grid>
      </Grid>
      <Dialog open={isAdding} onClose={() => setIsAdding(false)} maxWidth="sm" fullWidth>
        {isAdding && (
          <AddServices
            offered={(offered.data ?? []).filter((service) => !ordered.includes(service.id))}
            isLoading={offered.isPending}
            isFiltered={kinds.length > 0 || shipmentKind !== null}
            onAdd={(ids) => {
              form.setValue("ordered_services", [...ordered, ...ids], { shouldDirty: true });
              setIsAdding(false);
            }}
            onClose={() => setIsAdding(false)}
          />
        )}
      </Dialog>
    </FormSection>
  );
}

/** The Add service popup: the services offered for the order's kinds, searched by name, several chosen at once. */
function AddServices(props: {
  offered: ServiceRow[];
  isLoading: boolean;
  isFiltered: boolean;
  onAdd(ids: number[]): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation("orderForm");
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<number[]>([]);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = props.offered.filter((service) => {
    const name = describedIn(service, i18n.language).toLowerCase();
    return words.every((word) => name.includes(word));
  });
  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));
  return (
    <>
      <DialogTitle>{t("services.addTitle")}</DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="textSecondary">
          {t(props.isFiltered ? "services.filtered" : "services.unfiltered")}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          size="small"
          margin="dense"
          label={t("services.search")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {props.isLoading && <LinearProgress />}
        {!props.isLoading && shown.length === 0 && (
          <Typography color="textSecondary" sx={{ py: 2 }}>
            {t("services.noneOffered")}
          </Typography>
        )}
        <List dense sx={{ maxHeight: 360, overflow: "auto" }}>
          {shown.map((service) => (
            <ListItemButton key={service.id} onClick={() => toggle(service.id)} dense>
              <Checkbox
                edge="start"
                size="small"
                checked={chosen.includes(service.id)}
                tabIndex={-1}
                slotProps={{ input: { "aria-label": describedIn(service, i18n.language) } }}
              />
              <ListItemText primary={describedIn(service, i18n.language)} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t("cancel")}</Button>
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => props.onAdd(chosen)}>
          {t("services.addChosen", { count: chosen.length })}
        </Button>
      </DialogActions>
    </>
  );
}
