import { z } from "zod";
import { LIVE_ACTIONS, LIVE_RESOURCES, type LiveChange, type LiveResource } from "./events.ts";

const liveResourceNames = Object.keys(LIVE_RESOURCES) as [LiveResource, ...LiveResource[]];

/** The stream's `change` event as the API declares and checks it (events.ts: `LiveChange`). */
export const liveChangeSchema = z.object({
  resource: z.enum(liveResourceNames),
  id: z.number().int().positive(),
  action: z.enum(LIVE_ACTIONS),
}) satisfies z.ZodType<LiveChange>;
