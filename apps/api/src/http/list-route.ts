import {
  type Fields,
  fieldsPageSchema,
  groupListSchema,
  type Language,
  listPageSchema,
  type Policy,
  rowSchema,
} from "@portal/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { Forbidden } from "../core/errors.ts";
import { findList, type Groups, type Page } from "../core/find-page.ts";
import type { Translate } from "../core/i18n.ts";
import { type ListQuery, type ListResource, listQuery } from "../core/list-query.ts";
import type { Principal } from "../core/principal.ts";
import type { Db } from "../db/client.ts";
import type { RouteAccess } from "./access.ts";

/**
 * Registers a list resource's GET: the list pattern's query (ordering, skip, take, search, filters, group, fields),
 * a signed-in caller, and `{results, count}` of `item` (of the fields asked for), or `{groups, count}` when the
 * query groups. A list under a
 * parent row (`/companies/:id/users/`) declares its path's `params`.
 */
export function listRoute<
  Item extends z.ZodType,
  Extra extends z.ZodRawShape = Record<never, never>,
  Params extends z.ZodType = z.ZodUndefined,
>(
  app: FastifyInstance,
  options: {
    url: string;
    tags: string[];
    summary: string;
    /** Who may list the rows (checked before the query is read); every signed-in user by default. */
    access?: RouteAccess;
    item: Item;
    /** Query parameters of this list beyond the list pattern (`transport_kind` of the services). */
    extraQuery?: Extra;
    params?: Params;
    /** The rows; `answer` is the request's language and translator, for values answered in words (a reason). */
    list(
      user: Principal,
      query: ListQuery & z.infer<z.ZodObject<Extra>>,
      params: z.infer<Params>,
      answer: { lang: Language; t: Translate },
    ): Promise<Page<z.infer<Item>> | Groups>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    options.url,
    {
      config: { access: options.access ?? {} },
      schema: {
        tags: options.tags,
        summary: options.summary,
        ...(options.params && { params: options.params }),
        querystring: listQuery.extend(options.extraQuery ?? {}),
        // A page of the fields the query asked for (`fields`, as the grids ask), the groups, or a page of whole
        // rows. Answers are checked against the first that fits, so the page of some fields comes first: it fits a
        // page of whole rows too (as `item` with every field optional) and gives it out the same, where a failed
        // check of 50 rows against whole rows made each grid call check its page twice (18 % of the API's time)
        response: {
          200: z.union([fieldsPageSchema(options.item), groupListSchema, listPageSchema(options.item)]),
        },
      },
    },
    async (request) =>
      options.list(
        await request.requireUser(),
        request.query as ListQuery & z.infer<z.ZodObject<Extra>>,
        request.params as z.infer<Params>,
        { lang: request.lang, t: request.t },
      ),
  );
}

/**
 * Registers a read-only list of a resource under a policy (the reference books): the rows of its field
 * definitions, every signed-in user the policy lets read it, 403 for the others.
 */
export function readOnlyListRoute(
  app: FastifyInstance,
  db: Db,
  options: {
    url: string;
    tags: string[];
    summary: string;
    fields: Fields;
    resource: ListResource;
    policy: Policy;
  },
): void {
  listRoute(app, {
    url: options.url,
    tags: options.tags,
    summary: options.summary,
    access: { allow: (user) => options.policy.canRead(user) },
    item: rowSchema(options.fields),
    list: async (user, query) => {
      if (!options.policy.canRead(user)) throw new Forbidden();
      return findList(db, options.resource, query) as Promise<Page<Record<string, unknown>> | Groups>;
    },
  });
}
