import type { Config } from "../config.ts";
import { translator } from "../core/i18n.ts";
import type { LiveHub } from "../core/live-hub.ts";
import { NamedTables } from "../core/relation-names.ts";
import type { Db } from "../db/client.ts";
import { PdfBuilder } from "../documents/pdf-builder.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createFileStorage } from "../storage/create-file-storage.ts";
import { ApiKeysRepo } from "./api-keys/repo.ts";
import { ApiKeysService } from "./api-keys/service.ts";
import { AccountSessions } from "./auth/account-sessions.ts";
import { Challenges } from "./auth/challenges.ts";
import { FactorsService } from "./auth/factors.ts";
import { FactorsRepo } from "./auth/factors-repo.ts";
import { PasskeysService, relyingPartyOf } from "./auth/passkeys.ts";
import { AuthRepo } from "./auth/repo.ts";
import { SecretBox } from "./auth/secret-box.ts";
import { AuthService } from "./auth/service.ts";
import { SessionService } from "./auth/sessions.ts";
import { SignInThrottle } from "./auth/throttle.ts";
import { TokenService } from "./auth/tokens.ts";
import { companyNames } from "./companies/names.ts";
import { CompaniesRepo } from "./companies/repo.ts";
import { CompaniesService } from "./companies/service.ts";
import { createCustomsGateway } from "./containers/customs-config.ts";
import { CustomsExchange } from "./containers/exchange.ts";
import { ExchangeRepo } from "./containers/exchange-repo.ts";
import { ContainersRepo } from "./containers/repo.ts";
import { ContainersService } from "./containers/service.ts";
import { ExportsRepo } from "./exports/repo.ts";
import { ExportsService } from "./exports/service.ts";
import { MonitoringService } from "./monitoring/service.ts";
import { MailRepo } from "./notifications/mail/repo.ts";
import { MailService } from "./notifications/mail/service.ts";
import { createMailTransport } from "./notifications/mail/transport.ts";
import { NotificationsRepo } from "./notifications/repo.ts";
import { NotificationsService } from "./notifications/service.ts";
import { OrderFilesRepo } from "./order-files/repo.ts";
import { OrderFilesService } from "./order-files/service.ts";
import { OrderImportRepo } from "./order-import/repo.ts";
import { OrderImportService } from "./order-import/service.ts";
import { directoryService } from "./orders/directory.ts";
import { OrdersRepo } from "./orders/repo.ts";
import { OrdersService } from "./orders/service.ts";
import { PriceListsRepo } from "./planner/repo.ts";
import { PriceListsService } from "./planner/service.ts";
import { referenceNames } from "./reference/resources.ts";
import { TrackingLinksRepo } from "./tracking-links/repo.ts";
import { TrackingLinksService } from "./tracking-links/service.ts";
import { UsersRepo } from "./users/repo.ts";
import { UsersService } from "./users/service.ts";
import { AddressGuard } from "./webhooks/address-guard.ts";
import { WebhooksRepo } from "./webhooks/repo.ts";
import { WebhooksService } from "./webhooks/service.ts";

/**
 * Every service of the API, built once per process. Each takes its own repository and the services of other
 * modules it needs, never their repositories, and the process's job queue when it sends jobs (started with the
 * services' job types once they exist: jobs/start.ts); the order below is the order of their dependencies.
 */
export function createServices(db: Db, config: Config, jobs: JobQueue) {
  const tokens = new TokenService(
    config.jwtSecret,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REFRESH_TOKEN_TTL_SECONDS,
  );
  // Events of every module reach their recipients through it; a delivery (the mail) plugs in with `register`
  const notifications = new NotificationsService(db, new NotificationsRepo(db));
  const authRepo = new AuthRepo(db);
  const sessions = new SessionService(authRepo, tokens, config.REFRESH_REUSE_GRACE_SECONDS);
  // Counts every attempt at a password: sign-ins, and the current password of a password change
  const signInThrottle = new SignInThrottle(authRepo, notifications, {
    maxFailuresPerAccountAddress: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS,
    maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
    accountSlowdownAfter: config.LOGIN_ACCOUNT_SLOWDOWN_AFTER,
    accountCooldownMaxSeconds: config.LOGIN_ACCOUNT_COOLDOWN_MAX_SECONDS,
  });
  const companies = new CompaniesService(new CompaniesRepo(db));
  const users = new UsersService(
    db,
    new UsersRepo(db),
    companies,
    sessions,
    signInThrottle,
    notifications,
    config.STAFF_SECOND_FACTOR,
  );
  const apiKeys = new ApiKeysService(db, new ApiKeysRepo(db), users, notifications, {
    requestsPerMinute: config.API_KEY_REQUESTS_PER_MINUTE,
  });
  const priceLists = new PriceListsService(new PriceListsRepo(db), companies);
  // The rows the history and the print name, registered by the modules that own their tables
  const names = new NamedTables({ ...companyNames, ...referenceNames });
  const orders = new OrdersService(db, new OrdersRepo(db), names, notifications);
  const directory = directoryService(db, orders);
  const storage = createFileStorage(config);
  // The process's PDF threads: its owner closes them (`pdf.close()`) with the database
  const pdf = new PdfBuilder({ threads: config.pdfThreads, perUser: config.PDF_PER_USER });
  const orderFiles = new OrderFilesService(
    db,
    new OrderFilesRepo(db, names),
    orders,
    storage,
    companies,
    notifications,
    pdf,
  );
  const customs = new CustomsExchange(
    db,
    new ExchangeRepo(db),
    createCustomsGateway(config),
    jobs,
    orders,
    storage,
    {
      retryLimit: config.CUSTOMS_RETRY_LIMIT,
      retryDelaySeconds: config.CUSTOMS_RETRY_DELAY_SECONDS,
      timeoutSeconds: config.CUSTOMS_TIMEOUT_SECONDS,
      pollSeconds: config.CUSTOMS_POLL_SECONDS,
    },
    notifications,
  );
  const containers = new ContainersService(
    db,
    new ContainersRepo(db),
    orders,
    customs,
    companies,
    notifications,
    pdf,
  );
  const monitoring = new MonitoringService(db);
  const exports = new ExportsService(
    db,
    new ExportsRepo(db),
    orders,
    orderFiles,
    storage,
    jobs,
    {
      keepHours: config.EXPORT_KEEP_HOURS,
      attemptSeconds: config.EXPORT_ATTEMPT_SECONDS,
      heartbeatSeconds: config.EXPORT_HEARTBEAT_SECONDS,
      retryLimit: config.EXPORT_RETRY_LIMIT,
      retryDelaySeconds: config.EXPORT_RETRY_DELAY_SECONDS,
      documentDelayMs: config.EXPORT_DOCUMENT_DELAY_MS,
    },
    notifications,
  );
  // The mail: a delivery of every event's entries (docs/mail.md)
  const mail = new MailService(
    db,
    new MailRepo(db),
    notifications,
    jobs,
    createMailTransport(config.SMTP_URL, config.MAIL_FROM),
    {
      portalUrl: config.PORTAL_URL,
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      digestHour: config.MAIL_DIGEST_HOUR,
    },
  );
  notifications.register(mail);
  // Webhooks: a delivery of every event of a company whose endpoints are subscribed to it (docs/integrations.md)
  const webhooks = new WebhooksService(
    db,
    new WebhooksRepo(db),
    notifications,
    jobs,
    new SecretBox(config.secondFactorKey),
    new AddressGuard(config.WEBHOOK_ALLOWED_RANGES),
    { orders, containers },
    {
      retryLimit: config.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: config.WEBHOOK_RETRY_DELAY_SECONDS,
      expireSeconds: config.WEBHOOK_EXPIRE_SECONDS,
      disableAfterHours: config.WEBHOOK_DISABLE_AFTER_HOURS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowHttp: config.WEBHOOK_ALLOW_HTTP,
    },
  );
  notifications.register(webhooks);
  const orderImport = new OrderImportService(db, new OrderImportRepo(db), orders, users, jobs, {
    ru: translator("ru"),
    en: translator("en"),
  });
  // Second factors (docs/security.md): one-time codes, recovery codes, passkeys, and their single-use challenges
  const factorsRepo = new FactorsRepo(db);
  const challenges = new Challenges(factorsRepo);
  const factors = new FactorsService(
    factorsRepo,
    new SecretBox(config.secondFactorKey),
    signInThrottle,
    notifications,
    config.STAFF_SECOND_FACTOR,
    users,
  );
  const passkeys = new PasskeysService(factorsRepo, challenges, factors, relyingPartyOf(config.PORTAL_URL));
  const auth = new AuthService(
    authRepo,
    users,
    sessions,
    signInThrottle,
    {
      maxSignupsPerAddress: config.SIGNUP_MAX_PER_ADDRESS,
      signupWindowSeconds: config.SIGNUP_WINDOW_SECONDS,
    },
    factors,
    passkeys,
    challenges,
    notifications,
  );
  const trackingLinks = new TrackingLinksService(
    new TrackingLinksRepo(db),
    orders,
    auth,
    { max: config.PUBLIC_TRACKING_MAX_PER_ADDRESS, windowSeconds: config.PUBLIC_TRACKING_WINDOW_SECONDS },
    config.PORTAL_URL,
  );
  return {
    pdf,
    notifications,
    mail,
    tokens,
    sessions,
    companies,
    users,
    apiKeys,
    auth,
    factors,
    passkeys,
    accountSessions: new AccountSessions(factorsRepo, authRepo),
    priceLists,
    orders,
    directory,
    containers,
    customs,
    orderFiles,
    monitoring,
    exports,
    orderImport,
    trackingLinks,
    webhooks,
  };
}

export type Services = ReturnType<typeof createServices>;

/** What a module's routes and job types receive. */
export interface ModuleContext {
  db: Db;
  config: Config;
  services: Services;
}

/**
 * What a module's routes receive besides: the API instance's live feed (docs/live-updates.md), which what keeps
 * figures until a change makes them stale hears.
 */
export interface RoutesContext extends ModuleContext {
  live: LiveHub;
}
