import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import {
  CONTAINER_NUMBER_MAX,
  CONTAINER_STATUSES,
  describedIn,
  isValidContainerNumber,
  normalizeContainerNumber,
} from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { type Control, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useCurrentUser } from "../../../app/use-session";
import { SelectFieldControl } from "../../../components/form/fields";
import { LookupFieldControl, listSource } from "../../../components/form/lookup-field";
import type { EditorArgs } from "../../../components/form/section-fields";
import { TextFieldControl } from "../../../components/form/text-fields";
import { type OrderRow, orders } from "../../orders/api";
import { containerTypes } from "../../orders/form/api";
import { numberElsewhereQuery } from "../api";
import { type ContainerFormValues, orderLookupLabel } from "../container-values";

// The container form's editors of the fields whose kind cannot say how they are chosen: the order, the number with
// its ISO 6346 check, the container type and the container's own status.

/** The length of an ISO 6346 number: the warning of a number elsewhere waits until one is typed whole. */
const CONTAINER_NUMBER_LENGTH = 11;

/**
 * The orders a container may be added to, for the new container's order lookup, newest first: every order for a
 * manager, else the orders in a status that lets their clients edit containers (`statusIds`).
 */
const orderChoices = (statusIds: readonly number[] | null) =>
  listSource<OrderRow>(
    orders.path,
    "-id",
    statusIds ? { filters: `status__in=${statusIds.length ? statusIds.join(",") : "0"}` } : {},
  );

type FormControl = Control<ContainerFormValues, unknown, ContainerFormValues>;

/**
 * The container's order. A stored container's is fixed (shown as `N{id} company (consignor-consignee)`, with a link
 * to the order); a new container's is chosen among the orders the user may add containers to.
 */
export function OrderEditor(
  props: EditorArgs & {
    control: FormControl;
    /** The stored container's order, by its own fields; null for a new container. */
    stored: { id: number; company_name: string } | null;
    /** The statuses whose orders a non-manager may add containers to; null: any order (managers). */
    statusIds: readonly number[] | null;
    initial: OrderRow | null;
  },
) {
  const { t } = useTranslation("containers");
  if (props.stored) return <StoredOrder label={props.label} stored={props.stored} />;
  return (
    <LookupFieldControl<ContainerFormValues, OrderRow>
      control={props.control}
      name="freight_order"
      label={props.label}
      required
      readOnly={props.readOnly}
      fetchPage={orderChoices(props.statusIds)}
      getValue={(order) => order.id}
      getLabel={(order) => orderLookupLabel(order, t("form.noCompany"))}
      getDescription={(order) => order.status_name}
      initial={props.initial}
      autoFocus={!props.initial}
    />
  );
}

/**
 * A stored container's order, fixed: named `N{id} company (consignor-consignee)` once the order is read (the
 * container's row names its company alone), with a link to the order.
 */
function StoredOrder({ label, stored }: { label: string; stored: { id: number; company_name: string } }) {
  const { t } = useTranslation("containers");
  const order = useQuery(orders.oneQuery(stored.id, { silent: true }));
  const text = order.data
    ? orderLookupLabel(order.data, t("form.noCompany"))
    : `N${stored.id} ${stored.company_name || t("form.noCompany")}`;
  return (
    <TextField
      id="field-freight_order"
      size="small"
      fullWidth
      label={label}
      value={text}
      slotProps={{
        // The parties make the name long: the whole of it on hover
        htmlInput: { readOnly: true, title: text },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t("form.openOrder", { id: stored.id })}>
                <IconButton
                  component={RouterLink}
                  to={`/freight-orders/${stored.id}`}
                  size="small"
                  edge="end"
                  aria-label={t("form.openOrder", { id: stored.id })}
                >
                  <OpenInNewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * The number as written on the container, in capitals; one failing ISO 6346 is flagged, never refused. Staff are
 * told when the number is on another active order too (`numberElsewhereQuery`).
 */
export function NumberEditor(props: EditorArgs & { control: FormControl }) {
  const { t } = useTranslation("signedIn");
  const user = useCurrentUser();
  const [value, order] = useWatch({ control: props.control, name: ["container", "freight_order"] });
  const normalized = normalizeContainerNumber(typeof value === "string" ? value : "");
  const isFlagged = normalized !== "" && !isValidContainerNumber(normalized);
  const elsewhere = useQuery({
    ...numberElsewhereQuery(normalized, typeof order === "number" ? order : null),
    enabled: user.is_manager && !props.readOnly && normalized.length >= CONTAINER_NUMBER_LENGTH,
  });
  const hints = [
    isFlagged ? t("containerNumber.invalid") : null,
    elsewhere.data ? t("containerNumber.elsewhere", { orders: elsewhere.data }) : null,
  ].filter(Boolean);
  return (
    <TextFieldControl<ContainerFormValues>
      control={props.control}
      name="container"
      label={props.label}
      required
      readOnly={props.readOnly}
      max={CONTAINER_NUMBER_MAX}
      mask={(text) => text.toUpperCase()}
      hint={hints.length > 0 ? hints.join(". ") : undefined}
    />
  );
}

/** The container's type (its ISO 6346 size-type code), from the reference book. */
export function TypeEditor(props: EditorArgs & { control: FormControl }) {
  const { i18n } = useTranslation();
  const types = useQuery(containerTypes.allQuery("code"));
  return (
    <SelectFieldControl<ContainerFormValues>
      control={props.control}
      name="container_type"
      label={props.label}
      readOnly={props.readOnly}
      nullable
      options={(types.data ?? []).map((type) => ({
        value: type.id,
        label: type.description ? `${type.code} · ${describedIn(type, i18n.language)}` : type.code,
      }))}
    />
  );
}

/** The container's own status (pending, approved, declined), by its name. */
export function StatusEditor(props: EditorArgs & { control: FormControl }) {
  const { t } = useTranslation("containers");
  return (
    <SelectFieldControl<ContainerFormValues>
      control={props.control}
      name="status"
      label={props.label}
      readOnly={props.readOnly}
      options={Object.entries(CONTAINER_STATUSES).map(([name, id]) => ({
        value: id,
        label: t(`statuses.${name}`),
      }))}
    />
  );
}
