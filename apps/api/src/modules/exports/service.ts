import { setTimeout as sleep } from "node:timers/promises";
import {
  EXPORT_MAX_DAYS,
  type ExportTaskState,
  exportTaskFields,
  exportTaskPolicy,
  FORWARDER_TIME_ZONE,
  type Language,
  type RowOf,
} from "@portal/domain";
import { type CrudResource, CrudService, writeRules } from "../../core/crud.ts";
import { NotFound, ValidationFailed } from "../../core/errors.ts";
import type { Groups, Page } from "../../core/find-page.ts";
import { type Message, storedText, type Translate } from "../../core/i18n.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { announceChange } from "../../core/live.ts";
import type { Principal } from "../../core/principal.ts";
import { companyScope, isInCompanyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { exportTasks } from "../../db/schema/index.ts";
import { ZipArchiveWriter } from "../../documents/zip-archive.ts";
import type { JobRun } from "../../jobs/job-type.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { type FileStorage, StoredFileMissing } from "../../storage/file-storage.ts";
import { safeName } from "../../storage/filenames.ts";
import { exportEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { OrderFilesService } from "../order-files/service.ts";
import type { OrdersService } from "../orders/service.ts";
import { type ArchiveSources, ExportFileMissing, writeExportArchive } from "./archive.ts";
import { type ExportJobSettings, type ExportJobTypes, type ExportTaskJob, exportJobTypes } from "./jobs.ts";
import type { ExportsRepo, ExportTask } from "./repo.ts";
import { exportTaskList } from "./resources.ts";

export type ExportTaskRow = RowOf<typeof exportTaskFields>;

export interface ExportSettings extends ExportJobSettings {
  /** How long an archive (and its task) is kept after the task ends. */
  keepHours: number;
  /** A pause after each document (browser tests and demonstrations). */
  documentDelayMs: number;
}

/** A file the answer sends. */
export interface ArchiveDownload {
  filename: string;
  contentType: string;
  size?: number;
  body: import("node:stream").Readable;
}

/** The least time between two progress writes. */
const PROGRESS_INTERVAL_MS = 1000;

/** The task is no longer running (deleted, or finished by another attempt): the attempt stops quietly. */
class TaskStopped extends Error {}

/**
 * The export of a company's documents for a period (spec 02 §2 "Export of documents for a period", DOMAIN.md,
 * docs/exports.md): a task made PENDING with its job in one transaction; the job streams a ZIP of every document
 * of the company's orders created in the period (their files and signed orders, and each order's print) with a
 * manifest to the file storage under a key of its attempt, writing its progress as it goes, and marks the task
 * SUCCESS with the archive only while it is still PENDING (so that a retried or doubled job keeps exactly one
 * archive), or FAILURE with the reason. The archive and the task are removed when their time is up.
 */
export class ExportsService {
  /** The tasks: listed, created (with their job), deleted by managers. */
  readonly tasks: CrudService<ExportTaskRow>;
  /** The export's job types, declared by the module (jobs.ts) and sent from here. */
  readonly jobTypes: ExportJobTypes;

  /** Where the archives' documents come from. */
  private readonly sources: ArchiveSources;

  constructor(
    private readonly db: Db,
    private readonly repo: ExportsRepo,
    orders: OrdersService,
    orderFiles: OrderFilesService,
    private readonly storage: FileStorage,
    private readonly jobs: JobQueue,
    private readonly settings: ExportSettings,
    private readonly notifications: NotificationsService,
  ) {
    this.sources = { repo, orders, orderFiles, storage };
    this.jobTypes = exportJobTypes(
      {
        build: (job, run) => this.build(job, run),
        buildFailed: (job) => this.buildFailed(job),
        expire: (job) => this.expire(job),
      },
      settings,
    );
    const resource: CrudResource = {
      fields: exportTaskFields,
      table: exportTasks,
      list: exportTaskList,
      policy: exportTaskPolicy,
      scope: (user) => companyScope(user, exportTasks.company_id),
      // The page's list follows its tasks' progress and ends without being reloaded
      live: { resource: "export_tasks", company: "company" },
      rules: writeRules<ExportTaskRow>({
        prepare: ({ db, user, values }) => this.prepareTask(db, user, values),
        // The job exists once the task does, and never without it
        record: async ({ db, id }) => {
          await this.jobs.send(db, this.jobTypes.build, { task: id });
        },
      }),
    };
    this.tasks = new CrudService(db, resource);
  }

  /** The tasks the user sees (their companies'; managers every one), the failures' reasons in their language. */
  async list(user: Principal, query: ListQuery, t: Translate): Promise<Page<ExportTaskRow> | Groups> {
    const list = await this.tasks.list(user, query);
    if ("groups" in list) return list;
    // A page of the fields a grid asked for may not hold the reason
    const answered = (row: ExportTaskRow) =>
      row.reason === undefined ? row : { ...row, reason: storedText(row.reason, t) };
    return { ...list, results: list.results.map(answered) };
  }

  /**
   * GET export-tasks/{id}: the archive of a done task, named by its company and period; 404 outside the user's
   * companies, 400 while it runs or when it failed.
   */
  async download(user: Principal, id: number, lang: Language): Promise<ArchiveDownload> {
    const row = await this.tasks.get(user, id);
    const task = await this.repo.task(id);
    if (!task) throw new NotFound();
    const refusal: Partial<Record<ExportTaskState, Message>> = {
      PENDING: { key: "export_not_ready" },
      FAILURE: { key: "export_failed_no_archive" },
    };
    const refused = refusal[task.status];
    if (refused || !task.file_key) {
      throw new ValidationFailed({ detail: [refused ?? { key: "export_not_ready" }] });
    }
    try {
      const body = await this.storage.get(task.file_key);
      const period =
        lang === "en" ? `${task.from_date} to ${task.to_date}` : `${task.from_date} — ${task.to_date}`;
      const filename = safeName(
        `${lang === "en" ? "Documents" : "Документы"} ${row.company_name} ${period}.zip`,
      );
      return { filename, contentType: "application/zip", size: task.file_size ?? undefined, body };
    } catch (error) {
      if (error instanceof StoredFileMissing) throw new NotFound();
      throw error;
    }
  }

  /**
   * DELETE export-tasks/{id}/ (managers): the task, then its archive and what its attempts left; a job still building
   * it stops.
   */
  async remove(user: Principal, id: number): Promise<void> {
    await this.tasks.delete(user, id);
    await this.removeArchives(id);
  }

  /** Removes the tasks (and archives) whose time is up; run at start-up, besides each task's own expiry job. */
  async sweepExpired(): Promise<number> {
    let removed = 0;
    for (const id of await this.repo.expired()) if (await this.removeTask(id)) removed += 1;
    return removed;
  }

  /** The values of a new task: a company of the user's (managers: any), a period of at most three years. */
  private async prepareTask(db: Db, user: Principal, values: Record<string, unknown>) {
    const { company, from_date, to_date, time_zone } = values as {
      company: number;
      from_date: string;
      to_date: string;
      time_zone?: string;
    };
    const errors: Record<string, Message[]> = {};
    // Another company's id is answered as one that does not exist: 400 on the field, as an order's company is
    if (!isInCompanyScope(user, [company]) || (await this.repo.in(db).companyName(company)) === null) {
      errors.company = [{ key: "company_not_found" }];
    }
    if (to_date < from_date) errors.to_date = [{ key: "period_end_before_start" }];
    else if (daysBetween(from_date, to_date) + 1 > EXPORT_MAX_DAYS) {
      errors.to_date = [{ key: "export_period_too_long", params: { limit: EXPORT_MAX_DAYS } }];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return {
      company_id: company,
      from_date,
      to_date,
      time_zone: time_zone || FORWARDER_TIME_ZONE,
      author_id: user.id,
      status: "PENDING",
    };
  }

  /** exports.build-archive: makes the task's archive, once, whatever attempt gets through. */
  private async build(job: ExportTaskJob, run: JobRun): Promise<void> {
    const task = await this.repo.task(job.task);
    // Done, failed or deleted already (a job run again after its effect): nothing to do
    if (task?.status !== "PENDING") return;
    // What earlier attempts of this job left (a worker killed while writing) goes first
    for (let attempt = 0; attempt < run.attempt; attempt += 1) {
      await this.storage.delete(archiveKey(task.id, attempt));
    }
    const key = archiveKey(task.id, run.attempt);
    const archive = new ZipArchiveWriter(this.storage, key);
    try {
      const { count, size } = await writeExportArchive(this.sources, task, archive, this.progress(task, run));
      const isStored = await this.db.transaction(async (db) => {
        const outcome = {
          file_key: key,
          file_size: size,
          document_count: count,
          keepSeconds: this.keepSeconds,
        };
        if (!(await this.repo.in(db).succeed(task.id, outcome))) return false;
        const company = task.company_id;
        await this.notifications.emit(
          db,
          exportEvent("export_ready", { id: task.id, company }, { documents: count }),
        );
        await this.jobs.send(
          db,
          this.jobTypes.expire,
          { task: task.id },
          { startAfterSeconds: this.keepSeconds },
        );
        await announceChange(db, {
          resource: "export_tasks",
          id: task.id,
          action: "changed",
          companies: [company],
        });
        return true;
      });
      // Another attempt finished first, or the task was deleted meanwhile: this archive is nobody's
      if (!isStored) await this.storage.delete(key);
    } catch (error) {
      await archive.abort(error instanceof Error ? error : new Error(String(error)));
      await this.storage.delete(key);
      if (error instanceof TaskStopped) return;
      // A missing file stays missing: the task fails at once. Anything else is retried, and fails on the last attempt
      if (error instanceof ExportFileMissing) return this.failTask(task, error.reason);
      if (run.isLastAttempt) await this.failTask(task, { key: "export_failed" });
      throw error;
    }
  }

  /**
   * What the archive calls after each document: the pause of EXPORT_DOCUMENT_DELAY_MS, the attempt stopped when its
   * process stops, and the progress written at most once a second (99 at most until the task is done).
   */
  private progress(task: ExportTask, run: JobRun) {
    let reported = { progress: 0, at: Date.now() };
    return async (done: number, total: number) => {
      if (this.settings.documentDelayMs > 0)
        await sleep(this.settings.documentDelayMs, undefined, { signal: run.signal });
      run.signal.throwIfAborted();
      const progress = Math.min(99, Math.floor((done * 100) / Math.max(total, 1)));
      if (progress > reported.progress && Date.now() - reported.at >= PROGRESS_INTERVAL_MS) {
        await this.writeProgress(task, progress);
        reported = { progress, at: Date.now() };
      }
    };
  }

  /** Writes and announces a running task's progress; stops the attempt when the task no longer runs. */
  private async writeProgress(task: ExportTask, progress: number): Promise<void> {
    await this.db.transaction(async (db) => {
      if (!(await this.repo.in(db).setProgress(task.id, progress))) throw new TaskStopped();
      await announceChange(db, {
        resource: "export_tasks",
        id: task.id,
        action: "changed",
        companies: [task.company_id],
      });
    });
  }

  /** Marks a running task failed with the reason (kept in no language: translated when answered). */
  private async failTask(task: ExportTask, reason: Message): Promise<void> {
    const { id, company_id: company } = task;
    await this.db.transaction(async (db) => {
      if (!(await this.repo.in(db).fail(id, JSON.stringify(reason), this.keepSeconds))) return;
      await this.notifications.emit(
        db,
        exportEvent("export_failed", { id, company }, { reason: JSON.stringify(reason) }),
      );
      await this.jobs.send(db, this.jobTypes.expire, { task: id }, { startAfterSeconds: this.keepSeconds });
      await announceChange(db, { resource: "export_tasks", id, action: "changed", companies: [company] });
    });
  }

  /**
   * exports.build-failed, the build's dead letter: its last attempt failed, however (its worker killed, its time run
   * out): a task still PENDING fails with the general reason, and what the attempts left is removed.
   */
  private async buildFailed(job: ExportTaskJob): Promise<void> {
    const task = await this.repo.task(job.task);
    if (task?.status === "PENDING") await this.failTask(task, { key: "export_failed" });
    await this.removeArchives(job.task, task?.file_key);
  }

  /** exports.expire-archive: removes the task and its archive once its time is up. */
  private async expire(job: ExportTaskJob): Promise<void> {
    const task = await this.repo.task(job.task);
    // Kept longer than this job was sent for (a later setting): the start-up sweep removes it when its time is up
    if (!task?.expire_date || task.expire_date.getTime() > Date.now() + 5000) return;
    await this.removeTask(task.id);
  }

  /**
   * Deletes a task's archive, then the task (announced); whether it was there. The archive first: a process that
   * stops between the two leaves an expired task without its file, which the next sweep removes, never a file that
   * no task names.
   */
  private async removeTask(id: number): Promise<boolean> {
    await this.removeArchives(id);
    const removed = await this.db.transaction(async (db) => {
      const row = await this.repo.in(db).remove(id);
      if (row)
        await announceChange(db, {
          resource: "export_tasks",
          id,
          action: "deleted",
          companies: [row.company_id],
        });
      return row;
    });
    return removed !== null;
  }

  /**
   * Deletes the archive of each attempt a task's build may have made, kept one aside: a done task's, or none (the
   * storage lists nothing, and the attempts are at most EXPORT_RETRY_LIMIT + 1). An attempt killed while writing
   * leaves its part, which deleting its key removes.
   */
  private async removeArchives(id: number, keep?: string | null): Promise<void> {
    for (let attempt = 0; attempt <= this.settings.retryLimit; attempt += 1) {
      const key = archiveKey(id, attempt);
      if (key !== keep) await this.storage.delete(key);
    }
  }

  private get keepSeconds(): number {
    return Math.ceil(this.settings.keepHours * 3600);
  }
}

/** The key of an attempt's archive: each attempt writes its own, so that two never write one file. */
export function archiveKey(task: number, attempt: number): string {
  return `exports/${task}/archive-${attempt}.zip`;
}

/** Days from one date to another (yyyy-MM-dd). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
