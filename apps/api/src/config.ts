import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { DEFAULT_UPLOAD_MAX_BYTES } from "@portal/domain";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** Every environment variable the API reads, with the defaults of the embedded mode. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the embedded database, its generated token secret and (by default) uploaded files; relative paths are from the current folder. */
  DATA_DIR: z
    .string()
    .default(path.resolve(import.meta.dirname, "../../../data"))
    .transform((dir) => path.resolve(dir)),
  /** A PostgreSQL server; when unset the embedded database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Secret that signs tokens; generated once into DATA_DIR when unset (embedded mode only). */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Key that encrypts the one-time code secrets at rest (AES-256-GCM); generated once into DATA_DIR when unset
   * (embedded mode only). Losing it makes every enrolled code generator unusable (recovery codes still work).
   */
  SECOND_FACTOR_KEY: z.string().min(32).optional(),
  /**
   * Whether staff (managers, heads, administrators) must have a second factor: `required` by default with
   * DATABASE_URL, `optional` on the embedded database (the demo opens with the password alone).
   */
  STAFF_SECOND_FACTOR: z.enum(["required", "optional"]).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  /**
   * How long a rotated refresh token presented again still gets its successor: two tabs refreshing at once, or a
   * request retried on a bad network. Later, the token is taken as stolen and its session ends.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * Whether to believe X-Forwarded-For (the client address behind a load balancer): "false", "true", or a comma
   * list of the proxies' addresses or subnets. Sign-in throttling per address depends on it being right.
   */
  TRUST_PROXY: z.string().default("false"),
  /** Comma list of origins allowed by CORS; empty keeps CORS off. */
  CORS_ORIGINS: z.string().default(""),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /**
   * How often an open live stream (`/api/live/`) sends a heartbeat and checks its user's session again: below the
   * idle timeout of every proxy on the way (nginx: 60 s), and the longest a stream outlives its session.
   */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(25),
  /**
   * Live streams one user holds open on one API process (one a tab): a new one past it ends their oldest, whose tab
   * opens it again once it is looked at.
   */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed the demo data set when the database is empty. */
  SEED_DEMO: booleanFlag.default(true),
  /** Folder of the built web app served on the same port; empty disables it. */
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, "../../web/dist")),
  /** An external admin page of the deployment's (the staff's Admin area tile, spec 02 §2); none by default. */
  ADMIN_URL: z.string().default(""),
  USER_MANUAL_URL: z.string().default("/help"),
  SERVICE_DESK_URL: z.string().default(""),
  SUPPORT_EMAIL: z.string().default(""),
  /** Sign-in throttling: failures allowed in the window per account and address, per address, per account. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /**
   * Failures of one account (from any addresses, in the window) after which it cools down between attempts from
   * addresses it has no session from, 2 s doubling up to the longest cool-down; its user is told of the burst.
   */
  LOGIN_ACCOUNT_SLOWDOWN_AFTER: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_COOLDOWN_MAX_SECONDS: z.coerce.number().int().positive().max(3600).default(60),
  /**
   * Requests one API key may make in a minute (per API instance: docs/decisions.md, "API keys"); past it, 429 with
   * Retry-After, so that one runaway script cannot starve the portal.
   */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Sign-ups allowed from one address in their window. */
  SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  SIGNUP_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  /**
   * Reads of public tracking pages allowed from one address in their window: an open page asks every 15 s (40 in
   * ten minutes), so 300 leave room for several pages behind one address and refuse a token guesser.
   */
  PUBLIC_TRACKING_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  PUBLIC_TRACKING_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Where uploaded files are kept: a folder (FILES_DIR) or an S3-compatible bucket (S3_*). */
  FILE_STORAGE: z.enum(["folder", "s3"]).default("folder"),
  /** The folder of the files; empty: `files` in DATA_DIR. */
  FILES_DIR: z.string().default(""),
  /** The largest file an upload takes (an order's document, a signed order); larger ones answer 413. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(1024 * 1024 * 1024)
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "not a bucket name")
    .optional(),
  /** Prepended to every object's key (`portal/`), so that one bucket can hold several installations. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, "a folder path ending with /, or empty")
    .default(""),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** The service's address for S3-compatible storage other than AWS (MinIO, Ceph, Yandex Object Storage …). */
  S3_ENDPOINT: z.string().url().optional(),
  /** Address buckets as `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO needs it). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Keys of the bucket's account; when unset, the SDK's own chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * HTTP server processes on one port (Node's cluster), on PostgreSQL: the cores of a machine PostgreSQL does not
   * share (docs/operations.md). One by default; the embedded database lives in one process and refuses more.
   */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  /** Whether the API server runs the job workers; `false` where separate worker processes run them. */
  JOB_WORKERS: booleanFlag.default(true),
  /** Jobs of one type that a process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
  /** How often an idle worker looks for new jobs, in seconds. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How long a stopping process waits for its running jobs before handing them back to the queue. */
  JOB_SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The database schema of the queue's tables (pg-boss creates and migrates it; drizzle never touches it). */
  JOB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "a lower-case schema name")
    .default("pgboss"),
  /**
   * How often the queue looks for attempts past their expiry (their worker died), in seconds; pg-boss's 60 when
   * unset. Tests shorten it, so a killed worker's job is taken again within seconds.
   */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
  /** Connections of the queue's own pool on a PostgreSQL server (the embedded database has one connection). */
  JOB_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(4),
  /**
   * Threads of a process that build PDFs (prints, transit declarations) beside its event loop; one less than the
   * machine's cores (at least one) when unset.
   */
  PDF_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** PDFs one user may have building or waiting in a process at once; past it, 429 with Retry-After. */
  PDF_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * The customs declaration system the packages go to (docs/customs.md): the built-in simulator, which answers as
   * the real system would, or a real system's HTTP interface at CUSTOMS_URL.
   */
  CUSTOMS_GATEWAY: z.enum(["simulator", "http"]).default("simulator"),
  /** The real system's base address (CUSTOMS_GATEWAY=http). */
  CUSTOMS_URL: z.string().url().optional(),
  /** Sent to the real system as `Authorization: Bearer <token>`. */
  CUSTOMS_TOKEN: z.string().min(1).optional(),
  /** How long one call to the real system may take before it counts as failed (and is retried). */
  CUSTOMS_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(30),
  /** How long to wait before asking again for a decision when the system gives no time of its own. */
  CUSTOMS_POLL_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
  /** Retries of a failed exchange (an unreachable system, a timeout, a 5xx) before the package's processing_error. */
  CUSTOMS_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** The first retry's wait, doubled on each retry up to 10 minutes. */
  CUSTOMS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** The simulator's time to decide on an uploaded package. */
  CUSTOMS_SIMULATOR_DELAY_SECONDS: z.coerce.number().min(0).max(86_400).default(15),
  /**
   * The simulator's decision: `auto` by the package's documents (docs/customs.md), or always `accept`, `reject`, or
   * `error` (the system unreachable: retried, then processing_error), for demonstrations and tests.
   */
  CUSTOMS_SIMULATOR_OUTCOME: z.enum(["auto", "accept", "reject", "error"]).default("auto"),
  /** How long an export's archive (and its task) is kept after it is done or failed (docs/exports.md). */
  EXPORT_KEEP_HOURS: z.coerce.number().positive().max(8760).default(72),
  /**
   * How long one attempt at an export may run, alive, before it is stopped and taken again; a period of thousands
   * of documents takes minutes. A killed worker's attempt is found by its heartbeat, long before.
   */
  EXPORT_ATTEMPT_SECONDS: z.coerce.number().int().min(2).max(86_400).default(3600),
  /**
   * How long an export's attempt may go without its worker's heartbeat (sent every half of it) before it counts as
   * dead (its worker killed) and is taken again; pg-boss takes 10 at least.
   */
  EXPORT_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** Retries of a failed export (the storage unreachable) before its task is marked failed. */
  EXPORT_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(2),
  /** The first retry's wait, doubled on each retry up to 10 minutes. */
  EXPORT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * A pause after each document of an export, in milliseconds: 0 but in the browser tests and demonstrations, where
   * the demo's few documents would otherwise be exported before the progress could be seen.
   */
  EXPORT_DOCUMENT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * The SMTP server mails go through (docs/mail.md), as one URL: `smtp://user:password@host:587` (STARTTLS when the
   * server offers it) or `smtps://…:465` (TLS from the start). Unset: mails are kept in the outbox, unsent.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:$/.test(new URL(url).protocol), "an smtp:// or smtps:// address")
    .optional(),
  /** The sender of the mails (`Portal <portal@example.com>`). */
  MAIL_FROM: z.string().min(3).default("Freight portal <portal@localhost>"),
  /** The portal's address as users open it, the base of the links in mails; default: the server's own address. */
  PORTAL_URL: z.string().url().optional(),
  /** Retries of a mail the server put off (a 4xx answer, no connection) before it is marked failed. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** The first retry's wait, doubled on each retry up to an hour. */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The hour (server time) at which the daily digests of the day before are sent. */
  MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /**
   * Webhooks (docs/integrations.md): the retries of a failed delivery, the first after WEBHOOK_RETRY_DELAY_SECONDS,
   * doubled up to 480 times it (the defaults: 16 retries over about 2.7 days); tests shorten them.
   */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(30).default(16),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** An endpoint whose deliveries fail this long (and whose failed delivery has no attempt left) is disabled. */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(72),
  /** One attempt's time limit (connect, send, answer), in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * How long a delivery job may stay taken before the queue deems its worker dead and retries it, in seconds: more
   * than an attempt's time limit and the log's write. Tests shorten it with WEBHOOK_TIMEOUT_MS.
   */
  WEBHOOK_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /**
   * The address ranges an endpoint may resolve to although they are private (CIDRs, comma-separated: tests allow
   * 127.0.0.1/32); empty: loopback, private, link-local, multicast, CGNAT and metadata addresses are all refused.
   */
  WEBHOOK_ALLOWED_RANGES: z.string().default(""),
  /** `true`: plain `http://` endpoints are accepted too (tests, a closed network); default HTTPS only. */
  WEBHOOK_ALLOW_HTTP: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});

/** The demo forwarder's service desk (a mailbox that opens tickets) and support mail, as in its demo e-mails. */
const DEMO_SERVICE_DESK_URL = "mailto:servicedesk@vte-demo.ru";
const DEMO_SUPPORT_EMAIL = "support@vte-demo.ru";

export type Config = Omit<z.infer<typeof envSchema>, "PORTAL_URL" | "STAFF_SECOND_FACTOR"> & {
  /** The base of the links in mails, without a trailing slash. */
  PORTAL_URL: string;
  STAFF_SECOND_FACTOR: "required" | "optional";
  jwtSecret: string;
  secondFactorKey: string;
  version: string;
  apiProcesses: number;
  pdfThreads: number;
};

/** Parses the environment once; fails start-up with a readable list of bad variables. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = { ...parsed.data };
  const storageProblems = [
    config.FILE_STORAGE === "s3" && !config.S3_BUCKET && "  S3_BUCKET: required with FILE_STORAGE=s3",
    !config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY &&
      "  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither",
  ].filter(Boolean);
  const problems = [
    ...storageProblems,
    config.CUSTOMS_GATEWAY === "http" &&
      !config.CUSTOMS_URL &&
      "  CUSTOMS_URL: required with CUSTOMS_GATEWAY=http",
    (config.API_PROCESSES ?? 1) > 1 &&
      !config.DATABASE_URL &&
      "  API_PROCESSES: the embedded database runs in one process; set DATABASE_URL (PostgreSQL) to run more",
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  const portalUrl = (config.PORTAL_URL ?? `http://${portalHost(config.HOST)}:${config.PORT}`).replace(
    /\/+$/,
    "",
  );
  config.FILES_DIR = path.resolve(config.FILES_DIR || path.join(config.DATA_DIR, "files"));
  if (config.SEED_DEMO) {
    // The demo shows every help entry the specification lists; a real installation names its own.
    config.SERVICE_DESK_URL ||= DEMO_SERVICE_DESK_URL;
    config.SUPPORT_EMAIL ||= DEMO_SUPPORT_EMAIL;
  }
  return {
    ...config,
    PORTAL_URL: portalUrl,
    STAFF_SECOND_FACTOR: config.STAFF_SECOND_FACTOR ?? (config.DATABASE_URL ? "required" : "optional"),
    jwtSecret: config.JWT_SECRET ?? localSecret(config, "JWT_SECRET", "jwt-secret"),
    secondFactorKey:
      config.SECOND_FACTOR_KEY ?? localSecret(config, "SECOND_FACTOR_KEY", "second-factor-key"),
    version: productVersion(),
    apiProcesses: config.API_PROCESSES ?? 1,
    pdfThreads: config.PDF_THREADS ?? Math.max(1, availableParallelism() - 1),
  };
}

/** The host of the server's own address in links: a listener on every interface is reached as localhost. */
function portalHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * The embedded mode keeps a generated secret (the tokens', the second factors' key) beside its database, so it
 * survives restarts without any set-up. With a real database server the secret must come from the environment
 * (`name`): several instances must share it.
 */
function localSecret(config: z.infer<typeof envSchema>, name: string, fileName: string): string {
  if (config.DATABASE_URL && config.NODE_ENV === "production") {
    throw new Error(`Invalid configuration:\n  ${name}: required in production with DATABASE_URL`);
  }
  const dir = config.DATA_DIR;
  const file = path.join(dir, fileName);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function productVersion(): string {
  const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../package.json"), "utf8"));
  return String(pkg.version);
}
