import { serviceFields } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { everyField } from "../../../components/data-grid/field-columns";
import { choicesOf, services, shipmentKinds, transportKinds } from "../api";
import { DictionaryGrid } from "../components/dictionary-grid";

const newService = () => ({
  description: "",
  description_en: "",
  contact_email: "",
  transport_kind: [],
  shipment_kind: [],
  is_shipping: false,
  is_port_freight_forwarding: false,
  is_transit_decl: false,
});

/** /services: the services with their kinds and flags (spec 02, Services dictionary). */
export function ServicesPage() {
  const { t, i18n } = useTranslation("dictionaries");
  const transport = useQuery(transportKinds.allQuery("description"));
  const shipment = useQuery(shipmentKinds.allQuery("description"));
  const columns = useMemo(
    () =>
      everyField(serviceFields, {
        id: { hidden: true, size: 90 },
        description: { size: 230 },
        description_en: { size: 170 },
        contact_email: { size: 160 },
        transport_kind: { size: 140, options: choicesOf(transport.data, i18n.language) },
        shipment_kind: { size: 180, options: choicesOf(shipment.data, i18n.language) },
        is_shipping: { size: 130 },
        is_port_freight_forwarding: { size: 130 },
        is_transit_decl: { size: 130 },
      }),
    [transport.data, shipment.data, i18n.language],
  );
  return (
    <DictionaryGrid
      gridId="services"
      title={t("services.title")}
      heading="h1"
      client={services}
      fields={serviceFields}
      resource="service"
      columns={columns}
      newRow={newService}
    />
  );
}
