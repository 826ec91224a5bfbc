import { type monitoringAnswer, monitoringFields, type RowOf, terminalReportFields } from "@portal/domain";
import type { z } from "zod";
import { resourceClient } from "../../app/resource-client";

// The calls of the monitoring and the terminal report (spec 02 §7): each a list of the list pattern, one row by its
// container's id, and a change of its own cells with the row's version.

export type MonitoringRow = z.infer<typeof monitoringAnswer>;
export type TerminalReportRow = RowOf<typeof terminalReportFields>;

/** The monitoring: the list pattern, one row, a change of its cells (managers). */
export const monitoring = resourceClient<typeof monitoringFields, MonitoringRow>(
  "/tracking/api/monitoring/",
  monitoringFields,
);

/** The terminal report: the list pattern, one row, a change of its cells (managers). */
export const terminalReport = resourceClient<typeof terminalReportFields, TerminalReportRow>(
  "/tracking/api/reports/terminal-utro/",
  terminalReportFields,
);
