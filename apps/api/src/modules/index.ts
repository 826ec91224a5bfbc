import type { FastifyPluginAsync } from "fastify";
import type { JobType } from "../jobs/job-type.ts";
import { apiKeysRoutes } from "./api-keys/routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { securityRoutes } from "./auth/security-routes.ts";
import { companiesRoutes } from "./companies/routes.ts";
import { containersJobs } from "./containers/jobs.ts";
import { containersRoutes } from "./containers/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { exportsJobs } from "./exports/jobs.ts";
import { exportsRoutes } from "./exports/routes.ts";
import { metaRoutes } from "./meta/routes.ts";
import { monitoringRoutes } from "./monitoring/routes.ts";
import { mailJobs } from "./notifications/mail/jobs.ts";
import { mailRoutes } from "./notifications/mail/routes.ts";
import { notificationsRoutes } from "./notifications/routes.ts";
import { orderFilesRoutes } from "./order-files/routes.ts";
import { orderImportJobs } from "./order-import/jobs.ts";
import { orderImportRoutes } from "./order-import/routes.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { plannerRoutes } from "./planner/routes.ts";
import { referenceRoutes } from "./reference/routes.ts";
import type { ModuleContext, RoutesContext } from "./services.ts";
import { trackingLinksRoutes } from "./tracking-links/routes.ts";
import { usersRoutes } from "./users/routes.ts";
import { webhooksJobs } from "./webhooks/jobs.ts";
import { webhooksRoutes } from "./webhooks/routes.ts";

/** Every module's routes; the app registers each in turn. A new module adds its line here. */
export const API_MODULES: FastifyPluginAsync<RoutesContext>[] = [
  authRoutes,
  securityRoutes,
  usersRoutes,
  companiesRoutes,
  metaRoutes,
  referenceRoutes,
  plannerRoutes,
  ordersRoutes,
  orderFilesRoutes,
  orderImportRoutes,
  containersRoutes,
  monitoringRoutes,
  exportsRoutes,
  dashboardRoutes,
  mailRoutes,
  notificationsRoutes,
  apiKeysRoutes,
  trackingLinksRoutes,
  webhooksRoutes,
];

/** A module's job types, built from what its routes receive (services, config, the database). */
export type JobModule = (context: ModuleContext) => JobType[];

/**
 * Every module's job types; the queue declares each at start-up, in the server and in worker processes alike.
 * A module with work that outlives a request adds its line here, as it adds its routes above.
 */
export const API_JOB_MODULES: JobModule[] = [
  containersJobs,
  exportsJobs,
  mailJobs,
  orderImportJobs,
  webhooksJobs,
];
