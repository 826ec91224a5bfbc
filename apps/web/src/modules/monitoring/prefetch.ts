import { prefetchFirstPage } from "../../components/data-grid/prefetch";
import { currentLanguage } from "../../i18n";
import { monitoringGrid, terminalReportGrid } from "./monitoring-grid";

/** The first call of /monitoring, its grid's first page (the customs procedure's column by the language). */
export function prefetchMonitoring(): Promise<void> {
  return prefetchFirstPage(monitoringGrid(currentLanguage()));
}

/** The first call of /reports/terminal-utro, its grid's first page. */
export function prefetchTerminalReport(): Promise<void> {
  return prefetchFirstPage(terminalReportGrid());
}
