import Stack from "@mui/material/Stack";
import { kindFields } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { everyField } from "../../../components/data-grid/field-columns";
import { shipmentKinds, transportKinds } from "../api";
import { DictionaryGrid } from "../components/dictionary-grid";

const KIND_COLUMNS = everyField(kindFields, {
  id: { hidden: true, size: 90 },
  description: { size: 360 },
  description_en: { size: 360 },
});

const newKind = () => ({ description: "", description_en: "" });

/**
 * /transport: the transport kinds (spec 02, Transport dictionary) and, below them, the shipment kinds, the
 * other dictionary the order form and the services take their kinds from.
 */
export function TransportPage() {
  const { t } = useTranslation("dictionaries");
  const kinds = [
    { gridId: "transport-kinds", client: transportKinds, title: t("transport.title"), heading: "h1" },
    { gridId: "shipment-kinds", client: shipmentKinds, title: t("shipment.title"), heading: "h2" },
  ] as const;
  return (
    <Stack spacing={2}>
      {kinds.map((kind) => (
        <DictionaryGrid
          key={kind.gridId}
          {...kind}
          fields={kindFields}
          resource="kind"
          columns={KIND_COLUMNS}
          newRow={newKind}
        />
      ))}
    </Stack>
  );
}
