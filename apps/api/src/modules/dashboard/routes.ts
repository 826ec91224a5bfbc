import {
  dashboardChartsAnswer,
  dashboardChartsQuery,
  dashboardWaitingAnswer,
  isConfirmed,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ChangeCache } from "../../core/change-cache.ts";
import type { RouteAccess } from "../../http/access.ts";
import type { RoutesContext } from "../services.ts";
import { DashboardRepo } from "./repo.ts";
import { DashboardService } from "./service.ts";

/** Confirmed users only: until a manager confirms them, users see no company data (DOMAIN.md). */
const confirmed: RouteAccess = { allow: isConfirmed };

/**
 * The dashboard's figures (issue 17; docs/api.md "Dashboard"): what waits for the user, and the charts of orders by
 * status per week, containers by stage and packages by state, each within the user's companies (staff: all, or one
 * company by `company`).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<RoutesContext> = async (app, { db, live }) => {
  const tags = ["dashboard"];
  // Built here, with the instance's live feed: figures are kept until an order or a container of theirs changes (the
  // users' count, until a user's account changes: the service names it)
  const kept = new ChangeCache(live, ["freight_orders", "containers"]);
  const dashboard = new DashboardService(new DashboardRepo(db), kept);

  app.get(
    "/api/dashboard/waiting/",
    {
      config: { access: confirmed },
      schema: {
        tags,
        summary: "What waits for the user: counts of the rows a client or a manager has to act on",
        response: { 200: dashboardWaitingAnswer },
      },
    },
    async (request) => dashboard.waiting(await request.requireUser()),
  );

  app.get(
    "/api/dashboard/charts/",
    {
      config: { access: confirmed },
      schema: {
        tags,
        summary:
          "Orders by status per week (12 weeks, Moscow), containers by stage, packages by state; `company` narrows them",
        querystring: dashboardChartsQuery,
        response: { 200: dashboardChartsAnswer },
      },
    },
    async (request) => dashboard.charts(await request.requireUser(), request.query.company),
  );
};
