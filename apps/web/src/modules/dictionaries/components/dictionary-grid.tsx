import Typography from "@mui/material/Typography";
import { describedIn, type Fields, type kindFields, type RowOf, referencePolicy } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import type { resourceClient } from "../../../app/resource-client";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid, type GridSort } from "../../../components/data-grid";
import { type FieldColumn, fieldColumns } from "../../../components/data-grid/field-columns";

/** What the grid needs of every dictionary's rows: the kinds and the services define these fields alike. */
type Row = RowOf<Pick<typeof kindFields, "id" | "version" | "description" | "description_en">>;

const BY_DESCRIPTION: readonly GridSort[] = [{ id: "description", desc: false }];

/**
 * A dictionary's editable grid: its columns from the field definitions, and adding, editing and deleting for
 * users who may edit reference books (the others read it).
 */
export function DictionaryGrid<F extends Fields>(props: {
  gridId: string;
  /** The heading above the grid, and its level on the page. */
  title: string;
  heading: "h1" | "h2";
  client: ReturnType<typeof resourceClient<F>>;
  fields: F;
  /** The field set whose labels name the columns. */
  resource: "kind" | "service";
  columns: readonly FieldColumn<F, RowOf<F> & Row>[];
  newRow: () => Partial<RowOf<F>>;
  maxHeight?: string;
}) {
  const { i18n } = useTranslation("dictionaries");
  const user = useCurrentUser();
  const canWrite = referencePolicy.canWrite(user);
  const labels = useFieldLabels(props.resource);
  const { client, fields } = props;
  const columns = useMemo(
    () => fieldColumns(fields, props.columns, labels.label),
    [fields, props.columns, labels],
  );
  return (
    <section>
      <Typography variant="h6" component={props.heading} sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      <DataGrid<RowOf<F> & Row>
        gridId={props.gridId}
        resource={client.path}
        columns={columns}
        defaultSorting={BY_DESCRIPTION}
        onSave={canWrite ? (row, changes) => client.update(row, changes) : undefined}
        onCreate={canWrite ? client.create : undefined}
        newRow={props.newRow as () => Partial<RowOf<F> & Row>}
        onDelete={canWrite ? client.remove : undefined}
        rowLabel={(row) => describedIn(row, i18n.language)}
        exportFileName={props.gridId}
        maxHeight={props.maxHeight}
      />
    </section>
  );
}
