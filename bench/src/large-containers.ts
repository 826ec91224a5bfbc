import {
  CUSTOMS_EVENTS,
  isValidContainerNumber,
  TRACK_DATE_EVENTS,
  type TrackDateField,
} from "@portal/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.ts";
import { textArray, uniform, withoutJit, withoutSecondaryIndexes } from "./bulk-sql.ts";

// The containers of the large base's shipping orders, written in bulk: their numbers, track dates, packages in the
// customs declaration system, and the tracking events of those dates and packages.

/**
 * Owner codes (ISO 6346 prefixes, category U) of the boxes a Russian rail forwarder sees, with their share in
 * percent: TransContainer's and FESCO's own on the rail routes, the lines' (Maersk, CMA CGM, COSCO, MSC,
 * Hapag-Lloyd, OOCL, Evergreen) and the lessors' (Textainer, Triton, SeaCo, CAI, Florens, Beacon, Gold).
 */
const OWNERS: readonly (readonly [string, number])[] = [
  ["TKRU", 14],
  ["FESU", 9],
  ["MSKU", 8],
  ["CMAU", 6],
  ["TGHU", 6],
  ["CSNU", 6],
  ["CBHU", 5],
  ["TCNU", 4],
  ["TEMU", 4],
  ["CAIU", 4],
  ["SEGU", 4],
  ["TRHU", 3],
  ["GESU", 3],
  ["BMOU", 3],
  ["DFSU", 3],
  ["FCIU", 3],
  ["OOLU", 3],
  ["HLXU", 3],
  ["MSCU", 3],
  ["MEDU", 3],
  ["EITU", 2],
  ["TCLU", 1],
];

/** ISO 6346 letter values: from A = 10 up, skipping the multiples of 11. */
function letterValue(letter: string): number {
  let value = 10;
  for (const each of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value += 1;
    if (each === letter) return value;
    value += 1;
  }
  throw new Error(`not a letter: ${letter}`);
}

/** The owner code's part of the check digit's sum: each letter's value times 2 to the power of its place. */
function ownerSum(owner: string): number {
  return [...owner].reduce((sum, letter, place) => sum + letterValue(letter) * 2 ** place, 0);
}

/**
 * The track dates in the order a container's journey reaches them, with the day of a 25-day journey each falls
 * on from the order's creation; `border` marks those only a journey through a border crossing has.
 */
const JOURNEY: readonly { field: TrackDateField; day: number; border?: true }[] = [
  { field: "prepare_to_ship_date", day: 3 },
  { field: "commercial_documents_upload_date", day: 4 },
  { field: "railway_bill_filing_date", day: 6 },
  { field: "railway_accept_date", day: 7 },
  { field: "railway_loading_date", day: 8 },
  { field: "railway_trip_start_date", day: 9 },
  { field: "arrival_at_border_date", day: 16, border: true },
  { field: "td_end_date", day: 17, border: true },
  { field: "railway_trip_finish_date", day: 23 },
  { field: "final_release_date", day: 25, border: true },
];

const REJECTIONS = [
  "Не приложен инвойс на товар",
  "Масса брутто в инвойсе не совпадает с железнодорожной накладной",
  "Код ТН ВЭД не соответствует описанию товара",
  "Нечитаемая копия упаковочного листа",
];
const BATCH_ORDERS = 50_000;

/**
 * Seeds the containers of the newest shipping orders, their `container_count` each (one to five, three on
 * average), until about `count` containers (every order's when undefined). A booking's boxes are mostly one
 * owner's (a share of the owners above), with serials of their own and the ISO 6346 check digit worked out in
 * SQL; one in fifty is mistyped (a wrong check digit, a digit left out, the letter O for a zero) and flagged
 * `is_number_valid = false`, as the API would (checked against packages/domain at the end). Track dates follow the
 * order's status and age: a completed order's boxes went the whole journey within the order's time, an order in
 * progress's have the dates already come, a signed or approved order's the planned preparation; a route through a
 * border crossing adds the border's and customs' dates and a package in the customs declaration system (its state
 * spread as a forwarder's would be, its id from `container_pkg_pid_seq`, a transit declaration once accepted).
 * Each date set and each package's state is a tracking event. One statement per 50,000 orders.
 */
export async function seedLargeContainers(db: Db, count?: number): Promise<number> {
  const value = async <T>(query: SQL): Promise<T> =>
    ((await db.execute(query)) as unknown as { rows: { value: T }[] }).rows[0]?.value as T;
  const lastOrder = await value<number>(sql`select coalesce(max(id), 0) as value from freight_orders`);
  // The newest orders whose containers add up to `count`
  const firstOrder =
    count === undefined
      ? 1
      : await value<number>(sql`select coalesce(min(id), ${lastOrder} + 1) as value from (
          select id, sum(container_count) over (order by id desc) as total from freight_orders) newest
          where total <= ${count}`);
  const firstContainer = await value<number>(sql`select coalesce(max(id), 0) + 1 as value from containers`);
  const slots = OWNERS.flatMap(([owner, share]) => Array.from({ length: share }, () => owner));
  const owners = textArray(slots);
  const ownerSums = sql.raw(`array[${slots.map(ownerSum).join(",")}]`);
  const types = await value<number[]>(sql`select array_agg(id order by id) as value from container_types
    where code in ('22G1', '45G1', '42G1', '45R1', '22R1', '22U1')`);

  const dates = JOURNEY.map(({ field, day, border }, index) => {
    // status 7: the journey scaled into the order's own time; 6: the days already come; 5: the preparation and
    // the documents come; 2: the preparation planned
    // Inlined: a parameter beside a date has no type, and `date + unknown` is ambiguous to PostgreSQL
    const days = sql.raw(String(day));
    const reached = sql`case c.status when 7 then true when 6 then c.base + ${days} <= current_date
      when 5 then ${sql.raw(index === 0 ? "true" : index === 1 ? `c.base + ${day} <= current_date` : "false")}
      when 2 then ${sql.raw(String(index === 0))} else false end`;
    const when = border ? sql`c.crosses and ${reached}` : reached;
    return sql`case when ${when} then c.base + floor(${days} * c.pace)::int end as ${sql.identifier(field)}`;
  });
  const fields = JOURNEY.map(({ field }) => sql.identifier(field));
  const track = (field: TrackDateField) => sql`d.${sql.identifier(field)}`;

  await withoutSecondaryIndexes(db, ["containers", "container_events"], async () => {
    for (let start = firstOrder; start <= lastOrder; start += BATCH_ORDERS) {
      const end = Math.min(lastOrder, start + BATCH_ORDERS - 1);
      await withoutJit(
        db,
        sql`
        insert into containers (freight_order_id, container, is_number_valid, container_type, ${sql.join(fields, sql`, `)},
          location, location_date, final_destination, railway_transport_number, railwaybill_number,
          start_tracking_date, tracking_done, status, transit_decl_status, transit_decl_status_date, pkg_pid,
          pkg_state, pkg_message, td_number, td_date, td_allowed_date, author_id, updated_by_id, create_date,
          update_date, version)
        select d.order_id, d.typed, d.typed = d.correct, d.container_type, ${sql.join(
          fields.map((f) => sql`d.${f}`),
          sql`, `,
        )},
          case when ${track("railway_trip_finish_date")} is not null then d.destination
            when ${track("arrival_at_border_date")} is not null then d.border
            when ${track("railway_accept_date")} is not null then d.dispatch else '' end,
          d.last_date, d.destination,
          case when ${track("railway_loading_date")} is not null then '5' || lpad((d.h / 17 % 10000000)::text, 7, '0') else '' end,
          case when ${track("railway_bill_filing_date")} is not null
            then (array['ЭА','ЭБ','ЭГ','ЭЖ','ЭИ'])[1 + d.h % 5] || lpad((d.h / 19 % 1000000)::text, 6, '0') else '' end,
          ${track("railway_trip_start_date")}, d.status = 7,
          case when d.status not in (5, 6, 7) then 1 when d.h % 50 = 1 then 3 else 2 end,
          case when d.pkg_state = 'accepted' then case when ${track("td_end_date")} is not null
            then 'Транзит завершён' else 'Выпуск для транзита разрешён' end else '' end,
          case when d.pkg_state = 'accepted' then coalesce(${track("td_end_date")}, d.td_date) end,
          case when d.pkg_state is not null then nextval('container_pkg_pid_seq') end, d.pkg_state,
          case d.pkg_state when 'rejected' then (${textArray(REJECTIONS)})[1 + d.h / 23 % ${REJECTIONS.length}]
            when 'processing_error' then 'Шлюз декларирования не ответил: превышено время ожидания (3 попытки)'
            else '' end,
          case when d.pkg_state = 'accepted'
            then '10719010/' || to_char(d.td_date, 'DDMMYY') || '/' || lpad((d.h / 29 % 10000000)::text, 7, '0') else '' end,
          case when d.pkg_state = 'accepted' then d.td_date end,
          case when d.pkg_state = 'accepted' then d.td_date + 1 end,
          d.author_id, case when d.last_date is not null then d.updated_by_id end, d.created,
          least(now(), greatest(d.created, d.last_date + interval '10 hours')), 1 + num_nonnulls(${sql.join(
            fields.map((f) => sql`d.${f}`),
            sql`, `,
          )})
        from (
          select dated.*,
            greatest(${sql.join(
              fields.map((f) => sql`dated.${f}`),
              sql`, `,
            )}) as last_date,
            case when not dated.crosses or dated.status not in (5, 6, 7) then null
              when dated.status = 7 then case when dated.p < 97 then 'accepted' else 'withdrawn' end
              when dated.status = 6 then case when dated.p < 72 then 'accepted' when dated.p < 80 then 'uploaded'
                when dated.p < 85 then 'pending' when dated.p < 93 then 'rejected' when dated.p < 96 then 'processing_error'
                when dated.p < 98 then 'withdraw' else 'withdrawn' end
              else case when dated.p < 35 then 'pending' when dated.p < 65 then 'uploaded'
                when dated.p < 85 then 'accepted' else 'rejected' end end as pkg_state,
            least(dated.base + 5, current_date) as td_date
          from (
            select c.*, ${sql.join(dates, sql`, `)}
            from (
              select o.id as order_id, k, o.status, o.author_id, o.updated_by_id, o.border_crossing_point is not null as crosses,
                o.border_crossing_point_name as border, o.dispatch_location as dispatch, o.destination,
                o.create_date + k * interval '7 minutes' as created, o.create_date::date + n.h % 3 as base,
                -- a completed order's journey fits in the time from its creation to its completion
                case when o.status = 7 then least(1, extract(epoch from o.update_date - o.create_date) / 86400 / 25)
                  else 1 end as pace,
                case when n.h / 11 % 10 = 0 then (${sql.raw(`array[${types.join(",")}]`)}::int[])[1 + n.h / 10 % ${types.length}]
                  else o.container_type end as container_type,
                n.h, n.h / 7 % 100 as p, numbered.correct,
                case when n.h % 50 <> 0 then numbered.correct
                  when n.h / 50 % 3 = 0 then left(numbered.correct, 10) || ((right(numbered.correct, 1)::int + 1 + n.h / 150 % 9) % 10)
                  when n.h / 50 % 3 = 1 then left(numbered.correct, 6) || substr(numbered.correct, 8)
                  else left(numbered.correct, 4) || translate(substr(numbered.correct, 5), '0', 'O') end as typed
              from freight_orders o
              cross join lateral generate_series(1, o.container_count) k
              cross join lateral (select floor(${uniform(sql`o.id * 8 + k`)} * 2000000000)::int as h) n
              cross join lateral (select
                -- the booking's owner, one box in ten another's
                1 + case when n.h / 13 % 10 = 9 then n.h / 1000 else floor(${uniform(sql`o.id`)} * 1000)::int end % ${slots.length} as owner,
                n.h / 3 % 1000000 as serial) numbering
              cross join lateral (select (${owners})[numbering.owner] || lpad(numbering.serial::text, 6, '0')
                || (((${ownerSums})[numbering.owner] + (numbering.serial / 100000 % 10) * 16
                  + (numbering.serial / 10000 % 10) * 32 + (numbering.serial / 1000 % 10) * 64
                  + (numbering.serial / 100 % 10) * 128 + (numbering.serial / 10 % 10) * 256
                  + (numbering.serial % 10) * 512) % 11 % 10)::text as correct) numbered
              where o.id between ${start} and ${end}
            ) c
          ) dated
        ) d
        order by d.order_id, d.k`,
      );
    }
    await seedEvents(db, firstContainer);
  });

  const rows = (
    (await db.execute(
      sql`select container, is_number_valid from containers where id >= ${firstContainer}`,
    )) as unknown as {
      rows: { container: string; is_number_valid: boolean }[];
    }
  ).rows;
  const wrong = rows.filter((row) => isValidContainerNumber(row.container) !== row.is_number_valid).length;
  if (wrong > 0)
    throw new Error(`${wrong} seeded containers are flagged against packages/domain's ISO 6346 check`);
  return rows.length;
}

/**
 * The tracking events of the containers from `firstContainer` on: one for each track date set (recorded by the
 * manager who set it, on that day, or when the container was added for a day still to come), the package's
 * sending by the portal and the customs system's last answer on it.
 */
async function seedEvents(db: Db, firstContainer: number): Promise<void> {
  const tracked = Object.entries(TRACK_DATE_EVENTS).map(
    ([field, { code, type }]) => sql`(${type}::text, ${code}::text, c.${sql.identifier(field)})`,
  );
  await withoutJit(
    db,
    sql`
    insert into container_events (container_id, event_type, event_code, event_date, recorded_at, source, user_id)
    select c.id, e.type, e.code, e.day, greatest(c.create_date, e.day + interval '10 hours'), 'portal',
      coalesce(c.updated_by_id, c.author_id)
    from containers c cross join lateral (values ${sql.join(tracked, sql`, `)}) e(type, code, day)
    where c.id >= ${firstContainer} and e.day is not null
    order by c.id`,
  );
  const answers = Object.keys(CUSTOMS_EVENTS)
    .filter((code) => code.startsWith("package_") && code !== "package_sent")
    .map((code) => sql`when ${code.slice("package_".length)} then ${code}`);
  await withoutJit(
    db,
    sql`
    insert into container_events (container_id, event_type, event_code, event_date, recorded_at, source, user_id,
      pkg_pid, message)
    select c.id, 'customs', e.code, e.day, greatest(c.create_date, e.day + interval '11 hours'), e.source,
      e.user_id, c.pkg_pid, e.message
    from containers c
    cross join lateral (select coalesce(c.commercial_documents_upload_date, c.create_date::date) as day) sent
    cross join lateral (values
        ('package_sent', sent.day, 'portal', c.author_id, ''),
        (case c.pkg_state ${sql.join(answers, sql` `)} end, least(sent.day + 1, current_date), 'customs', null::int,
          c.pkg_message)
      ) e(code, day, source, user_id, message)
    where c.id >= ${firstContainer} and c.pkg_pid is not null and e.code is not null
    order by c.id`,
  );
}
