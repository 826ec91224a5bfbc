import { createSchema, freightOrderFileFields, rowSchema, signedFileAnswer, timeZone } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type RouteAccess, signedIn } from "../../http/access.ts";
import { crudRoutes } from "../../http/crud-routes.ts";
import { sendAttachment } from "../../http/downloads.ts";
import { pathId } from "../../http/params.ts";
import { acceptUploads, formBody, readUpload } from "../../http/uploads.ts";
import type { ModuleContext } from "../services.ts";

const ORDER = "/tracking/api/freight_orders/:orderId/";

const orderParams = z.object({ orderId: pathId });
/** A document under files/ (`:id`, as the shared CRUD names a row) and a download's file (`:fileId`). */
const documentParams = z.object({ orderId: pathId, id: pathId });
const downloadParams = z.object({ orderId: pathId, fileId: pathId });
/** The print's reader's time zone (the web sends the browser's); without it, the forwarder's. */
const printQuery = z.object({
  tz: timeZone()
    .optional()
    .meta({ description: "IANA time zone of the print's times, e.g. Europe/Moscow (default Europe/Moscow)" }),
  tracking_token: z.string().min(1).max(100).optional().meta({
    description: "The token of a live public tracking link of the order: the print carries its QR code",
  }),
});

/** A document's details in an upload's form, as a JSON body would give them. */
const documentDetails = createSchema(freightOrderFileFields);

/** An upload's form as the OpenAPI document describes it: the file, and for a document its details. */
const uploadForm = (details: z.ZodObject) =>
  details
    .extend({ file: z.any().meta({ type: "string", format: "binary", description: "the file" }) })
    // A multipart request's body is null until the handler reads it: these shapes are the OpenAPI document's
    .nullish();

/**
 * An order's documents, signed documents and print version (spec 01 §7): files/ (list, upload, details, delete),
 * file/{id} and sign/{id} downloads, sign/ upload, print. Multipart bodies are taken by these routes only.
 */
export const orderFilesRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { config, services: { orderFiles, orders, trackingLinks } },
) => {
  const tags = ["orders"];
  // Reading: the service opens the order; an upload opens it before the form is read (404 for another company's)
  const reads = { access: signedIn };
  const opensOrder = {
    access: { open: (user, ids) => orders.orders.get(user, ids.orderId as number) } satisfies RouteAccess,
  };
  const maxBytes = config.UPLOAD_MAX_BYTES;
  await acceptUploads(app, maxBytes);

  crudRoutes(app, {
    url: `${ORDER}files/`,
    parent: "orderId",
    tags,
    name: "The order's documents",
    fields: freightOrderFileFields,
    service: orderFiles.documents,
    operations: ["list", "get", "change"],
  });

  app.post(
    `${ORDER}files/`,
    {
      config: opensOrder,
      schema: {
        tags,
        summary: "Attach a document to the order (multipart: `file` and the document's details)",
        consumes: ["multipart/form-data"],
        params: orderParams,
        body: uploadForm(documentDetails),
        response: { 201: rowSchema(freightOrderFileFields) },
      },
    },
    async (request, reply) => {
      const row = await orderFiles.addDocument(
        await request.requireUser(),
        request.params.orderId,
        async (store) => {
          const upload = await readUpload(request, maxBytes, store);
          return { upload, details: formBody(freightOrderFileFields, documentDetails, upload.fields) };
        },
      );
      return reply.status(201).send(row);
    },
  );

  app.delete(
    `${ORDER}files/:id/`,
    {
      config: {
        access: {
          allow: (user) => orderFiles.documents.allows(user, "delete"),
          open: (user, ids) => orderFiles.documents.open(user, ids.id, ids.orderId, "write"),
        },
      },
      schema: { tags, summary: "Delete a document of the order", params: documentParams },
    },
    async (request, reply) => {
      await orderFiles.deleteDocument(await request.requireUser(), request.params.orderId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${ORDER}file/:fileId`,
    { config: reads, schema: { tags, summary: "Download a document of the order", params: downloadParams } },
    async (request, reply) =>
      sendAttachment(
        reply,
        await orderFiles.download(
          await request.requireUser(),
          request.params.orderId,
          request.params.fileId,
          "document",
        ),
      ),
  );

  app.post(
    `${ORDER}sign/`,
    {
      config: opensOrder,
      schema: {
        tags,
        summary:
          "Upload the signed order (multipart: `file`); its id goes with the order's change as sign_file_id",
        consumes: ["multipart/form-data"],
        params: orderParams,
        body: uploadForm(z.object({})),
        response: { 201: signedFileAnswer },
      },
    },
    async (request, reply) => {
      const answer = await orderFiles.addSigned(
        await request.requireUser(),
        request.params.orderId,
        (store) => readUpload(request, maxBytes, store),
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    `${ORDER}sign/:fileId`,
    { config: reads, schema: { tags, summary: "Download a signed order", params: downloadParams } },
    async (request, reply) =>
      sendAttachment(
        reply,
        await orderFiles.download(
          await request.requireUser(),
          request.params.orderId,
          request.params.fileId,
          "signed",
        ),
      ),
  );

  app.get(
    `${ORDER}print`,
    {
      config: reads,
      schema: {
        tags,
        summary: "The order's print version (PDF in the request's language, times in the tz zone)",
        params: orderParams,
        querystring: printQuery,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { orderId } = request.params;
      const token = request.query.tracking_token;
      const trackingUrl = token ? await trackingLinks.printAddress(user, orderId, token) : undefined;
      return sendAttachment(
        reply,
        await orderFiles.print(user, orderId, request.lang, request.query.tz, trackingUrl),
      );
    },
  );
};
