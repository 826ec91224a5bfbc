import { exportTaskFields } from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { resourceFrom } from "../../core/resource.ts";
import { companies, exportTasks, users } from "../../db/schema/index.ts";

const author = alias(users, "export_task_author");

/**
 * Export tasks (tracking/api/export-tasks/), newest first: with their company's name, the state under the spec's
 * name (`celery_task_status`), `done`, and the author by name.
 */
export const exportTaskList = resourceFrom({
  fields: exportTaskFields,
  table: exportTasks,
  joins: [
    { table: companies, on: eq(companies.id, exportTasks.company_id) },
    { table: author, on: eq(author.id, exportTasks.author_id) },
  ],
  exprs: {
    company: exportTasks.company_id,
    company_name: companies.name,
    celery_task_status: exportTasks.status,
    done: sql<boolean>`(${exportTasks.status} = 'SUCCESS')`,
    // A bigint column read as a number (an archive may pass 2 GB)
    file_size: exportTasks.file_size,
  },
  people: { author: { first_name: author.first_name, last_name: author.last_name } },
  defaultOrdering: "-id",
});
