import { TRACK_DATE_EVENTS, type TrackDateField } from "@portal/domain";
import type { Db } from "../client.ts";
import { containerEvents, containers } from "../schema/index.ts";

// The demo's tracking events: the seed writes its containers straight into the table, past the containers' write
// rules that record a track date's milestone, so their events are recorded here as the rules would have: one a
// track date set, by the container's last editor, on its date.

/**
 * Records the milestone of every track date set on the containers (after `seedContainers`), as recorded at nine in
 * the morning, Moscow time, of its day (now, for a day still to come).
 */
export async function seedTrackDateEvents(db: Db): Promise<void> {
  const now = new Date();
  const rows = await db.select().from(containers).orderBy(containers.id);
  const events = rows.flatMap((row) =>
    (Object.keys(TRACK_DATE_EVENTS) as TrackDateField[]).flatMap((field) => {
      const date = row[field];
      if (!date) return [];
      const morning = new Date(`${date}T09:00:00+03:00`);
      return [
        {
          container_id: row.id,
          event_type: TRACK_DATE_EVENTS[field].type,
          event_code: TRACK_DATE_EVENTS[field].code,
          event_date: date,
          recorded_at: morning < now ? morning : now,
          source: "portal" as const,
          user_id: row.updated_by_id ?? row.author_id,
        },
      ];
    }),
  );
  if (events.length > 0) await db.insert(containerEvents).values(events);
}
