import Typography from "@mui/material/Typography";
import type { companyServiceFields, Fields, RowOf } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import type { resourceClient } from "../../../app/resource-client";
import { DataGrid, type GridSort } from "../../../components/data-grid";
import { type FieldColumn, fieldColumns } from "../../../components/data-grid/field-columns";

/** What the grid needs of either list's rows: both lists define these fields alike. */
type PriceRow = RowOf<Pick<typeof companyServiceFields, "id" | "version" | "cost">>;

/** By route, in the interface language's names (then as the base list has them). */
const BY_ROUTE: Record<string, readonly GridSort[]> = {
  ru: [{ id: "railway_route_description", desc: false }],
  en: [{ id: "railway_route_description_en", desc: false }],
};

/**
 * One list of a price list: its columns from the field definitions, sorted by route, and its cost (the only field
 * the API lets change) edited in its cell: double-click or Enter, then Enter or leaving the cell saves it; a row
 * someone else changed first answers 409 and reloads.
 */
export function PriceGrid<F extends Fields>(props: {
  gridId: string;
  title: string;
  client: ReturnType<typeof resourceClient<F>>;
  fields: F;
  /** The field set whose labels name the columns. */
  resource: "company_service" | "company_transportation_cost";
  columns: readonly FieldColumn<F, RowOf<F> & PriceRow>[];
}) {
  const { i18n } = useTranslation("priceLists");
  const labels = useFieldLabels(props.resource);
  const { client, fields } = props;
  const columns = useMemo(
    () => fieldColumns(fields, props.columns, labels.label),
    [fields, props.columns, labels],
  );
  return (
    <section>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 0.5, fontWeight: 500 }}>
        {props.title}
      </Typography>
      <DataGrid<RowOf<F> & PriceRow>
        gridId={props.gridId}
        resource={client.path}
        columns={columns}
        defaultSorting={BY_ROUTE[i18n.language] ?? BY_ROUTE.ru}
        editMode="cell"
        onSave={(row, changes) => client.update(row, changes)}
        exportFileName={props.gridId}
        pageSize={10}
        maxHeight="min(70vh, 640px)"
      />
    </section>
  );
}
