import { describedIn, kindFields, serviceFields } from "@portal/domain";
import { resourceClient } from "../../app/resource-client";

/** The dictionaries of spec 02 §7: transport kinds, shipment kinds and services. */
export const transportKinds = resourceClient("/service/api/transport_kind/", kindFields);
export const shipmentKinds = resourceClient("/service/api/shipment_kind/", kindFields);
export const services = resourceClient("/service/api/service/", serviceFields);

/** A row with a Russian description and an optional English one. */
interface Described {
  id: number;
  description: string;
  description_en: string;
}

/** Choices of a multi-select from dictionary rows. */
export function choicesOf(rows: readonly Described[] | undefined, language: string) {
  return (rows ?? []).map((row) => ({ value: row.id, label: describedIn(row, language) }));
}
