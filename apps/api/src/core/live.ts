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

/**
 * The end of sessions as it travels between instances: the user's streams opened in those sessions end at once.
 * The sessions are named, never "all of the user's": a session begun after the notice was sent (the new pair of a
 * password change) is not one of them, however late the notice arrives.
 */
export interface SessionsEnded {
  ended: { user: number; sessions: number[] };
}

const sessionsEndedSchema = z.object({
  ended: z.object({ user: z.number().int(), sessions: z.array(z.number().int()) }),
});

/** How many sessions one notice names at most: `pg_notify`'s payload must stay under 8,000 bytes. */
const SESSIONS_PER_NOTICE = 500;

/**
 * Announces, in the transaction that ends them, that sessions ended: on commit every instance ends the streams
 * opened in them (`LiveHub`), rather than at their next heartbeat; nothing is told of a write that rolls back.
 */
export async function announceSessionsEnded(db: Db, user: number, sessions: number[]): Promise<void> {
  for (let start = 0; start < sessions.length; start += SESSIONS_PER_NOTICE) {
    const notice: SessionsEnded = {
      ended: { user, sessions: sessions.slice(start, start + SESSIONS_PER_NOTICE) },
    };
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
  }
}

/**
 * A payload read back from the channel: a row's change, the end of sessions, or null for anything else (nothing else
 * should write there).
 */
export function parseMessage(payload: string): { change: LiveNotice } | SessionsEnded | null {
  try {
    const json: unknown = JSON.parse(payload);
    const ended = sessionsEndedSchema.safeParse(json);
    if (ended.success) return ended.data;
    const change = liveNoticeSchema.safeParse(json);
    return change.success ? { change: change.data } : null;
  } catch {
    return null;
  }
}

export type LiveAction = (typeof LIVE_ACTIONS)[number];
