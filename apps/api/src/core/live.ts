import { type LIVE_ACTIONS, type LiveChange, liveChangeSchema } from "@portal/domain";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";

/** The one PostgreSQL channel every API instance LISTENs on for the changes of rows. */
export const LIVE_CHANNEL = "portal_live";

/** A change as it travels between instances: the change, and the companies whose users may hear it. */
export interface LiveNotice extends LiveChange {
  /** The row's company (its old and new one when a change moved it); empty: a row of no company, staff only. */
  companies: number[];
  /**
   * The only users who hear it, whatever their companies: a change of one user's own rows (their notifications'
   * entries, docs/notifications.md). Absent: everyone in the companies' scope.
   */
  users?: number[];
}

const liveNoticeSchema = liveChangeSchema.extend({
  companies: z.array(z.number().int()),
  users: z.array(z.number().int()).optional(),
});

/**
 * Announces a change in the write's transaction (`db`): `pg_notify` is delivered when the transaction commits and
 * dropped when it rolls back, so listeners never hear of a write that did not happen, nor before it is visible.
 */
export async function announceChange(db: Db, notice: LiveNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** A notice read back from the channel, or null for a payload that is not one (nothing else should write there). */
export function parseNotice(payload: string): LiveNotice | null {
  try {
    const parsed = liveNoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type LiveAction = (typeof LIVE_ACTIONS)[number];
