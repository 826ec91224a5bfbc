import {
  CONTAINER_BULK_MAX,
  CONTAINER_IMPORT_COLUMNS,
  containerFields,
  containerPolicy,
  createSchema,
  isValidContainerNumber,
  type Language,
  normalizeContainerNumber,
  type OrderContainer,
  type OrderContainersPatch,
  type PackageContent,
  type RowOf,
} from "@portal/domain";
import { and, eq, isNull } from "drizzle-orm";
import { isSameValue } from "../../core/audit.ts";
import { CrudService, type PendingWrite, writeRules } from "../../core/crud.ts";
import { type FieldErrors, Forbidden, NotFound, ValidationFailed } from "../../core/errors.ts";
import { findList, findOne } from "../../core/find-page.ts";
import type { Translate } from "../../core/i18n.ts";
import type { ListQuery } from "../../core/list-query.ts";
import type { Principal } from "../../core/principal.ts";
import { companyScope } from "../../core/tenancy.ts";
import { changeStamp, lockVersioned } from "../../core/versioned.ts";
import type { Db } from "../../db/client.ts";
import { containers, containerTypes, freightOrders } from "../../db/schema/index.ts";
import type { PdfBuilder } from "../../documents/pdf-builder.ts";
import { issuesToFieldErrors } from "../../http/validation.ts";
import type { CompaniesService } from "../companies/service.ts";
import { containerEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { OrderImportRepo } from "../order-import/repo.ts";
import { readTable } from "../order-import/spreadsheet.ts";
import { templateXlsx } from "../order-import/template.ts";
import { type Books, CONTAINER_SHEET, columnsOf, rowToBody } from "../order-import/values.ts";
import type { OrdersService } from "../orders/service.ts";
import { TransitDeclarations } from "./declaration.ts";
import { DeclarationRepo } from "./declaration-repo.ts";
import type { CustomsExchange } from "./exchange.ts";
import type { ContainersRepo, OrderForContainers } from "./repo.ts";
import { containerList, orderContainerList } from "./resources.ts";
import { ContainerTracking } from "./tracking.ts";
import { TrackingRepo } from "./tracking-repo.ts";

export type ContainerRow = RowOf<typeof containerFields>;
type Body = Record<string, unknown>;

/** A single container's create body: what each row of a bulk addition is checked by. */
const containerCreateBody = createSchema(containerFields);

/** A row of a bulk addition as checked: the number it names, and its problems or the body to create. */
export interface BulkRow {
  index: number;
  container: string;
  id: number | null;
  errors: FieldErrors;
}

/** The orders a user sees (their companies'; managers: all), deleted ones aside: their containers are the user's. */
const orderScope = (user: Principal) =>
  and(isNull(freightOrders.deleted_at), companyScope(user, freightOrders.company_id));

/**
 * Containers of shipping orders (spec 01 §3–§6, spec 02; DOMAIN.md "Containers and the customs declaration
 * system"): added to an order up to its `container_count`, changed under the order's status and the container
 * policy, their numbers stored whether or not they pass ISO 6346 (flagged by `is_number_valid`), and their
 * packages of the order's documents made and withdrawn for the customs declaration system.
 */
export class ContainersService {
  /** List, read, create, change and delete containers (crudRoutes). */
  readonly containers: CrudService<ContainerRow>;
  /** The milestones of the track dates, recorded as the containers are written, and the tracking (tracking.ts). */
  readonly tracking: ContainerTracking;
  /** The transit declaration's documents, XML and PDF (declaration.ts). */
  readonly declarations: TransitDeclarations;

  constructor(
    private readonly db: Db,
    private readonly repo: ContainersRepo,
    private readonly orders: OrdersService,
    private readonly exchange: Pick<CustomsExchange, "packageChanged">,
    companies: CompaniesService,
    private readonly notifications: NotificationsService,
    pdf: PdfBuilder,
  ) {
    this.tracking = new ContainerTracking(new TrackingRepo(db), orders);
    this.declarations = new TransitDeclarations(db, new DeclarationRepo(db), orders, companies, pdf);
    this.containers = new CrudService(db, {
      fields: containerFields,
      table: containers,
      list: containerList,
      policy: containerPolicy,
      scope: orderScope,
      references: { container_type: containerTypes.id },
      // A container is judged by its order's status (containerPolicy); a new one by the order its body names
      policyRow: async (db, row: ContainerRow) => {
        const order = await this.repo.in(db).order(row.freight_order, undefined);
        if (!order) throw new NotFound();
        return order;
      },
      policyRowOfNew: (db, user, values) => this.orderOfNew(db, user, values.freight_order),
      // A container's company is its order's (`company` as listed)
      live: { resource: "containers", company: "company" },
      rules: writeRules<ContainerRow>({
        prepare: (write) => this.prepare(write),
        stamp: (user) => changeStamp(user.id),
        record: async (write) => {
          const recorded = await this.tracking.recordTrackDates(write);
          const { db, user, current, saved } = write;
          // Heard by webhook endpoints only: the container added or changed, each tracking event recorded
          await this.notifications.emit(
            db,
            containerEvent(current ? "container_changed" : "container_added", user, saved),
          );
          for (const event of recorded) {
            await this.notifications.emit(db, containerEvent("tracking_event_recorded", user, saved, event));
          }
          // The customs declaration's release: told when its date is first set
          if (saved.dt_allowed_date && !current?.dt_allowed_date) {
            await this.notifications.emit(
              db,
              containerEvent("declaration_released", user, saved, { date: saved.dt_allowed_date }),
            );
          }
        },
      }),
    });
  }

  /** GET freight_orders/{id}/containers/: the order's containers with their packages; 404 outside the user's orders. */
  async orderContainers(user: Principal, orderId: number, query: ListQuery) {
    await this.orders.orders.get(user, orderId);
    return findList<OrderContainer>(
      this.db,
      orderContainerList,
      query,
      eq(containers.freight_order_id, orderId),
    );
  }

  /**
   * PATCH freight_orders/{id}/containers/: makes (or replaces) the container's package of the order's files, or
   * asks to withdraw it, and in the same transaction hands it to the customs exchange (a job that takes it to the
   * system). 404 for an order outside the user's or a container of another order, 403 where the order's status
   * keeps the user from its containers, 409 on a stale `version`. Answers the container as this change left it.
   */
  async changePackage(user: Principal, orderId: number, body: OrderContainersPatch): Promise<OrderContainer> {
    const order = await this.orders.orders.get(user, orderId);
    // A package is a change of the container: the policy's rule of a change, asked by this call of its own
    if (!containerPolicy.canChangeRow(user, await this.orders.status(order.status))) throw new Forbidden();
    const isWithdrawal = body.withdraw === true;
    if (isWithdrawal && body.package_content !== undefined) {
      throw new ValidationFailed({ withdraw: [{ key: "package_or_withdraw" }] });
    }
    if (!isWithdrawal && body.package_content === undefined) {
      throw new ValidationFailed({ package_content: [{ key: "must_be_set" }] }, true);
    }
    return this.db.transaction(async (db) => {
      const repo = this.repo.in(db);
      const locked = await lockVersioned(db, containers, body.container, body.version, {
        where: eq(containers.freight_order_id, orderId),
        current: () => findOne(db, orderContainerList, body.container),
      });
      const stored = await repo.storedPackage(body.container, orderId);
      if (!stored) throw new NotFound();
      // The package's one write below bumps the version once
      const change = {
        container: stored.id,
        freight_order: orderId,
        user: user.id,
        company: order.company,
        version: locked + 1,
      };
      if (isWithdrawal) {
        if (stored.pkg_pid === null || stored.pkg_state === null || stored.pkg_state === "withdrawn") {
          throw new ValidationFailed({ detail: [{ key: "no_package" }] });
        }
        await repo.withdrawPackage(stored.id, user.id);
        await this.exchange.packageChanged(db, { ...change, pkg_pid: stored.pkg_pid, pkg_state: "withdraw" });
      } else {
        // An order's border crossing is where its containers' transit declarations end (spec 01 §5)
        if (order.border_crossing_point === null) {
          throw new ValidationFailed({ border_crossing_point: [{ key: "package_needs_border_crossing" }] });
        }
        const files = [...new Set(body.package_content)];
        if (files.length === 0) throw new ValidationFailed({ package_content: [{ key: "required" }] });
        if ((await repo.orderFileIds(orderId, files)).length !== files.length) {
          throw new ValidationFailed({ package_content: [{ key: "package_file_not_in_order" }] });
        }
        const pkgPid = await repo.savePackage(stored.id, files, user.id);
        await this.exchange.packageChanged(db, { ...change, pkg_pid: pkgPid, pkg_state: "pending" });
      }
      // Read in the transaction: the exchange may move the package on as soon as it commits
      return findOne<OrderContainer>(db, orderContainerList, change.container);
    });
  }

  /**
   * POST freight_orders/{id}/containers/bulk/ (and bulk/check/, `dryRun`): adds the rows as containers of the order,
   * each checked as a single container's create checks it (its body schema, then `containers.createMany`: the
   * same policy, rules and write path), with two checks of a list's own first: a number must pass ISO 6346 (a
   * paste is where a typo goes unseen; one typed on its own is flagged, not refused) and must not be in the list
   * twice. All rows are added in one transaction, or none: a real call with a refused row answers 400 naming each
   * (`containers.{index}.{field}`); a check answers every row's outcome and keeps nothing. 404 outside the user's
   * orders, 403 where the order's status keeps the user from adding containers.
   */
  async addMany(
    user: Principal,
    orderId: number,
    rows: Record<string, unknown>[],
    dryRun: boolean,
    readErrors: FieldErrors[] = [],
  ): Promise<BulkRow[]> {
    await this.orders.orders.get(user, orderId);
    if (rows.length === 0) throw new ValidationFailed({ containers: [{ key: "container_list_empty" }] });
    if (rows.length > CONTAINER_BULK_MAX) {
      throw new ValidationFailed({
        containers: [{ key: "container_list_too_long", params: { limit: CONTAINER_BULK_MAX } }],
      });
    }
    const seen = new Set<string>();
    const checked = rows.map((row, index) => {
      const raw = typeof row.container === "string" ? normalizeContainerNumber(row.container) : "";
      const result: BulkRow & { body?: Body } = { index, container: raw, id: null, errors: {} };
      const parsed = containerCreateBody.safeParse({ ...row, freight_order: orderId }, { reportInput: true });
      const unread = readErrors[index] ?? {};
      if (Object.keys(unread).length > 0) result.errors = unread;
      else if (!parsed.success) result.errors = issuesToFieldErrors(parsed.error.issues).fields;
      else if (!isValidContainerNumber(raw)) {
        result.errors = { container: [{ key: "container_number_check_digit", params: { number: raw } }] };
      } else if (seen.has(raw)) {
        result.errors = { container: [{ key: "container_listed_twice", params: { number: raw } }] };
      } else {
        seen.add(raw);
        result.body = parsed.data;
      }
      return result;
    });
    const writable = checked.filter((row) => row.body !== undefined);
    const isRefused = writable.length < checked.length;
    const { ids, refused } = await this.containers.createMany(
      user,
      writable.map((row) => row.body as Body),
      { dryRun: dryRun || isRefused },
    );
    writable.forEach((row, i) => {
      row.errors = refused.get(i) ?? {};
      row.id = dryRun || isRefused || refused.size > 0 ? null : (ids[i] ?? null);
    });
    const results = checked.map(({ body: _, ...row }) => row);
    if (!dryRun && results.some((row) => Object.keys(row.errors).length > 0)) {
      throw new ValidationFailed(
        Object.fromEntries(
          results.flatMap((row) =>
            Object.entries(row.errors).map(([field, messages]) => [
              `containers.${row.index}.${field}`,
              messages,
            ]),
          ),
        ),
      );
    }
    return results;
  }

  /**
   * GET freight_orders/{id}/containers/bulk/template/: the spreadsheet of containers to fill (XLSX, in `language`),
   * made as the order import's template is, from the containers' field definitions (CONTAINER_IMPORT_COLUMNS).
   */
  async bulkTemplate(user: Principal, orderId: number, language: Language, t: Translate): Promise<Buffer> {
    await this.orders.orders.get(user, orderId);
    const types = (await new OrderImportRepo(this.db).book("container_type", [])) ?? [];
    return templateXlsx(language, t, new Map([["container_type", types]]), {
      sheet: CONTAINER_SHEET,
      columns: CONTAINER_IMPORT_COLUMNS,
      name: "import_sheet_containers",
    });
  }

  /**
   * POST freight_orders/{id}/containers/bulk/file/ (and bulk/file/check/, `dryRun`): a spreadsheet's rows (XLSX or
   * CSV, read as the order import reads a file: its limits, hostile files and cells) added as `addMany` adds a
   * list, each row's outcome told with its row as the file counts it. 400 on `file` for a file the import would
   * refuse (its format, size, unknown or repeated columns); 404 outside the user's orders.
   */
  async addFromFile(
    user: Principal,
    orderId: number,
    content: Buffer,
    dryRun: boolean,
  ): Promise<(BulkRow & { row: number })[]> {
    await this.orders.orders.get(user, orderId);
    const table = await readTable(content);
    const columns = columnsOf(table.headers, CONTAINER_IMPORT_COLUMNS, CONTAINER_SHEET);
    const types = (await new OrderImportRepo(this.db).book("container_type", [])) ?? [];
    const books: Books = new Map([["container_type", types]]);
    const read = table.rows.map((row) => rowToBody(columns, row.cells, books, CONTAINER_SHEET));
    const results = await this.addMany(
      user,
      orderId,
      read.map((row) => row.body),
      dryRun,
      read.map((row) => row.errors),
    );
    return results.map((result) => ({ ...result, row: table.rows[result.index]?.row ?? 0 }));
  }

  /**
   * GET freight_orders/{fid}/containers/{id}/package-content/: the package's files with their download addresses
   * (none without a package); 404 for an order outside the user's or a container of another order.
   */
  async packageContent(user: Principal, orderId: number, containerId: number): Promise<PackageContent> {
    await this.orders.orders.get(user, orderId);
    const files = await this.repo.packageFiles(containerId, orderId);
    if (!files) throw new NotFound();
    return {
      results: files.map((file) => ({
        url: `/tracking/api/freight_orders/${orderId}/file/${file.id}`,
        freight_order: orderId,
        freight_order_file_id: file.id,
        filename: file.filename,
      })),
    };
  }

  /**
   * The order a new container names, within the user's orders (400 on `freight_order` for one they do not see, as
   * for one that does not exist), its row locked until the container is in, so that two added at once are counted
   * in turn.
   */
  private async orderOfNew(db: Db, user: Principal, id: unknown): Promise<OrderForContainers> {
    const order = typeof id === "number" ? await this.repo.in(db).order(id, orderScope(user), true) : null;
    if (!order) throw new ValidationFailed({ freight_order: [{ key: "relation_not_found" }] });
    return order;
  }

  /** Refuses a number the order has on another container (400 on `container`); a change locks the order first. */
  private async refuseNumberTwice(db: Db, number: string, current: ContainerRow | null, values: Body) {
    const repo = this.repo.in(db);
    const orderId = (current?.freight_order ?? values.freight_order) as number;
    // A new container's order is locked already (`orderOfNew`)
    if (current) await repo.order(orderId, undefined, true);
    if (await repo.hasNumber(orderId, number, current?.id)) {
      throw new ValidationFailed({ container: [{ key: "container_in_order", params: { number } }] });
    }
  }

  /**
   * What a create or a change writes: the body (the shared CRUD has dropped what the user has no say in and refused
   * what the order's status keeps from them) without what does not differ from the stored container; refused past
   * the order's container count, for an approved container's prepare-to-ship date, or for a number the order has
   * on another of its containers (the order's row locked, so that two writes of one number come in turn). The number
   * is stored normalised, with its ISO 6346 flag.
   */
  private async prepare({ db, user, current, values: body }: PendingWrite<ContainerRow>): Promise<Body> {
    const values: Body = {};
    for (const [field, value] of Object.entries(body)) {
      if (value === undefined) continue;
      values[field] = field === "container" ? normalizeContainerNumber(value as string) : value;
    }
    if (current) {
      for (const [field, value] of Object.entries(values)) {
        if (isSameValue(value, current[field as keyof ContainerRow])) delete values[field];
      }
      if ("prepare_to_ship_date" in values && !containerPolicy.canChangePrepareToShipDate(user, current)) {
        throw new ValidationFailed({ prepare_to_ship_date: [{ key: "container_approved_ship_date" }] });
      }
    } else {
      const order = await this.orderOfNew(db, user, values.freight_order);
      if ((await this.orders.containerCount(db, order.id)) >= order.container_count) {
        throw new ValidationFailed({
          container_count: [{ key: "container_count_reached", params: { limit: order.container_count } }],
        });
      }
    }
    if (typeof values.container === "string")
      await this.refuseNumberTwice(db, values.container, current, values);
    const { freight_order, ...written } = values;
    if (typeof written.container === "string") {
      written.is_number_valid = isValidContainerNumber(written.container);
    }
    if (current) return written;
    return { ...written, freight_order_id: freight_order, author_id: user.id };
  }
}
