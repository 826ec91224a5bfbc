/**
 * The pinned grid alone (MUI and material-react-table, ARCHITECTURE.md): sixteen rows of seven columns, their
 * values in the page, no data call, no router, no translations, no layout around it. `?as-portal` adds what the
 * orders grid shows besides the values: the selection, three row actions with their tooltips and the filter row.
 */
import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { CssBaseline, createTheme, IconButton, ThemeProvider, Tooltip } from "@mui/material";
import { MaterialReactTable, type MRT_ColumnDef, useMaterialReactTable } from "material-react-table";
import { MRT_Localization_RU } from "material-react-table/locales/ru";
import { createRoot } from "react-dom/client";

interface Row {
  id: number;
  company: string;
  status: string;
  comment: string;
  number: string;
  destination: string;
  created: string;
}

const ROWS: Row[] = Array.from({ length: 16 }, (_, index) => ({
  id: 16 - index,
  company: "ООО «Уралмашкомплект»",
  status: "Согласована",
  comment: "Приложите инвойс и упаковочный лист",
  number: `УМК-2026/${String(index + 1).padStart(3, "0")}`,
  destination: "Ташкент-Товарный",
  created: "2026-11-23 00:01",
}));

const COLUMNS: MRT_ColumnDef<Row>[] = [
  { accessorKey: "id", header: "№", size: 80 },
  { accessorKey: "company", header: "Компания", size: 160 },
  { accessorKey: "status", header: "Статус", size: 140 },
  { accessorKey: "comment", header: "Комментарий к статусу", size: 160 },
  { accessorKey: "number", header: "Номер заявки клиента", size: 180 },
  { accessorKey: "destination", header: "Пункт назначения", size: 140 },
  { accessorKey: "created", header: "Создана", size: 150 },
];

const AS_PORTAL = new URLSearchParams(window.location.search).has("as-portal");

function RowActions() {
  return (
    <>
      <Tooltip title="Удалить">
        <IconButton size="small">
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Изменить">
        <IconButton size="small">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Копировать">
        <IconButton size="small">
          <ContentCopyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

function Grid() {
  const table = useMaterialReactTable({
    columns: COLUMNS,
    data: ROWS,
    localization: MRT_Localization_RU,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: ROWS.length,
    enableRowSelection: AS_PORTAL,
    enableRowActions: AS_PORTAL,
    renderRowActions: () => <RowActions />,
    initialState: { density: "compact", showColumnFilters: AS_PORTAL },
  });
  return <MaterialReactTable table={table} />;
}

const root = document.getElementById("root");
if (!root) throw new Error("grid.html has no #root element");
createRoot(root).render(
  <ThemeProvider theme={createTheme()}>
    <CssBaseline />
    <Grid />
  </ThemeProvider>,
);
