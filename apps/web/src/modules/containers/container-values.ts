import {
  CONTAINER_SECTIONS,
  CONTAINER_STATUSES,
  containerFields,
  emptyValue,
  type Fields,
  sectionKeys,
} from "@portal/domain";
import type { OrderRow } from "../orders/api";
import type { ContainerRow } from "./api";

// The container form's values (spec 02 §2 "Container form"): pure functions, tested alone.

/** Every field the form lays out, in its sections' order: the ones it edits and the ones the server writes. */
export const CONTAINER_FORM_FIELDS = CONTAINER_SECTIONS.flatMap((section) =>
  sectionKeys(containerFields, section),
);
export type ContainerFormField = (typeof CONTAINER_FORM_FIELDS)[number];

/** What the form holds: its fields' values and the `version` a change is based on. */
export type ContainerFormValues = Pick<ContainerRow, ContainerFormField | "version">;

/** The form's values of a stored container. */
export function containerFormValues(container: ContainerRow): ContainerFormValues {
  return Object.fromEntries([
    ...CONTAINER_FORM_FIELDS.map((name) => [
      name,
      container[name] ?? emptyValue((containerFields as Fields)[name]),
    ]),
    ["version", container.version],
  ]) as ContainerFormValues;
}

/** A new container's values: empty, of the order chosen (`?order=` from the order's page), pending. */
export function newContainerValues(orderId: number | null): ContainerFormValues {
  const values = Object.fromEntries(
    CONTAINER_FORM_FIELDS.map((name) => [name, emptyValue((containerFields as Fields)[name])]),
  ) as ContainerFormValues;
  return { ...values, freight_order: orderId as number, status: CONTAINER_STATUSES.pending, version: 1 };
}

/** A new container's body: only the fields that are neither empty text nor null (spec 02 §5). */
export function nonEmptyFields(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "" && value !== null));
}

/**
 * An order as the container's order lookup names it: `N{id} company (consignor-consignee)`; a party not yet filled in
 * is left out with its dash, and the brackets with both.
 */
export function orderLookupLabel(
  order: Pick<OrderRow, "id" | "company_name" | "consignor" | "consignee">,
  noCompany: string,
): string {
  const parties = [order.consignor, order.consignee].filter(Boolean).join("-");
  return `N${order.id} ${order.company_name || noCompany}${parties ? ` (${parties})` : ""}`;
}
