import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
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
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h1">
        {t("transport.title")}
      </Typography>
      <DictionaryGrid
        gridId="transport-kinds"
        client={transportKinds}
        fields={kindFields}
        columns={KIND_COLUMNS}
        newRow={newKind}
      />
      <Typography variant="h6" component="h2">
        {t("shipment.title")}
      </Typography>
      <DictionaryGrid
        gridId="shipment-kinds"
        client={shipmentKinds}
        fields={kindFields}
        columns={KIND_COLUMNS}
        newRow={newKind}
      />
    </Stack>
  );
}
