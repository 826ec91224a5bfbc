import { ORDER_IMPORT_MAX_BYTES, orderImportSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type RouteAccess, signedIn } from "../../http/access.ts";
import { sendAttachment } from "../../http/downloads.ts";
import { idParams } from "../../http/params.ts";
import { acceptUploads, formBody, readUpload } from "../../http/uploads.ts";
import type { ModuleContext } from "../services.ts";

const IMPORTS = "/tracking/api/order-imports/";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The upload's form: the file and, for users who choose it, the company the orders are for. */
const uploadFields = z.object({ company: z.number().int().positive().nullish() });

/**
 * The import of shipping orders from a spreadsheet (docs/decisions.md, "Import of shipping orders"): the template,
 * an upload (checked by a job: the preview), the import's state and rows, its start, and its error report.
 */
export const orderImportRoutes: FastifyPluginAsyncZod<ModuleContext> = async (
  app,
  { services: { orderImport } },
) => {
  const tags = ["orders"];
  await acceptUploads(app, ORDER_IMPORT_MAX_BYTES);
  // Another company's import is a 404 before anything else
  const opens: RouteAccess = { open: (user, ids) => orderImport.get(user, ids.id as number) };

  app.get(
    `${IMPORTS}template/`,
    {
      config: { access: signedIn },
      schema: { tags, summary: "The import's template (XLSX) in the caller's language" },
    },
    async (request, reply) => {
      await request.requireUser();
      const body = await orderImport.template(request.lang);
      const name = request.t({ key: "import_template_file" });
      return sendAttachment(reply, { filename: `${name}.xlsx`, contentType: XLSX, size: body.length, body });
    },
  );

  app.post(
    IMPORTS,
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary:
          "Upload a file of orders (multipart: `file`, XLSX or CSV; `company`); its rows are checked by a job",
        consumes: ["multipart/form-data"],
        body: uploadFields
          .extend({ file: z.any().meta({ type: "string", format: "binary", description: "the file" }) })
          .nullish(),
        response: { 201: orderImportSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const chunks: Buffer[] = [];
      const upload = await readUpload(request, ORDER_IMPORT_MAX_BYTES, async (file) => {
        let size = 0;
        for await (const chunk of file) {
          chunks.push(chunk as Buffer);
          size += (chunk as Buffer).length;
        }
        return size;
      });
      const fields = formBody({ company: { kind: "relation", to: "company" } }, uploadFields, upload.fields);
      const row = await orderImport.upload(
        user,
        { name: upload.filename, content: Buffer.concat(chunks) },
        fields.company ?? undefined,
      );
      return reply.status(201).send(orderImport.present(row, request.lang));
    },
  );

  app.get(
    `${IMPORTS}:id/`,
    {
      config: { access: opens },
      schema: {
        tags,
        summary: "An import: its progress, and each row valid or with its errors once checked",
        params: idParams,
        response: { 200: orderImportSchema },
      },
    },
    async (request) =>
      orderImport.present(
        await orderImport.get(await request.requireUser(), request.params.id),
        request.lang,
      ),
  );

  app.post(
    `${IMPORTS}:id/start/`,
    {
      config: { access: opens },
      schema: {
        tags,
        summary: "Import the checked file's valid rows (all or none, by a job)",
        params: idParams,
        response: { 200: orderImportSchema },
      },
    },
    async (request) =>
      orderImport.present(
        await orderImport.start(await request.requireUser(), request.params.id),
        request.lang,
      ),
  );

  app.get(
    `${IMPORTS}:id/report/`,
    {
      config: { access: opens },
      schema: {
        tags,
        summary: "The file's rows with errors and a column of their errors (XLSX, in the caller's language)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const body = await orderImport.report(await request.requireUser(), request.params.id, request.lang);
      const name = `${request.t({ key: "import_report_file" })} ${request.params.id}.xlsx`;
      return sendAttachment(reply, { filename: name, contentType: XLSX, size: body.length, body });
    },
  );
};
