import { useTranslation } from "react-i18next";
import "./grid.css";
import { GridIcon, type GridIconName } from "./grid-icons";

/** The pager: rows per page, which rows these are of how many, and the pages' buttons. */
export function GridPager(props: {
  /** Said instead of the pager (the number of server-side groups). */
  summary?: string;
  range: string;
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t } = useTranslation("grid");
  if (props.summary !== undefined) {
    return (
      <div className="dg-pager">
        <span className="dg-pager-summary">{props.summary}</span>
      </div>
    );
  }
  const last = Math.max(0, props.pageCount - 1);
  const page = (label: string, icon: GridIconName, to: number, disabled: boolean) => (
    <button
      type="button"
      className="dg-icon-button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => props.onPage(to)}
    >
      <GridIcon name={icon} />
    </button>
  );
  return (
    <div className="dg-pager">
      <label className="dg-pager-size">
        {t("table.rowsPerPage")}
        <select value={props.pageSize} onChange={(event) => props.onPageSize(Number(event.target.value))}>
          {props.pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="dg-pager-range">{props.range}</span>
      <span className="dg-pager-pages">
        {page(t("table.firstPage"), "firstPage", 0, props.pageIndex === 0)}
        {page(t("table.previousPage"), "chevronLeft", props.pageIndex - 1, props.pageIndex === 0)}
        {page(t("table.nextPage"), "chevronRight", props.pageIndex + 1, props.pageIndex >= last)}
        {page(t("table.lastPage"), "lastPage", last, props.pageIndex >= last)}
      </span>
    </div>
  );
}
