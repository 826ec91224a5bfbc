import { type companyFields, exportTaskFields, type RowOf } from "@portal/domain";
import { apiFile } from "../../app/api-client";
import { resourceClient } from "../../app/resource-client";
import { saveFile } from "../../app/save-file";
import { listSource } from "../../components/form/lookup-field";

// The calls of /export-tasks (spec 02 §7): the tasks (list, create), a done task's archive, and the companies the
// user may export (the API lists a client's own and related companies, a manager's every one).

export type ExportTaskRow = RowOf<typeof exportTaskFields>;
/**
 * What the export form sends: the company and the period's first and last day, and the zone whose days they are
 * (the browser's: the zone the screens show the orders' times in).
 */
export type ExportFormValues = {
  company: number | null;
  from_date: string;
  to_date: string;
  time_zone?: string;
};

export type CompanyChoice = Pick<RowOf<typeof companyFields>, "id" | "name" | "inn">;

/** The tasks: the list pattern (the live stream refreshes it as their jobs go), and a new task. */
export const exportTasks = resourceClient<typeof exportTaskFields, ExportTaskRow>(
  "/tracking/api/export-tasks/",
  exportTaskFields,
);

/** The companies a user may export, searched by name. */
export const companyChoices = listSource<CompanyChoice>("/profile/api/companies/", "name");

/** Saves a done task's archive under the name the server gives (its company and period). */
export const downloadArchive = (task: ExportTaskRow) =>
  apiFile("GET /tracking/api/export-tasks/:id/", { params: { id: task.id } }).then((file) =>
    saveFile(file, `export-${task.id}-${task.from_date}-${task.to_date}.zip`),
  );
