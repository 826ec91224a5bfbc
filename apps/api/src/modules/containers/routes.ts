import {
  containerBulkAnswer,
  containerBulkBody,
  containerFields,
  containerFileAnswer,
  containerLabelsAnswer,
  ORDER_IMPORT_MAX_BYTES,
  orderContainerSchema,
  orderContainersPatchBody,
  packageContentAnswer,
  timeZone,
  trackingAnswer,
} from "@portal/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type RouteAccess, signedIn } from "../../http/access.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { sendAttachment } from "../../http/downloads.ts";
import { listRoute } from "../../http/list-route.ts";
import { idParams, pathId } from "../../http/params.ts";
import { acceptUploads, readUpload } from "../../http/uploads.ts";
import type { ModuleContext } from "../services.ts";

const ORDER_CONTAINERS = "/tracking/api/freight_orders/:id/containers/";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Containers (spec 01 §7, spec 02 §7): the containers resource (list pattern, create, read, change, delete), an
 * order's containers with their packages, the package's making and withdrawal, and its files.
 */
export const containersRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { containers, orders, customs } },
) => {
  const tags = ["containers"];

  crudRoutes(app, {
    url: "/tracking/api/containers/",
    tags,
    name: "Containers (of the orders the user sees; changed where the order's status allows, deleted by managers)",
    fields: containerFields,
    service: containers.containers,
  });

  listRoute(app, {
    url: ORDER_CONTAINERS,
    tags,
    summary: "The order's containers with their packages' files",
    item: orderContainerSchema,
    params: idParams,
    list: (user, query, params) => containers.orderContainers(user, params.id, query),
  });

  app.patch(
    ORDER_CONTAINERS,
    {
      // The order is opened before the body is read: another company's order is a 404 whatever is sent
      config: { access: { open: (user, ids) => orders.orders.get(user, ids.id as number) } },
      schema: {
        tags,
        summary:
          "Make or replace a container's package of the order's files ({container, package_content}), or withdraw it ({container, withdraw: true})",
        params: idParams,
        body: orderContainersPatchBody,
        response: { 200: orderContainerSchema },
      },
    },
    async (request) => containers.changePackage(await request.requireUser(), request.params.id, request.body),
  );

  // Containers in bulk: a check of every row (nothing kept), then the addition of all of them or none
  for (const [path, dryRun] of [
    [`${ORDER_CONTAINERS}bulk/check/`, true],
    [`${ORDER_CONTAINERS}bulk/`, false],
  ] as const) {
    app.post(
      path,
      {
        config: { access: { open: (user, ids) => orders.orders.get(user, ids.id as number) } },
        schema: {
          tags,
          summary: dryRun
            ? "Check containers to add to the order ({containers: [single create bodies]}): each row's outcome, nothing kept"
            : "Add containers to the order in one transaction, each as a single container's create: all of them, or none (400 naming each refused row)",
          params: idParams,
          body: containerBulkBody,
          response: { [dryRun ? 200 : 201]: containerBulkAnswer },
        },
      },
      async (request, reply) => {
        const rows = await containers.addMany(
          await request.requireUser(),
          request.params.id,
          request.body.containers,
          dryRun,
        );
        const results = rows.map((row) => ({
          ...row,
          errors: Object.fromEntries(
            Object.entries(row.errors).map(([field, messages]) => [field, messages.map(request.t)]),
          ),
        }));
        return reply.status(dryRun ? 200 : 201).send({ results });
      },
    );
  }

  // Containers in bulk from a spreadsheet: its template, then a check of its rows and their addition, as above
  app.get(
    `${ORDER_CONTAINERS}bulk/template/`,
    {
      config: { access: { open: (user, ids) => orders.orders.get(user, ids.id as number) } },
      schema: {
        tags,
        summary:
          "The spreadsheet of containers to fill (XLSX, the caller's language), from the containers' fields",
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const body = await containers.bulkTemplate(user, request.params.id, request.lang, request.t);
      const name = request.t({ key: "containers_template_file" });
      return sendAttachment(reply, { filename: `${name}.xlsx`, contentType: XLSX, size: body.length, body });
    },
  );
  // Multipart only here (its own scope): one file, as large as the order import takes
  await app.register(async (scope) => {
    await acceptUploads(scope, ORDER_IMPORT_MAX_BYTES);
    const files = scope.withTypeProvider<ZodTypeProvider>();
    for (const [path, dryRun] of [
      [`${ORDER_CONTAINERS}bulk/file/check/`, true],
      [`${ORDER_CONTAINERS}bulk/file/`, false],
    ] as const) {
      files.post(
        path,
        {
          config: { access: { open: (user, ids) => orders.orders.get(user, ids.id as number) } },
          schema: {
            tags,
            summary: dryRun
              ? "Check a spreadsheet of containers (multipart `file`, XLSX or CSV): each row's outcome, nothing kept"
              : "Add a spreadsheet's containers to the order in one transaction: all of them, or none",
            consumes: ["multipart/form-data"],
            params: idParams,
            body: z.object({ file: z.any().meta({ type: "string", format: "binary" }) }).nullish(),
            response: { [dryRun ? 200 : 201]: containerFileAnswer },
          },
        },
        async (request, reply) => {
          const user = await request.requireUser();
          const chunks: Buffer[] = [];
          await readUpload(request, ORDER_IMPORT_MAX_BYTES, async (file) => {
            let size = 0;
            for await (const chunk of file) {
              chunks.push(chunk as Buffer);
              size += (chunk as Buffer).length;
            }
            return size;
          });
          const rows = await containers.addFromFile(user, request.params.id, Buffer.concat(chunks), dryRun);
          const results = rows.map((row) => ({
            ...row,
            errors: Object.fromEntries(
              Object.entries(row.errors).map(([field, messages]) => [field, messages.map(request.t)]),
            ),
          }));
          return reply.status(dryRun ? 200 : 201).send({ results });
        },
      );
    }
  });

  app.get(
    `${ORDER_CONTAINERS}:containerId/package-content/`,
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "The files of the container's package, with their download addresses",
        params: idParams.extend({ containerId: pathId }),
        response: { 200: packageContentAnswer },
      },
    },
    async (request) =>
      containers.packageContent(await request.requireUser(), request.params.id, request.params.containerId),
  );

  // Tracking and the transit declaration (tracking.ts, declaration.ts): the order is opened before anything else,
  // so another company's order is a 404 whatever follows; a container of another order is the service's 404
  const opensOrder: { access: RouteAccess } = {
    access: { open: (user, ids) => orders.orders.get(user, ids.id as number) },
  };
  const containerParams = idParams.extend({ containerId: pathId });

  app.get(
    `${ORDER_CONTAINERS}:containerId/tracking/`,
    {
      config: opensOrder,
      schema: {
        tags,
        summary:
          "The container's tracking, newest first: its milestones (track dates, the customs system's answers) and its order's status changes",
        params: containerParams,
        querystring: z.object({
          tz: timeZone().optional().meta({
            description:
              "IANA time zone the days of status changes and today are read in (default Europe/Moscow)",
          }),
        }),
        response: { 200: trackingAnswer },
      },
    },
    async (request) =>
      containers.tracking.tracking(
        await request.requireUser(),
        request.params.id,
        request.params.containerId,
        request.lang,
        request.query.tz,
      ),
  );

  app.get(
    `${ORDER_CONTAINERS}td/:containerId/`,
    {
      config: opensOrder,
      schema: {
        tags,
        summary:
          "The container's transit declaration as XML (its schema: /tracking/api/containers/td-schema/)",
        params: containerParams,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await containers.declarations.xml(
          await request.requireUser(),
          request.params.id,
          request.params.containerId,
        ),
      ),
  );

  app.get(
    `${ORDER_CONTAINERS}td-pdf/:containerId/`,
    {
      config: opensOrder,
      schema: {
        tags,
        summary: "The container's transit declaration as a PDF in the request's language",
        params: containerParams,
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await containers.declarations.pdf(
          await request.requireUser(),
          request.params.id,
          request.params.containerId,
          request.lang,
        ),
      ),
  );

  app.get(
    "/tracking/api/containers/td-schema/",
    {
      config: { access: signedIn },
      schema: { tags, summary: "The XML schema (XSD) of the transit declaration's XML" },
    },
    async (_request, reply) => sendAttachment(reply, await containers.declarations.schema()),
  );

  app.get(
    `${ORDER_CONTAINERS}:containerId/labels/`,
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary:
          "The labels the customs declaration system put on the container's current package, oldest first",
        params: containerParams,
        response: { 200: containerLabelsAnswer },
      },
    },
    async (request) =>
      customs.labels(await request.requireUser(), request.params.id, request.params.containerId),
  );
};
