import { buffer } from "node:stream/consumers";
import type { ContainerLabels, PkgState } from "@portal/domain";
import { NotFound } from "../../core/errors.ts";
import { announceChange } from "../../core/live.ts";
import type { Principal } from "../../core/principal.ts";
import type { Db } from "../../db/client.ts";
import type { JobRun } from "../../jobs/job-type.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { containerEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import type { OrdersService } from "../orders/service.ts";
import { serverDay } from "./customs-day.ts";
import {
  type CustomsAnswer,
  type CustomsGateway,
  type CustomsPackage,
  CustomsRefused,
  CustomsUnavailable,
} from "./customs-gateway.ts";
import type { CustomsEvent, ExchangeRepo, PackageToExchange } from "./exchange-repo.ts";
import {
  type AskPackageJob,
  type CustomsJobSettings,
  type CustomsJobTypes,
  customsJobTypes,
  type SubmitPackageJob,
  type WithdrawPackageJob,
} from "./jobs.ts";

/**
 * A container's package as it changed in a request: made (or replaced) and waiting to be sent (`pending`), or to
 * be withdrawn (`withdraw`); with who changed it, the order's company and the container's version it left.
 */
export interface PackageChange {
  container: number;
  freight_order: number;
  pkg_pid: number;
  pkg_state: "pending" | "withdraw";
  user: number;
  company: number;
  version: number;
}

export interface ExchangeSettings extends CustomsJobSettings {
  /** The wait before asking again when the system names none. */
  pollSeconds: number;
}

/** What the exchange writes: the system's answer, or its own verdict that the exchange failed. */
type Outcome = CustomsAnswer | { state: "processing_error"; message: string };

/** The asks for a decision before the exchange gives up on a package (a day of asks at the default 30 s). */
export const MAX_ASK_ROUNDS = 2880;

/** A failure that is not the system's own (a defect, the database): its message stays out of the package's. */
const EXCHANGE_FAILED = "Сбой обмена с системой таможенного декларирования";

/**
 * The exchange with the customs declaration system (docs/customs.md): each package change sends a job in the
 * change's transaction; the jobs call the gateway outside any transaction and write its answer in one of their
 * own, under the container's row lock and only while the container's package is still the job's (`pkg_pid`) and
 * where the job found it. Each written answer bumps the container's version, records a customs event, and is
 * announced on the live stream.
 */
export class CustomsExchange {
  /** The exchange's job types, declared by the containers module (jobs.ts) and sent from here. */
  readonly jobTypes: CustomsJobTypes;

  constructor(
    private readonly db: Db,
    private readonly repo: ExchangeRepo,
    private readonly gateway: CustomsGateway,
    private readonly jobs: JobQueue,
    private readonly orders: OrdersService,
    private readonly storage: FileStorage,
    private readonly settings: ExchangeSettings,
    private readonly notifications: NotificationsService,
  ) {
    this.jobTypes = customsJobTypes(
      {
        submit: (job, run) => this.submit(job, run),
        ask: (job, run) => this.ask(job, run),
        withdraw: (job, run) => this.withdraw(job, run),
      },
      settings,
    );
  }

  /** How the logs name the system the packages go to. */
  get gatewayDescription(): string {
    return this.gateway.description;
  }

  /**
   * In the transaction of a package's change (`db`): records the user's act (a package sent, or its withdrawal
   * asked for), sends the job that takes it to the system (it exists once the change commits, and never if it rolls
   * back), and announces the container's change.
   */
  async packageChanged(db: Db, change: PackageChange): Promise<void> {
    const { container, pkg_pid } = change;
    const isSent = change.pkg_state === "pending";
    await this.repo.in(db).recordEvent({
      container_id: container,
      event_code: isSent ? "package_sent" : "package_withdraw_requested",
      event_date: serverDay(),
      source: "portal",
      user_id: change.user,
      pkg_pid,
    });
    if (isSent) await this.jobs.send(db, this.jobTypes.submit, { container, pkg_pid });
    else await this.jobs.send(db, this.jobTypes.withdraw, { container, pkg_pid, version: change.version });
    await announcePackage(db, container, change.freight_order, change.company);
  }

  /**
   * GET freight_orders/{fid}/containers/{id}/labels/: the labels of the container's current package, oldest first;
   * 404 for an order outside the user's or a container of another order.
   */
  async labels(user: Principal, orderId: number, containerId: number): Promise<ContainerLabels> {
    await this.orders.orders.get(user, orderId);
    const rows = await this.repo.currentLabels(containerId, orderId);
    if (!rows) throw new NotFound();
    return { results: rows.map((row) => ({ ...row, create_date: row.create_date.toISOString() })) };
  }

  /**
   * Sends the jobs of the packages the exchange has not finished with (the demo's, seeded without jobs): to send,
   * to ask about, to withdraw. A package whose job was sent already sends nothing (its key). Answers how many
   * jobs were queued.
   */
  async sendPackagesInFlight(): Promise<number> {
    let sent = 0;
    for (const row of await this.repo.packagesInFlight()) {
      const { id: container, pkg_pid } = row;
      if (pkg_pid === null) continue;
      const isSent = await this.db.transaction((db) => {
        if (row.pkg_state === "pending")
          return this.jobs.send(db, this.jobTypes.submit, { container, pkg_pid });
        if (row.pkg_state === "uploaded") {
          return this.jobs.send(db, this.jobTypes.ask, { container, pkg_pid, round: 1 });
        }
        return this.jobs.send(db, this.jobTypes.withdraw, { container, pkg_pid, version: row.version });
      });
      if (isSent) sent += 1;
    }
    return sent;
  }

  /** customs.submit-package: sends a package still waiting to be sent. */
  private async submit(job: SubmitPackageJob, run: JobRun): Promise<void> {
    const pkg = await this.repo.packageToExchange(job.container, job.pkg_pid, ["pending"]);
    if (!pkg) return;
    const answer = await this.call(job, "pending", run, (signal) =>
      this.gateway.submit(this.customsPackage(pkg), signal),
    );
    if (answer) await this.settle(job, "pending", answer, 1);
  }

  /** customs.ask-package-state: asks for the decision on an uploaded package; asks again later while there is none. */
  private async ask(job: AskPackageJob, run: JobRun): Promise<void> {
    const pkg = await this.repo.packageToExchange(job.container, job.pkg_pid, ["uploaded"]);
    if (!pkg) return;
    if (job.round > MAX_ASK_ROUNDS) {
      const message = "Система таможенного декларирования не приняла решение по пакету за отведённое время";
      await this.settle(job, "uploaded", { state: "processing_error", message }, job.round);
      return;
    }
    const answer = await this.call(job, "uploaded", run, (signal) =>
      this.gateway.status(this.customsPackage(pkg), signal),
    );
    if (answer) await this.settle(job, "uploaded", answer, job.round + 1);
  }

  /** customs.withdraw-package: withdraws a package the user asked to withdraw. */
  private async withdraw(job: WithdrawPackageJob, run: JobRun): Promise<void> {
    const pkg = await this.repo.packageToExchange(job.container, job.pkg_pid, ["withdraw"]);
    if (!pkg) return;
    const answer = await this.call(job, "withdraw", run, (signal) =>
      this.gateway.withdraw(this.customsPackage(pkg), signal),
    );
    if (answer) await this.settle(job, "withdraw", answer, 1);
  }

  /**
   * Calls the system. A refusal for good is the package's processing_error at once; any other failure fails the
   * attempt (retried with backoff), and on the last attempt is first written as the package's processing_error,
   * so the person watching it sees why. A stopping process hands its job back as it is.
   */
  private async call(
    job: SubmitPackageJob,
    from: PkgState,
    run: JobRun,
    request: (signal: AbortSignal) => Promise<CustomsAnswer>,
  ): Promise<CustomsAnswer | null> {
    try {
      return await request(run.signal);
    } catch (error) {
      if (run.signal.aborted) throw error;
      const isCustoms = error instanceof CustomsRefused || error instanceof CustomsUnavailable;
      const failure: Outcome = {
        state: "processing_error",
        message: isCustoms ? error.message : EXCHANGE_FAILED,
      };
      if (error instanceof CustomsRefused) {
        await this.settle(job, from, failure, 1);
        return null;
      }
      if (run.isLastAttempt) await this.settle(job, from, failure, 1);
      throw error;
    }
  }

  /**
   * Writes an outcome in a transaction of its own, under the container's row lock, when the container's package
   * is still the job's and in the state the job moves on from: an answer for a replaced package (a new `pkg_pid`)
   * or for one that moved on meanwhile (withdrawn, answered by an earlier run of the job) changes nothing.
   * `nextRound`: the round of the next ask while the system has not decided.
   */
  private async settle(
    job: SubmitPackageJob,
    from: PkgState,
    outcome: Outcome,
    nextRound: number,
  ): Promise<void> {
    const { container, pkg_pid } = job;
    await this.db.transaction(async (db) => {
      const repo = this.repo.in(db);
      const row = await repo.lockPackage(container);
      if (!row || row.pkg_pid !== pkg_pid || row.pkg_state !== from) return;
      const day = serverDay();
      const event = (event_code: CustomsEvent["event_code"], message: string, event_date = day) =>
        repo.recordEvent({
          container_id: container,
          event_code,
          event_date,
          source: "customs",
          pkg_pid,
          message,
        });
      const write = (values: Parameters<ExchangeRepo["writeAnswer"]>[1]) =>
        repo.writeAnswer(container, values);
      // The customs system is the actor: the container's company and its managers are told, in this transaction
      const tell = (
        kind: Parameters<typeof containerEvent>[0],
        params: Parameters<typeof containerEvent>[3],
      ) =>
        this.notifications.emit(
          db,
          containerEvent(kind, null, { id: container, company: row.company }, params),
        );
      switch (outcome.state) {
        case "uploaded": {
          const startAfterSeconds = outcome.checkAfterSeconds ?? this.settings.pollSeconds;
          const next = { container, pkg_pid, round: nextRound };
          await this.jobs.send(db, this.jobTypes.ask, next, { startAfterSeconds });
          // Still deciding: the package stays as it is, and nobody is told of a change
          if (from === "uploaded") return;
          await write({ pkg_state: "uploaded", pkg_message: outcome.message });
          await event("package_uploaded", outcome.message);
          break;
        }
        case "accepted": {
          const { declaration } = outcome;
          await write({ pkg_state: "accepted", pkg_message: outcome.message, ...declaration });
          await repo.addLabels(container, pkg_pid, outcome.labels);
          await event("package_accepted", outcome.message);
          const released = `${declaration.td_number}: ${declaration.transit_decl_status}`;
          await event("declaration_released", released, declaration.td_allowed_date);
          await tell("package_accepted", { message: outcome.message });
          // The transit declaration's release, told as a manager's setting of the release date is
          await tell("declaration_released", { date: declaration.td_allowed_date });
          break;
        }
        case "rejected":
          await write({ pkg_state: "rejected", pkg_message: outcome.message });
          await repo.addLabels(container, pkg_pid, outcome.labels ?? []);
          await event("package_rejected", outcome.message);
          await tell("package_rejected", { message: outcome.message });
          break;
        case "withdrawn":
          await write({ pkg_state: "withdrawn", pkg_message: outcome.message });
          await event("package_withdrawn", outcome.message);
          await tell("package_withdrawn", { message: outcome.message });
          break;
        case "processing_error":
          await write({ pkg_state: "processing_error", pkg_message: outcome.message });
          await event("package_processing_error", outcome.message);
          break;
      }
      await announcePackage(db, container, row.freight_order, row.company);
    });
  }

  /** The package as the gateway is given it: each document's bytes are read only if the gateway sends them. */
  private customsPackage(pkg: PackageToExchange): CustomsPackage {
    return {
      pkg_pid: pkg.pkg_pid,
      container: pkg.container,
      freight_order: pkg.freight_order,
      border_crossing: pkg.border_crossing,
      documents: pkg.documents.map(({ storage_key, ...doc }) => ({
        ...doc,
        read: async () => buffer(await this.storage.get(storage_key)),
      })),
    };
  }
}

/**
 * Announces a package's change in its transaction: the container's, and its order's, whose page caches the order's
 * containers grid under the order's address (the web refreshes what lies under a changed row's address).
 */
async function announcePackage(db: Db, container: number, order: number, company: number): Promise<void> {
  const companies = [company];
  await announceChange(db, { resource: "containers", id: container, action: "changed", companies });
  await announceChange(db, { resource: "freight_orders", id: order, action: "changed", companies });
}
