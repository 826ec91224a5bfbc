import type { TFunction } from "i18next";

/**
 * An order field's label as the form shows it: a party's detail with its party (`Consignee: City`), an unknown
 * field by its name.
 */
export function orderFieldLabel(t: TFunction<"orderForm">, field: string): string {
  const party = /^(consignor|consignee)_(.+)$/.exec(field);
  if (party && party[2] !== "name") {
    const detail = party[2] === "countrycode" ? "country" : party[2];
    return `${t(`sections.${party[1]}`)}: ${t(`party.${detail}`, { defaultValue: detail })}`;
  }
  return t(`fields.${field}`, { defaultValue: field });
}
