import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Groups, Page } from "../core/find-page.ts";
import { type ListQuery, listQuery } from "../core/list-query.ts";
import type { CurrentUser } from "./auth.ts";

const groupsSchema = z.object({
  groups: z.array(
    z.object({ key: z.union([z.string(), z.number(), z.boolean(), z.null()]), count: z.number() }),
  ),
  count: z.number(),
});

/**
 * Registers a list resource's GET: the list pattern's query (ordering, skip, take, search, filters, group), a
 * signed-in caller, and `{results, count}` of `item`, or `{groups, count}` when the query groups.
 */
export function listRoute<Item extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  app: FastifyInstance,
  options: {
    url: string;
    tags: string[];
    summary: string;
    item: Item;
    /** Query parameters of this list beyond the list pattern (`transport_kind` of the services). */
    extraQuery?: Extra;
    list(
      user: CurrentUser,
      query: ListQuery & z.infer<z.ZodObject<Extra>>,
    ): Promise<Page<z.infer<Item>> | Groups>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    options.url,
    {
      config: { auth: true },
      schema: {
        tags: options.tags,
        summary: options.summary,
        querystring: listQuery.extend(options.extraQuery ?? {}),
        response: {
          200: z.union([z.object({ results: z.array(options.item), count: z.number() }), groupsSchema]),
        },
      },
    },
    async (request) =>
      options.list(await request.requireUser(), request.query as ListQuery & z.infer<z.ZodObject<Extra>>),
  );
}
