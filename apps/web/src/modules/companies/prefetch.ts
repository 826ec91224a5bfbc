import { prefetchFirstPage } from "../../components/data-grid/prefetch";
import { COMPANIES_GRID } from "./companies-grid";

/** The first page of /companies. */
export const prefetchCompanies = (): Promise<void> => prefetchFirstPage(COMPANIES_GRID);
