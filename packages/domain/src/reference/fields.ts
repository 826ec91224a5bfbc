import { defineFields } from "../fields/define.ts";

// The reference books' fields, as spec 01 §7 and spec 02 §3 name them on the wire.

export const etsngFields = defineFields({
  code: { kind: "text", max: 6, readOnly: true, searchable: "prefix" },
  description: { kind: "text", max: 1000, readOnly: true, searchable: true },
  gng_code: { kind: "text", max: 8, readOnly: true },
  tariff_class: { kind: "integer", nullable: true, readOnly: true },
});

export const gngFields = defineFields({
  code: { kind: "text", max: 8, readOnly: true, searchable: "prefix" },
  description: { kind: "text", max: 1000, readOnly: true, searchable: true },
});

export const countryFields = defineFields({
  abc2: { kind: "text", max: 2, readOnly: true, searchable: "prefix" },
  short_name: { kind: "text", max: 100, readOnly: true, searchable: true },
  name_eng: { kind: "text", max: 100, readOnly: true, searchable: true },
});

export const LOCATION_KINDS = ["station", "border", "port"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const locationFields = defineFields({
  id: { kind: "id" },
  code: { kind: "text", max: 6, readOnly: true, searchable: "prefix" },
  location: { kind: "text", max: 100, readOnly: true, searchable: true },
  railway: { kind: "text", max: 30, readOnly: true },
  country: { kind: "text", max: 2, readOnly: true },
  kind: { kind: "choice", choices: LOCATION_KINDS, readOnly: true },
});

export const documentTypeFields = defineFields({
  id: { kind: "id" },
  title: { kind: "text", max: 255, readOnly: true, searchable: true },
  title_en: { kind: "text", max: 255, readOnly: true, searchable: true },
});

export const containerTypeFields = defineFields({
  id: { kind: "id" },
  code: { kind: "text", max: 4, readOnly: true, searchable: "prefix" },
  description: { kind: "text", max: 255, readOnly: true, searchable: true },
  description_en: { kind: "text", max: 255, readOnly: true, searchable: true },
});

/** Transport kinds and shipment kinds: the same dictionary shape (spec 02 §3). */
export const kindFields = defineFields({
  id: { kind: "id" },
  description: { kind: "text", max: 255, required: true, searchable: true },
  description_en: { kind: "text", max: 255, searchable: true },
  version: { kind: "integer", readOnly: true },
});

export const serviceFields = defineFields({
  id: { kind: "id" },
  description: { kind: "text", max: 255, required: true, searchable: true },
  description_en: { kind: "text", max: 255, searchable: true },
  contact_email: { kind: "text", max: 254, format: "email" },
  transport_kind: { kind: "relations", to: "transport_kind" },
  shipment_kind: { kind: "relations", to: "shipment_kind" },
  is_shipping: { kind: "boolean" },
  is_port_freight_forwarding: { kind: "boolean" },
  is_transit_decl: { kind: "boolean" },
  version: { kind: "integer", readOnly: true },
});
