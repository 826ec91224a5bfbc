import { createSchema, type Fields, patchSchema, rowSchema } from "@portal/domain";
import type { SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { CrudService } from "../core/crud.ts";
import type { CurrentUser } from "./auth.ts";
import { listRoute } from "./list-route.ts";
import { idParams } from "./params.ts";

/**
 * Registers a resource's list, read, create, change and delete at `url` (`url` and `url{id}/`), with bodies and
 * answers derived from its field definitions. `extraQuery` and `scope` add list parameters of its own.
 */
export function crudRoutes<Extra extends z.ZodRawShape = Record<never, never>>(
  app: FastifyInstance,
  options: {
    url: string;
    tags: string[];
    name: string;
    fields: Fields;
    service: CrudService<{ id: number }>;
    extraQuery?: Extra;
    scope?: (query: z.infer<z.ZodObject<Extra>>) => SQL | undefined;
  },
): void {
  const { url, tags, name, fields, service } = options;
  const item = rowSchema(fields);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const one = `${url}:id/`;
  const auth = { auth: true };

  listRoute(app, {
    url,
    tags,
    summary: `${name}: list`,
    item,
    extraQuery: options.extraQuery,
    list: (user, query) =>
      service.list(user, query, options.scope?.(query as z.infer<z.ZodObject<Extra>>)) as never,
  });
  typed.get(
    one,
    { config: auth, schema: { tags, summary: `${name}: one`, params: idParams, response: { 200: item } } },
    async (request) => service.get(await request.requireUser(), request.params.id),
  );
  typed.post(
    url,
    {
      config: auth,
      schema: { tags, summary: `${name}: create`, body: createSchema(fields), response: { 201: item } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(await request.requireUser(), request.body)),
  );
  const update = async (request: {
    requireUser(): Promise<CurrentUser>;
    params: { id: number };
    body: unknown;
  }) =>
    service.update(await request.requireUser(), request.params.id, request.body as Record<string, unknown>);
  for (const method of ["patch", "put"] as const) {
    typed[method](
      one,
      {
        config: auth,
        schema: {
          tags,
          summary: `${name}: change`,
          params: idParams,
          body: patchSchema(fields),
          response: { 200: item },
        },
      },
      update,
    );
  }
  typed.delete(
    one,
    { config: auth, schema: { tags, summary: `${name}: delete`, params: idParams } },
    async (request, reply) => {
      await service.delete(await request.requireUser(), request.params.id);
      return reply.status(204).send();
    },
  );
}
