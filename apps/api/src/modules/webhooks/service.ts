import { randomUUID } from "node:crypto";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreateBody,
  type WebhookEndpointPatchBody,
  type WebhookEventKind,
  type WebhookSecret,
} from "@portal/domain";
import { Forbidden, NotFound, ValidationFailed } from "../../core/errors.ts";
import { findList } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import { announceChange } from "../../core/live.ts";
import { companyReader, type Principal } from "../../core/principal.ts";
import { isInCompanyScope } from "../../core/tenancy.ts";
import type { Db } from "../../db/client.ts";
import type { JobRun } from "../../jobs/job-type.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { SecretBox } from "../auth/secret-box.ts";
import { serverDay } from "../containers/customs-day.ts";
import type { ContainersService } from "../containers/service.ts";
import type { NotificationDelivery, WrittenEvent } from "../notifications/delivery.ts";
import type { NotificationEvent, NotificationsService } from "../notifications/service.ts";
import type { OrdersService } from "../orders/service.ts";
import type { AddressGuard } from "./address-guard.ts";
import { type WebhookJob, type WebhookJobTypes, webhookJobTypes } from "./jobs.ts";
import {
  deliveryScope,
  endpointScope,
  type WebhookEndpointRow,
  type WebhookEventRow,
  type WebhooksRepo,
  webhookDeliveryList,
} from "./repo.ts";
import { newWebhookSecret, sendWebhook } from "./sender.ts";

export interface WebhookSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  expireSeconds: number;
  disableAfterHours: number;
  timeoutMs: number;
  allowHttp: boolean;
}

/** What builds an event's `data`: the object in the API's own shape, as a user of its company reads it. */
export interface WebhookObjects {
  orders: OrdersService;
  containers: ContainersService;
}

const KINDS: readonly string[] = WEBHOOK_EVENT_KINDS;

function present(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    company_id: row.company_id,
    url: row.url,
    description: row.description,
    kinds: row.kinds.filter((kind): kind is WebhookEventKind => KINDS.includes(kind)),
    enabled: row.enabled,
    disabled_reason: row.disabled_reason ?? null,
    failing_since: row.failing_since?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    version: row.version,
  };
}

/** A URL an endpoint may have: absolute, https (or http where allowed), no credentials in it. */
function checkUrl(value: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationFailed({ url: [{ key: "webhook_url_invalid" }] });
  }
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) {
    throw new ValidationFailed({ url: [{ key: "webhook_url_https" }] });
  }
  // Written as the URL parser writes it (escaped), within the column's length
  if (url.username || url.password || url.toString().length > 2000) {
    throw new ValidationFailed({ url: [{ key: "webhook_url_invalid" }] });
  }
  return url.toString();
}

/**
 * Webhooks (docs/integrations.md). As a delivery of the notifications' one event mechanism, it is asked of every
 * event whether an endpoint of the event's company is subscribed to its kind, and sends one job per (event,
 * endpoint) in the event's transaction. A job signs and sends the message (Standard Webhooks), logs the attempt,
 * and fails for a retry; 410 disables the endpoint, and so does failing for days, told to the company's users.
 */
export class WebhooksService implements NotificationDelivery {
  readonly jobTypes: WebhookJobTypes;

  constructor(
    private readonly db: Db,
    private readonly repo: WebhooksRepo,
    private readonly notifications: NotificationsService,
    private readonly jobs: JobQueue,
    private readonly box: SecretBox,
    private readonly guard: AddressGuard,
    private readonly objects: WebhookObjects,
    private readonly settings: WebhookSettings,
  ) {
    this.jobTypes = webhookJobTypes(
      (job, run) => this.deliver(job, run),
      () => this.sweep(),
      settings,
    );
  }

  // The delivery

  async wants(db: Db, event: NotificationEvent): Promise<boolean> {
    if (event.company_id === null || !KINDS.includes(event.kind)) return false;
    return (await this.repo.in(db).subscribed(event.company_id, event.kind)).length > 0;
  }

  /** One job per subscribed endpoint, sent in one statement in the event's transaction. */
  async eventWritten(db: Db, event: WrittenEvent): Promise<void> {
    if (event.company_id === null) return;
    const endpoints = await this.repo.in(db).subscribed(event.company_id, event.kind);
    await this.jobs.sendMany(
      db,
      this.jobTypes.deliver,
      endpoints.map((endpoint) => ({ endpoint, event: event.id })),
    );
  }

  // The endpoints

  async list(user: Principal): Promise<{ count: number; results: WebhookEndpoint[] }> {
    const rows = await this.repo.endpoints(endpointScope(user));
    return { count: rows.length, results: rows.map(present) };
  }

  /** An endpoint the user may manage; 404 for another company's. */
  async open(user: Principal, id: number): Promise<WebhookEndpointRow> {
    const row = await this.repo.endpoint(id, endpointScope(user));
    if (!row) throw new NotFound();
    return row;
  }

  async get(user: Principal, id: number): Promise<WebhookEndpoint> {
    return present(await this.open(user, id));
  }

  async create(user: Principal, body: WebhookEndpointCreateBody): Promise<WebhookEndpoint> {
    const company = user.is_manager ? body.company : (body.company ?? user.company_id);
    if (company === undefined || company === null) {
      throw new ValidationFailed({ company: [{ key: "required" }] });
    }
    // A client's endpoints are of the companies they work with; staff name any customer company
    if (!isInCompanyScope(user, [company])) throw new Forbidden();
    const url = checkUrl(body.url, this.settings.allowHttp);
    if (!(await this.repo.isCustomer(company))) {
      throw new ValidationFailed({ company: [{ key: "company_not_found" }] });
    }
    const row = await this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      if ((await repo.countOf(company)) >= WEBHOOK_ENDPOINTS_MAX) {
        throw new ValidationFailed({
          url: [{ key: "webhook_limit", params: { limit: WEBHOOK_ENDPOINTS_MAX } }],
        });
      }
      return repo.insert({
        company_id: company,
        url,
        description: body.description ?? "",
        kinds: [...new Set(body.kinds)],
        enabled: body.enabled ?? true,
        secret: this.box.seal(newWebhookSecret()),
        created_by: user.id,
      });
    });
    return present(row);
  }

  /** Changes an endpoint; enabling it again clears why the portal disabled it and its failures. */
  async update(user: Principal, id: number, body: WebhookEndpointPatchBody): Promise<WebhookEndpoint> {
    await this.open(user, id);
    const changes: Partial<WebhookEndpointRow> = {};
    if (body.url !== undefined) changes.url = checkUrl(body.url, this.settings.allowHttp);
    if (body.description !== undefined) changes.description = body.description;
    if (body.kinds !== undefined) changes.kinds = [...new Set(body.kinds)];
    if (body.enabled !== undefined) {
      changes.enabled = body.enabled;
      if (body.enabled) Object.assign(changes, { disabled_reason: null, failing_since: null });
    }
    return present(await this.repo.update(id, changes));
  }

  async remove(user: Principal, id: number): Promise<void> {
    await this.open(user, id);
    await this.repo.remove(id);
  }

  async secret(user: Principal, id: number): Promise<WebhookSecret> {
    return this.secretsOf(await this.open(user, id));
  }

  /** A new secret; the previous one still signs for WEBHOOK_PREVIOUS_SECRET_HOURS. */
  async rotate(user: Principal, id: number): Promise<WebhookSecret> {
    const row = await this.open(user, id);
    const saved = await this.repo.update(id, {
      secret: this.box.seal(newWebhookSecret()),
      previous_secret: row.secret,
      previous_secret_until: new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000),
    });
    return this.secretsOf(saved);
  }

  /** Sends a `webhook.test` message to the endpoint (paused or not). */
  async test(user: Principal, id: number): Promise<{ queued: number }> {
    await this.open(user, id);
    await this.jobs.send(this.db, this.jobTypes.deliver, { endpoint: id, test: randomUUID() });
    return { queued: 1 };
  }

  // The log

  deliveries(user: Principal, query: ListQuery) {
    return findList<WebhookDelivery>(this.db, webhookDeliveryList, query, deliveryScope(user));
  }

  /** A delivery of an endpoint the user may manage; 404 for another company's. */
  async openDelivery(user: Principal, id: number) {
    const delivery = await this.repo.delivery(id, deliveryScope(user));
    if (!delivery) throw new NotFound();
    return delivery;
  }

  /** Sends one delivery's message again (with its `webhook-id`), as a job of its own. */
  async replay(user: Principal, deliveryId: number): Promise<{ queued: number }> {
    return { queued: (await this.sendAgain(await this.openDelivery(user, deliveryId))) ? 1 : 0 };
  }

  /** Sends again every message of the endpoint that failed since a time and has not succeeded since. */
  async replayFailed(user: Principal, id: number, since: Date): Promise<{ queued: number }> {
    await this.open(user, id);
    let queued = 0;
    for (const delivery of await this.repo.failedSince(id, since)) {
      if (await this.sendAgain(delivery)) queued += 1;
    }
    return { queued };
  }

  private sendAgain(delivery: {
    id: number;
    endpoint_id: number;
    event_id: number | null;
    message_id: string;
  }) {
    const test = delivery.message_id.startsWith("msg_test_") ? delivery.message_id.slice(9) : undefined;
    if (delivery.event_id === null && !test) return Promise.resolve(false);
    return this.jobs.send(this.db, this.jobTypes.deliver, {
      endpoint: delivery.endpoint_id,
      ...(delivery.event_id !== null ? { event: delivery.event_id } : { test }),
      replay: delivery.id,
    });
  }

  /**
   * Deletes the log older than its 30 days: at start-up, and by a job the day's first delivery sends (one a day).
   * Answers how many rows.
   */
  sweep(): Promise<number> {
    return this.repo.sweep(WEBHOOK_LOG_DAYS);
  }

  // The job

  /** webhooks.deliver: one attempt, logged; a failure throws for the queue's retry. */
  private async deliver(job: WebhookJob, run: JobRun): Promise<void> {
    const endpoint = await this.repo.endpoint(job.endpoint);
    if (!endpoint) return;
    // A paused or disabled endpoint gets nothing more, but a test or a replay someone asked for
    if (!endpoint.enabled && job.test === undefined && job.replay === undefined) return;
    const event = job.event ? await this.repo.event(job.event) : null;
    if (job.event && !event) return;
    const message = event
      ? {
          id: `msg_${event.id}_${endpoint.id}`,
          kind: event.kind,
          body: JSON.stringify({
            type: event.kind,
            timestamp: event.created_at.toISOString(),
            data: await this.dataOf(event),
          }),
        }
      : {
          id: `msg_test_${job.test}`,
          kind: "webhook.test",
          body: JSON.stringify({
            type: "webhook.test",
            timestamp: new Date().toISOString(),
            data: { endpoint: endpoint.id },
          }),
        };
    const { secret, previous_secret, previous_secret_until } = this.secretsOf(endpoint);
    const secrets =
      previous_secret && previous_secret_until && new Date(previous_secret_until).getTime() > Date.now()
        ? [secret, previous_secret]
        : [secret];
    const outcome = await sendWebhook(
      endpoint.url,
      { id: message.id, body: message.body, secrets },
      {
        guard: this.guard,
        allowHttp: this.settings.allowHttp,
        timeoutMs: this.settings.timeoutMs,
        signal: run.signal,
      },
    );
    const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const outcomeText = await this.db.transaction(async (tx) => {
      const repo = this.repo.in(tx);
      const logged = await repo.logDelivery({
        endpoint_id: endpoint.id,
        event_id: event?.id ?? null,
        message_id: message.id,
        kind: message.kind,
        attempt: run.attempt + 1,
        status: outcome.status,
        succeeded,
        duration_ms: outcome.durationMs,
        response: outcome.response,
        error: outcome.error,
      });
      await this.jobs.send(tx, this.jobTypes.sweep, { date: serverDay() });
      await announceChange(tx, {
        resource: "webhook_deliveries",
        id: logged.id,
        action: "created",
        companies: [endpoint.company_id],
      });
      if (succeeded) {
        await repo.markSucceeding(endpoint.id);
        return "ok" as const;
      }
      const since = await repo.markFailing(endpoint.id);
      if (outcome.status === 410) {
        if (await repo.disable(endpoint.id, "gone")) await this.tellDisabled(tx, endpoint, "gone", since);
        return "gone" as const;
      }
      const failingFor = Date.now() - since.getTime();
      if (run.isLastAttempt && failingFor >= this.settings.disableAfterHours * 3_600_000) {
        if (await repo.disable(endpoint.id, "failing"))
          await this.tellDisabled(tx, endpoint, "failing", since);
      }
      return "failed" as const;
    });
    // 410 is final: no retry. Any other failure is retried by the queue (a test or a replay too).
    if (outcomeText === "failed") {
      throw new Error(`webhook delivery failed: ${outcome.status ?? outcome.error}`);
    }
  }

  /** The endpoint disabled, told to its company's users and managers through the one event mechanism. */
  private async tellDisabled(db: Db, endpoint: WebhookEndpointRow, reason: "gone" | "failing", since: Date) {
    await this.notifications.emit(db, {
      kind: "webhook_endpoint_disabled",
      actor: null,
      company_id: endpoint.company_id,
      object_type: "webhook_endpoint",
      object_id: endpoint.id,
      params: { url: endpoint.url, reason, since: since.toISOString().slice(0, 16).replace("T", " ") },
    });
  }

  /**
   * The event's object in the API's own shape, as a user of the event's company (no grants) reads it now: what the
   * company may read, nothing more. An object gone since answers its id alone.
   */
  private async dataOf(event: WebhookEventRow): Promise<Record<string, unknown>> {
    const company = event.company_id;
    if (company === null) return { id: event.object_id };
    const reader = companyReader(company, 0, "webhooks");
    try {
      switch (event.object_type) {
        case "freight_order":
          return (await this.objects.orders.orders.get(reader, event.object_id)) as Record<string, unknown>;
        case "container":
          return (await this.objects.containers.containers.get(reader, event.object_id)) as Record<
            string,
            unknown
          >;
        default:
          return { id: event.object_id, ...event.params };
      }
    } catch (error) {
      if (error instanceof NotFound || error instanceof Forbidden) return { id: event.object_id };
      throw error;
    }
  }

  private secretsOf(row: WebhookEndpointRow): WebhookSecret {
    const open = (sealed: string) => {
      const plain = this.box.open(sealed);
      if (plain === null) throw new Error("a webhook secret cannot be opened with this SECOND_FACTOR_KEY");
      return plain;
    };
    const overlapping =
      row.previous_secret && row.previous_secret_until && row.previous_secret_until > new Date();
    return {
      secret: open(row.secret),
      previous_secret: overlapping && row.previous_secret ? open(row.previous_secret) : null,
      previous_secret_until: overlapping ? (row.previous_secret_until?.toISOString() ?? null) : null,
    };
  }
}
