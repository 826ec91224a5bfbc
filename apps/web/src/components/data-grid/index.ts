export { DataGrid } from "./data-grid";
export type { DataGridProps, GridToolbarContext } from "./data-grid-props";
export { EditableMark } from "./grid-columns";
export { EmptyActionSlot, type RowRemoval } from "./grid-row-actions";
export { LAYOUT_KEY_PREFIX, layoutStorageKey } from "./layout";
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  type GridSource,
  gridQueryKey,
  initialListRequest,
} from "./list-request";
export { GridValidationError } from "./save-errors";
export type {
  GridColumn,
  GridColumnEdit,
  GridEditorProps,
  GridFilterKind,
  GridOption,
  GridRowAction,
  GridSort,
  GridValueType,
  ListPage,
} from "./types";
export { urlParamNames } from "./url-state";
