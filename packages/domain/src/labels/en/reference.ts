import type { FieldLabelCatalog } from "../catalog.ts";

/** The reference field sets' labels in English (catalog.ts). */
export const reference: Pick<
  FieldLabelCatalog,
  "etsng" | "gng" | "country" | "location" | "document_type" | "container_type" | "kind" | "service"
> = {
  etsng: {
    fields: {
      code: "ETSNG code",
      description: "Description",
      gng_code: "GNG code",
      tariff_class: "Tariff class",
    },
    sections: {},
    choices: {},
  },
  gng: {
    fields: {
      code: "GNG code",
      description: "Description",
    },
    sections: {},
    choices: {},
  },
  country: {
    fields: {
      abc2: "Country code",
      short_name: "Name",
      name_eng: "Name in English",
    },
    sections: {},
    choices: {},
  },
  location: {
    fields: {
      id: "ID",
      code: "Code",
      location: "Location",
      railway: "Railway",
      country: "Country",
      kind: "Kind of location",
    },
    sections: {},
    choices: {
      kind: { station: "Station", border: "Border crossing", port: "Port" },
    },
  },
  document_type: {
    fields: {
      id: "ID",
      title: "Document type",
      title_en: "Document type in English",
    },
    sections: {},
    choices: {},
  },
  container_type: {
    fields: {
      id: "ID",
      code: "Code",
      description: "Container type",
      description_en: "Container type in English",
    },
    sections: {},
    choices: {},
  },
  kind: {
    fields: {
      id: "ID",
      description: "Description",
      description_en: "Description in English",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
  service: {
    fields: {
      id: "ID",
      description: "Description",
      description_en: "Description in English",
      contact_email: "Contact email",
      transport_kind: "Transport kinds",
      shipment_kind: "Shipment kinds",
      is_shipping: "Shipping",
      is_port_freight_forwarding: "Port forwarding",
      is_transit_decl: "Transit declaration",
      version: "Version",
    },
    sections: {},
    choices: {},
  },
};
