import { createHash } from "node:crypto";
import {
  createSchema,
  type FieldDef,
  freightOrderFields,
  LANGUAGES,
  type Language,
  ORDER_IMPORT_COLUMNS,
  spreadsheetTextRead,
} from "@portal/domain";
import { labelOf } from "@portal/domain/labels";
import { and, eq } from "drizzle-orm";
import {
  type FieldErrors,
  Forbidden,
  isUniqueViolation,
  NotFound,
  ValidationFailed,
} from "../../core/errors.ts";
import type { Message, Translate } from "../../core/i18n.ts";
import { announceChange } from "../../core/live.ts";
import type { Principal } from "../../core/principal.ts";
import { companyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import { type ImportRowData, orderImports } from "../../db/schema/index.ts";
import { checkInput, issuesToFieldErrors } from "../../http/validation.ts";
import type { JobRun } from "../../jobs/job-type.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { OrdersService } from "../orders/service.ts";
import type { UsersService } from "../users/service.ts";
import { type OrderImportJob, type OrderImportJobTypes, orderImportJobTypes } from "./jobs.ts";
import type { OrderImportRepo, OrderImportRow } from "./repo.ts";
import { type BadCell, type CellValue, readTable, writeXlsx } from "./spreadsheet.ts";
import { templateXlsx } from "./template.ts";
import { type Books, columnsOf, foldHeader, itemsOf, ORDER_SHEET, rowToBody } from "./values.ts";

// The import of shipping orders from a spreadsheet (docs/decisions.md, "Import of shipping orders"). An upload reads
// the file and keeps its rows; a job checks each row as the orders' create would take it (its schema, then the
// create itself in a transaction rolled back: one write path), which is the preview; the user then starts a second
// job, which creates the valid rows in one transaction, all or none.

/** The create's body, as its route checks it. */
const createBody = createSchema(freightOrderFields);

/** Rows checked in one transaction (rolled back) between two writes of the progress. */
const CHECK_CHUNK = 100;

/** The fields the preview shows of each row besides its errors, where the file has them. */
const PREVIEW_FIELDS = ["customer_order_number", "consignor_name", "consignee_name", "destination"] as const;

/** An import that must end failed, with its reason (a row the import refused, the file imported meanwhile). */
class ImportFailed extends Error {
  constructor(readonly reason: Message) {
    super(reason.key);
  }
}

/** The header every language gives the error report's column: ignored when the report comes back filled in. */
function errorsHeaders(translators: Record<Language, Translate>): Set<string> {
  return new Set(
    LANGUAGES.map((language) => foldHeader(translators[language]({ key: "import_errors_column" }))),
  );
}

export class OrderImportService {
  readonly jobTypes: OrderImportJobTypes;

  constructor(
    private readonly db: Db,
    private readonly repo: OrderImportRepo,
    private readonly orders: OrdersService,
    private readonly users: UsersService,
    private readonly jobs: JobQueue,
    private readonly translators: Record<Language, Translate>,
  ) {
    // An import whose job has no attempt left ends failed: never shown as running for ever
    const orFail =
      (handle: (id: number, run: JobRun) => Promise<void>) => async (job: OrderImportJob, run: JobRun) => {
        try {
          await handle.call(this, job.import, run);
        } catch (error) {
          const found = run.isLastAttempt ? await this.repo.find(job.import) : null;
          if (found) await this.fail(found, { key: "import_failed" });
          throw error;
        }
      };
    this.jobTypes = orderImportJobTypes({ check: orFail(this.check), run: orFail(this.run) });
  }

  /** The template in the user's language. */
  async template(language: Language): Promise<Buffer> {
    return templateXlsx(language, this.translators[language], await this.books(new Map()));
  }

  /**
   * Reads an uploaded file for `requested` (a client's own company unless they choose another of theirs; managers:
   * any), keeps its rows and sends the job that checks them. 400 on `file` for a file the import cannot take (its
   * size, rows, columns, format), or one this company has imported already; on `company` outside the user's.
   */
  async upload(
    user: Principal,
    file: { name: string; content: Buffer },
    requested: number | undefined,
  ): Promise<OrderImportRow> {
    const company = await this.orders.companyFor(this.db, user, requested);
    const table = await readTable(file.content);
    const columns = this.columnsOf(table.headers);
    const fingerprint = createHash("sha256").update(file.content).digest("hex");
    const imported = await this.importedAs(this.repo, company.id, fingerprint);
    if (imported) throw new ValidationFailed({ file: [imported] });
    return this.db.transaction(async (db) => {
      const row = await this.repo.in(db).insert({
        company_id: company.id,
        author_id: user.id,
        file_name: file.name.slice(0, 255),
        fingerprint,
        headers: table.headers,
        columns,
        rows: table.rows as ImportRowData[],
        total: table.rows.length,
      });
      await this.jobs.send(db, this.jobTypes.check, { import: row.id });
      await this.announce(db, row, "created");
      return row;
    });
  }

  /** The field of each column of the file ("" for a blank header or the error report's column); 400 on others. */
  private columnsOf(headers: string[]): string[] {
    return columnsOf(headers, ORDER_IMPORT_COLUMNS, ORDER_SHEET, errorsHeaders(this.translators));
  }

  /** What tells that the company has imported this very file already (when, which import), or null. */
  private async importedAs(
    repo: OrderImportRepo,
    company: number,
    fingerprint: string,
  ): Promise<Message | null> {
    const done = await repo.doneWith(company, fingerprint);
    if (!done) return null;
    const date = (done.finish_date ?? done.create_date).toISOString().slice(0, 10);
    return { key: "import_file_imported", params: { date, id: done.id } };
  }

  /** An import of the user's companies, its rows once they are checked (none while checking); 404 for another company's. */
  async get(user: Principal, id: number): Promise<OrderImportRow> {
    const row = await this.repo.find(id, companyScope(user, orderImports.company_id), { rows: "shown" });
    if (!row) throw new NotFound();
    return row;
  }

  /**
   * Starts the import of a checked file's valid rows (its job); 400 while it is not checked (or started already) or
   * when no row is valid.
   */
  async start(user: Principal, id: number): Promise<OrderImportRow> {
    const found = await this.get(user, id);
    if (found.state === "checked" && found.valid === 0) {
      throw new ValidationFailed({ detail: [{ key: "import_no_valid_rows" }] });
    }
    await this.db.transaction(async (db) => {
      const repo = this.repo.in(db);
      if (!(await repo.move(id, "checked", { state: "importing" }))) {
        throw new ValidationFailed({ detail: [{ key: "import_not_checked" }] });
      }
      await this.jobs.send(db, this.jobTypes.run, { import: id });
      await this.announce(db, found, "changed");
    });
    return this.get(user, id);
  }

  /** The file's rows that have errors, as the file had them, with a column of their errors in `language`. */
  async report(user: Principal, id: number, language: Language): Promise<Buffer> {
    const found = await this.get(user, id);
    const t = this.translators[language];
    const rows = found.rows
      .filter((row) => row.errors)
      .map((row) => [
        ...row.cells.map((cell) => reportCell(cell as CellValue | BadCell)),
        `${row.row}: ${errorText(found.columns, row.errors ?? {}, language, t)}`,
      ]);
    return writeXlsx([
      {
        name: t({ key: "import_sheet_orders" }),
        header: [...found.headers, t({ key: "import_errors_column" })],
        rows,
        widths: [...found.headers.map((header) => Math.min(Math.max(header.length + 2, 12), 40)), 80],
      },
    ]);
  }

  /** The import as the API answers it, its messages in the reader's language. */
  present(row: OrderImportRow, language: Language) {
    const t = this.translators[language];
    const fieldAt = (name: string) => row.columns.indexOf(name);
    return {
      id: row.id,
      company: row.company_id,
      file_name: row.file_name,
      state: row.state,
      total: row.total,
      checked: row.checked,
      valid: row.valid,
      created: row.created,
      failure: row.failure ? t(row.failure) : null,
      create_date: row.create_date.toISOString(),
      finish_date: row.finish_date?.toISOString() ?? null,
      rows:
        row.state === "checking"
          ? []
          : row.rows.map((item) => ({
              row: item.row,
              valid: !item.errors,
              values: Object.fromEntries(
                PREVIEW_FIELDS.map((name) => [name, textOfCell(item.cells[fieldAt(name)])]),
              ),
              errors: Object.entries(item.errors ?? {}).map(([field, messages]) => ({
                field,
                label: Object.hasOwn(freightOrderFields, field)
                  ? labelOf("freight_order", field, language)
                  : "",
                messages: messages.map((message) => t(message)),
              })),
            })),
    };
  }

  // The jobs ------------------------------------------------------------------------------------------------------

  /**
   * Checks every row as the create would take it, in chunks of CHECK_CHUNK rows each checked in a transaction that
   * is rolled back, writing the progress between chunks (announced live). Run again after a crash, it starts over.
   */
  private async check(id: number, run: JobRun): Promise<void> {
    const found = await this.repo.find(id);
    if (found?.state !== "checking") return;
    const user = await this.users.activePrincipal(found.author_id);
    if (!user) return this.fail(found, { key: "import_failed" });
    const books = await this.booksOf(found);
    const numbers = await this.numbersOf(found);
    const firstWith = new Map<string, number>();
    const rows: ImportRowData[] = [];
    let valid = 0;
    for (let start = 0; start < found.rows.length; start += CHECK_CHUNK) {
      if (run.signal.aborted) throw new Error("stopped");
      const chunk = found.rows.slice(start, start + CHECK_CHUNK);
      const prepared = chunk.map((row) => this.prepareRow(found, row, books, numbers, firstWith));
      const outcomes = await this.tryCreates(user, prepared);
      chunk.forEach((row, index) => {
        const errors = outcomes[index] ?? null;
        if (!errors) valid += 1;
        rows.push({ ...row, errors });
      });
      const checked = Math.min(start + CHECK_CHUNK, found.rows.length);
      const last = checked === found.rows.length;
      await this.db.transaction(async (db) => {
        await this.repo
          .in(db)
          .update(id, last ? { checked, valid, rows, state: "checked" } : { checked, valid });
        await this.announce(db, found, "changed");
      });
    }
  }

  /**
   * A row's body for the create and what is wrong with it before the create sees it: its cells (a name not in its
   * book, a formula without a value), the create's schema, and a customer's number the company has used already
   * (an order, or an earlier row of the file).
   */
  private prepareRow(
    found: OrderImportRow,
    row: ImportRowData,
    books: Books,
    numbers: Map<string, number>,
    firstWith: Map<string, number>,
  ): { body: Record<string, unknown> } | { errors: FieldErrors } {
    const converted = rowToBody(found.columns, row.cells as (CellValue | BadCell)[], books);
    const errors: FieldErrors = { ...converted.errors };
    const checked = checkInput(createBody, { ...converted.body, company: found.company_id });
    if ("issues" in checked) {
      for (const [field, messages] of Object.entries(issuesToFieldErrors(checked.issues).fields)) {
        if (!errors[field]) errors[field] = messages;
      }
    }
    const number = converted.body.customer_order_number;
    if (typeof number === "string" && !errors.customer_order_number) {
      const order = numbers.get(number);
      const earlier = firstWith.get(number);
      if (order !== undefined)
        errors.customer_order_number = [{ key: "import_number_exists", params: { order } }];
      else if (earlier !== undefined) {
        errors.customer_order_number = [{ key: "import_number_repeated", params: { row: earlier } }];
      } else firstWith.set(number, row.row);
    }
    if (Object.keys(errors).length > 0 || "issues" in checked) return { errors };
    return { body: checked.value as Record<string, unknown> };
  }

  /**
   * Each body created as the orders' create takes it, in one transaction that is rolled back (`createMany`'s dry
   * run: one write path): null where the create took it, else its errors.
   */
  private async tryCreates(
    user: Principal,
    prepared: ({ body: Record<string, unknown> } | { errors: FieldErrors })[],
  ): Promise<(FieldErrors | null)[]> {
    const bodies = prepared.flatMap((item) => ("body" in item ? [item.body] : []));
    const refused = await this.orders.orders
      .createMany(user, bodies, { dryRun: true })
      .then((outcome) => outcome.refused)
      .catch((error) => {
        // The policy refuses the user this company's orders (their rights changed since the upload): every row
        if (!(error instanceof Forbidden)) throw error;
        return new Map<number, FieldErrors>(
          bodies.map((_, index) => [index, { detail: [{ key: "access_denied" }] }]),
        );
      });
    let index = 0;
    return prepared.map((item) => ("errors" in item ? item.errors : (refused.get(index++) ?? null)));
  }

  /**
   * Creates the valid rows in one transaction, all or none: a row the create refuses now (a book changed since the
   * check), or the same file imported meanwhile, ends the import failed with nothing created.
   */
  private async run(id: number, run: JobRun): Promise<void> {
    const found = await this.repo.find(id);
    if (found?.state !== "importing") return;
    const progress = new ImportProgress(this.db, found, (db) => this.announce(db, found, "changed"));
    try {
      const user = await this.users.activePrincipal(found.author_id);
      if (!user) throw new ImportFailed({ key: "import_failed" });
      const books = await this.booksOf(found);
      await this.db.transaction(async (db) => {
        const repo = this.repo.in(db);
        // One run at a time: a lock of the import's own, not its row's, so that the progress is written meanwhile
        if ((await repo.lockRun(id))?.state !== "importing") return;
        const imported = await this.importedAs(repo, found.company_id, found.fingerprint);
        if (imported) throw new ImportFailed(imported);
        // The rows are checked again as the preview checked them (a book or the company's numbers may have changed)
        const numbers = await this.numbersOf(found, repo);
        const firstWith = new Map<string, number>();
        const valid = found.rows.filter((row) => !row.errors);
        const bodies = valid.map((row) => {
          const prepared = this.prepareRow(found, row, books, numbers, firstWith);
          if ("errors" in prepared)
            throw new ImportFailed({ key: "import_row_failed", params: { row: row.row } });
          return prepared.body;
        });
        const { ids, refused } = await this.orders.orders.createMany(user, bodies, {
          outer: db,
          onRow: (index) => {
            if (run.signal.aborted) throw new Error("stopped");
            progress.report(index + 1);
          },
        });
        const first = [...refused.keys()][0];
        if (first !== undefined) {
          throw new ImportFailed({ key: "import_row_failed", params: { row: valid[first]?.row ?? 0 } });
        }
        await repo.update(id, { state: "done", created: ids.length, finish_date: new Date() });
        await this.announce(db, found, "changed");
      });
    } catch (error) {
      if (error instanceof ImportFailed) return this.fail(found, error.reason);
      // Another import of the same file was done first (the unique index over done imports)
      if (isUniqueViolation(error)) return this.fail(found, { key: "import_failed" });
      throw error;
    } finally {
      await progress.settled();
    }
  }

  /** Ends an import failed with its reason (kept in no language), unless it has ended already. */
  private async fail(found: OrderImportRow, reason: Message): Promise<void> {
    await this.db.transaction(async (db) => {
      const repo = this.repo.in(db);
      const current = await repo.lock(found.id);
      if (!current || current.state === "done" || current.state === "failed") return;
      await repo.update(found.id, { state: "failed", failure: reason, created: 0, finish_date: new Date() });
      await this.announce(db, found, "changed");
    });
  }

  /** The books the file's relation columns name, with only the codes the file uses of the large ones (stations). */
  private async booksOf(found: OrderImportRow): Promise<Books> {
    const codes = new Map<string, Set<string>>();
    found.columns.forEach((name, index) => {
      if (name === "") return;
      const field = freightOrderFields[name as keyof typeof freightOrderFields] as FieldDef;
      if (field.kind !== "relation" && field.kind !== "relations") return;
      const set = codes.get(field.to) ?? new Set<string>();
      codes.set(field.to, set);
      for (const row of found.rows) for (const item of itemsOf(textOfCell(row.cells[index]))) set.add(item);
    });
    return this.books(codes);
  }

  /** The books of the order's relations: every row of the small ones, the rows of `codes` of the large ones. */
  private async books(codes: Map<string, Set<string>>): Promise<Books> {
    const books: Books = new Map();
    const targets = new Set(
      Object.values(freightOrderFields as Record<string, FieldDef>).flatMap((field) =>
        field.kind === "relation" || field.kind === "relations" ? [field.to] : [],
      ),
    );
    for (const to of targets) {
      const book = await this.repo.book(to, [...(codes.get(to) ?? [])].slice(0, 20_000));
      if (book) books.set(to, book);
    }
    return books;
  }

  /** The company's orders that carry a customer's number the file uses (read through `repo`'s transaction). */
  private async numbersOf(found: OrderImportRow, repo = this.repo): Promise<Map<string, number>> {
    const index = found.columns.indexOf("customer_order_number");
    if (index < 0) return new Map();
    const numbers = found.rows.map((row) => textOfCell(row.cells[index])).filter((text) => text !== "");
    return repo.ordersWithNumbers(found.company_id, [...new Set(numbers)]);
  }

  /** Tells the import's company's open pages that it changed (its progress, its end). */
  private async announce(db: Db, row: OrderImportRow, action: "created" | "changed") {
    await announceChange(db, { resource: "order_imports", id: row.id, action, companies: [row.company_id] });
  }
}

/**
 * The rows an import has created so far, written to its `created` (and announced) beside the import's own
 * transaction, which keeps them unseen until it commits: a write at each STEPS-th part of the rows, one at a time
 * (a newer count waits for the write before it, older ones are dropped), and only while the import runs, so that
 * a late one never overwrites the end. On the embedded database (one connection) the writes wait for the import's
 * transaction: the page sees the end, not the steps.
 */
class ImportProgress {
  private static readonly STEPS = 50;
  private readonly step: number;
  private written = 0;
  private wanted = 0;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly found: OrderImportRow,
    private readonly announce: (db: Db) => Promise<void>,
  ) {
    this.step = Math.max(1, Math.ceil(found.valid / ImportProgress.STEPS));
  }

  /** `done` rows are created (in the import's transaction). */
  report(done: number): void {
    if (done - Math.max(this.written, this.wanted) < this.step) return;
    this.wanted = done;
    this.writing ??= this.write();
  }

  /** Waits for the last write asked for (after the import's transaction has ended). */
  async settled(): Promise<void> {
    await this.writing;
  }

  private async write(): Promise<void> {
    try {
      while (this.wanted > this.written) {
        const created = this.wanted;
        await this.db.transaction(async (db) => {
          const moved = await db
            .update(orderImports)
            .set({ created })
            .where(and(eq(orderImports.id, this.found.id), eq(orderImports.state, "importing")))
            .returning({ id: orderImports.id });
          if (moved.length > 0) await this.announce(db);
        });
        this.written = created;
      }
    } catch {
      // A progress write lost is a step the page does not show: the import goes on, and its end is written by it
    } finally {
      this.writing = null;
    }
  }
}

/** A cell's text as the preview and the lookups read it (as the create's body has it: values.ts). */
function textOfCell(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "object") return "date" in cell ? String((cell as { date: string }).date) : "";
  return spreadsheetTextRead(String(cell).trim());
}

/** A cell of the error report: the file's value (a day as its text, a bad cell blank). */
function reportCell(cell: CellValue | BadCell): string | number | null {
  if (cell === null || typeof cell === "number" || typeof cell === "string") return cell;
  if (typeof cell === "boolean") return String(cell);
  return "date" in cell ? cell.date : null;
}

/** A row's errors as one text: each column's label and its messages. */
function errorText(
  columns: readonly string[],
  errors: FieldErrors,
  language: Language,
  t: Translate,
): string {
  return Object.entries(errors)
    .map(([field, messages]) => {
      const text = messages.map((message) => t(message)).join("; ");
      return columns.includes(field) || Object.hasOwn(freightOrderFields, field)
        ? `${labelOf("freight_order", field, language)}: ${text}`
        : text;
    })
    .join(". ");
}
