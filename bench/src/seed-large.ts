import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.ts";
import { textArray, uniform, valuesTable, withoutSecondaryIndexes } from "./bulk-sql.ts";
import { CONTAINER_TYPES, GOODS, NOTES, ROUTES, STATUS_COMMENTS } from "./large-order-parts.ts";
import {
  CITIES,
  DOMAINS,
  ENDINGS,
  FEMALE_NAMES,
  FORMS,
  OTHER_MALE_NAMES,
  STEMS,
  SURNAMES,
} from "./large-people.ts";

// The large customer base of the load benchmark, written in bulk: users over their companies, and shipping orders
// with their links and history over those companies.

/**
 * Seeds `count` customer users spread over `count / 100` companies (at least 200) with Russian names, company
 * names and e-mail addresses, in one `insert … select generate_series` statement per 50,000 rows.
 */
export async function seedLargeUserBase(db: Db, count: number): Promise<void> {
  const companyCount = Math.max(200, Math.round(count / 100));
  const [{ first } = { first: 0 }] = (
    await db.execute<{ first: number }>(sql`select coalesce(max(id), 0) + 1 as first from companies`)
  ).rows;
  await db.execute(sql`
    insert into companies (name, inn)
    select
      (${textArray(FORMS)})[1 + g % ${FORMS.length}] || ' «' || (${textArray(STEMS)})[1 + (g / 4) % ${STEMS.length}]
        || (${textArray(ENDINGS)})[1 + (g / 80) % ${ENDINGS.length}] || '»'
        || coalesce(nullif(' ' || (${textArray(CITIES)})[1 + (g / 800) % ${CITIES.length}], ' '), ''),
      lpad((5400000000 + g)::text, 10, '0')
    from generate_series(0, ${companyCount - 1}::int) g`);

  const hash = sql`(select password_hash from users where username = 'manager')`;
  const male = textArray(OTHER_MALE_NAMES.map(([name]) => name));
  const maleLat = textArray(OTHER_MALE_NAMES.map(([, lat]) => lat));
  const female = textArray(FEMALE_NAMES.map(([name]) => name));
  const femaleLat = textArray(FEMALE_NAMES.map(([, lat]) => lat));
  const surnames = textArray(SURNAMES.map(([name]) => name));
  const surnamesLat = textArray(SURNAMES.map(([, lat]) => lat));
  const domains = textArray(DOMAINS);
  for (let start = 1; start <= count; start += 50_000) {
    const end = Math.min(count, start + 49_999);
    // Per row: s = surname index (scattered, so that names and surnames do not move together), f = 0 for an
    // Alexander, 1 for a woman, 2–3 for other men.
    await db.execute(sql`
      insert into users (username, username_key, password_hash, first_name, last_name, email, phone, state,
        company_id, date_joined)
      select login, login, ${hash}, first_name, last_name, login || '@' || (${domains})[1 + g % ${DOMAINS.length}],
        '+7 9' || lpad(((g * 7907) % 1000000000)::text, 9, '0'),
        (array['approved','approved','approved','pending','new','declined'])[1 + g % 6],
        ${first}::int + (g * 37) % ${companyCount}, now() - (g % 1500) * interval '1 day'
      from (
        select g,
          case f when 0 then 'Александр' when 1 then (${female})[1 + (g / 4) % ${FEMALE_NAMES.length}]
            else (${male})[1 + (g / 4) % ${OTHER_MALE_NAMES.length}] end as first_name,
          (${surnames})[1 + s] || case f when 1 then 'а' else '' end as last_name,
          case f when 0 then 'a' when 1 then (${femaleLat})[1 + (g / 4) % ${FEMALE_NAMES.length}]
            else (${maleLat})[1 + (g / 4) % ${OTHER_MALE_NAMES.length}] end
            || '.' || (${surnamesLat})[1 + s] || g as login
        from (select g, (g * 7919) % ${SURNAMES.length} as s, case g % 4 when 0 then 0 when 1 then 1 else 2 end as f
          from generate_series(${start}::int, ${end}::int) g) numbered
      ) people`);
  }
}

/**
 * Seeds `count` shipping orders over the customer companies (those whose confirmed users are not staff), created
 * over three years with ids in the order of creation, a few large customers filing most of them (the company of
 * an order is the square of an even spread: the largest of 2,000 files about 2 % of all orders). Each order has
 * a route and goods of its company's few, an author among its company's confirmed users (every twelfth order a
 * manager's), the status its age makes likely (old ones completed or cancelled, recent ones all along the
 * workflow), its transport kinds and services, and the history of its moves (with the approved cost's entries).
 * One `insert … select generate_series` statement per 50,000 orders; the orders' own trigger fills `company_name`
 * and `border_crossing_point_name`, so the search documents are those the API would write (checked at the end).
 */
export async function seedLargeOrders(db: Db, count: number): Promise<void> {
  const value = async <T>(query: SQL): Promise<T> =>
    ((await db.execute(query)) as unknown as { rows: { value: T }[] }).rows[0]?.value as T;
  const firstOrder = await value<number>(sql`select coalesce(max(id), 0) + 1 as value from freight_orders`);
  const staff = sql`(select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
    where r.name in ('Manager', 'Head', 'RWManager'))`;
  const managers = await value<number[]>(
    sql`select coalesce(array_agg(id order by id), '{}') as value from users where id in ${staff}`,
  );
  if (managers.length === 0) throw new Error("seed the demo first: the orders' managers are its staff");
  const managerAt = (index: SQL) =>
    sql`(${sql.raw(`array[${managers.join(",")}]`)})[1 + (${index}) % ${managers.length}]`;

  await db.execute(sql`drop table if exists bench_order_companies, bench_order_authors`);
  try {
    // The customer companies numbered from 0, and each one's confirmed users numbered from 0.
    await db.execute(sql`
      create table bench_order_companies as
      select (row_number() over (order by c.id) - 1)::int as n, c.id, c.name, count(*)::int as users
      from companies c join users u on u.company_id = c.id and u.state = 'approved'
      where not exists (select 1 from users s where s.company_id = c.id and s.id in ${staff})
      group by c.id`);
    await db.execute(sql`
      create table bench_order_authors as
      select c.n as company_n, (row_number() over (partition by c.n order by u.id) - 1)::int as n, u.id,
        u.last_name || ' ' || u.first_name as name, u.email, u.phone
      from users u join bench_order_companies c on c.id = u.company_id
      where u.state = 'approved'`);
    await db.execute(sql`alter table bench_order_authors add primary key (company_n, n)`);
    const companyCount = await value<number>(sql`select count(*)::int as value from bench_order_companies`);

    const routes = valuesTable(ROUTES);
    const goods = valuesTable(GOODS);
    const types = await value<number[]>(sql`select array_agg(
      (select id from container_types where code = t.code) order by t.n) as value
      from unnest(${sql.raw(`array[${CONTAINER_TYPES.map((code) => `'${code}'`).join(",")}]`)}::text[])
        with ordinality t(code, n)`);
    const notes = textArray(NOTES);
    const comment = (status: number) => {
      const texts = STATUS_COMMENTS[status] ?? [""];
      return sql`when ${status} then (${textArray(texts)})[1 + (g / 7) % ${texts.length}]`;
    };
    const authorId = sql`case when g % 12 = 0 then ${managerAt(sql`g / 12`)} else author.id end`;
    const tables = [
      "freight_orders",
      "freight_order_transport_kinds",
      "freight_order_services",
      "freight_order_history",
    ];
    await withoutSecondaryIndexes(db, tables, async () => {
      for (let start = 1; start <= count; start += 50_000) {
        const end = Math.min(count, start + 49_999);
        // Per order g: c its company (squared spread), age in days (0–1,095, the newest last), s a percentile for
        // its status, its route and goods among its company's four and three, and the number of its moves.
        await db.execute(sql`
          insert into freight_orders (company_id, status, status_comment, direction, customer_order_number,
            railway_transfer_subcode, delivery_terms, consignor_name, consignor_countrycode, consignor_country_name,
            consignee_name, consignee_countrycode, consignee_country_name, dispatch_location, destination,
            border_crossing_point, preferred_shipping_period_start, preferred_shipping_period_end, container_type,
            container_count, etsng_code, gng_code, freight_cost, freight_cost_currency, freight_gross_weight,
            freight_net_weight, freight_description, notes, shipment_kind, order_contacts, order_contacts_email,
            order_contacts_phone, freight_forwarding_contract, freight_forwarding_contract_date, approved_cost,
            vat_percent, is_paid, author_id, updated_by_id, create_date, update_date, deleted_at, version)
          select company.id, o.status, case o.status ${comment(3)} ${comment(4)} ${comment(6)} ${comment(8)} else '' end,
            nullif(route.direction, ''),
            case when g % 7 = 0 then '' when company.n % 2 = 0
              then 'ЗК-' || to_char(o.created, 'YYYY') || '/' || lpad((g % 100000)::text, 5, '0')
              else to_char(o.created, 'YY') || '-' || (company.n + 100) || '-' || lpad((g % 10000)::text, 4, '0') end,
            case when g % 5 < 2 then '46' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0') else '' end,
            case route.direction when 'export' then 'CPT ' when '' then 'FCA ' else 'DAP ' end
              || split_part(route.destination, ' (', 1),
            case when route.direction = 'import' then route.party else company.name end,
            case when route.direction = 'import' then 'CN' else 'RU' end,
            case when route.direction = 'import' then 'Китай' else 'Россия' end,
            case when route.direction = 'import' or route.party = '' then company.name else route.party end,
            case when route.direction = 'import' or route.party = '' then 'RU' else '' end,
            case when route.direction = 'import' or route.party = '' then 'Россия' else '' end,
            route.dispatch, route.destination, (select id from locations where code = route.border),
            o.created::date + 7, o.created::date + 21,
            (${sql.raw(`array[${types.join(",")}]`)}::int[])[1 + g % ${types.length}], 1 + g % 5,
            item.etsng, item.gng,
            case when g % 2 = 0 then 150000 + (g::bigint * 7919) % 1500000 end,
            case when route.direction = 'import' then 'CNY' when route.direction = '' then 'RUB' else 'USD' end,
            18000 + g * 37 % 12000, 17000 + g * 37 % 12000, item.description,
            case when g % 4 = 0 then (${notes})[1 + (g / 4) % ${NOTES.length}] else '' end,
            (select id from shipment_kinds where description_en = case route.direction when 'export' then 'Export'
              when 'import' then 'Import' when 'transshipment' then 'Transit' else 'Domestic' end),
            author.name, author.email, author.phone,
            'ТЭО-' || (2023 + company.n % 3) || '/' || lpad((company.n % 1000)::text, 3, '0'),
            make_date(2023 + company.n % 3, 1 + company.n % 12, 1 + company.n % 28),
            case when o.status in (2, 5, 6, 7) then 120000 + (g::bigint * 104729) % 880000 end,
            case when o.status in (2, 5, 6, 7) then case when route.direction = '' then 20 else 0 end end,
            o.status = 7 and g % 10 < 8,
            ${authorId}, case when o.moves = 0 or o.status in (3, 5) then ${authorId} else ${managerAt(sql`g`)} end,
            o.created, o.created + least(o.age * 0.8, 25) * interval '1 day' * sign(o.moves),
            case when o.status in (1, 8) and g % 23 = 0 then o.created + interval '1 hour' end,
            1 + o.moves
          from (
            select g, c, age, route, item, created, status,
              case status when 1 then 0 when 3 then 1 when 4 then 2 when 2 then 2 when 5 then 3 when 6 then 4
                when 7 then 5 else 2 end as moves
            from (
              select g, c, age, route, item, now() - interval '10 minutes' - age * interval '1 day' as created,
                case when age > 90 then case when s < 88 then 7 else 8 end
                  when age > 30 then case when s < 45 then 6 when s < 80 then 7 when s < 90 then 5 else 8 end
                  else case when s < 15 then 1 when s < 35 then 3 when s < 45 then 4 when s < 60 then 2
                    when s < 75 then 5 when s < 95 then 6 else 8 end end as status
              from (
                select g, floor(${companyCount} * power(${uniform(sql`g`)}, 2))::int as c,
                  1095.0 * (${count} - g) / ${count} as age, h % 100 as s, h / 100 % 4 as route, h / 400 % 3 as item
                from generate_series(${start}::int, ${end}::int) g,
                  lateral (select floor(${uniform(sql`-g`)} * 1000000)::int as h) hashed
              ) spread
            ) aged
          ) o
          join bench_order_companies company on company.n = o.c
          join ${routes} as route(n, direction, dispatch, border, destination, party)
            on route.n = (o.c * 5 + o.route) % ${ROUTES.length}
          join ${goods} as item(n, description, etsng, gng)
            on item.n = (o.c * 3 + o.item) % ${GOODS.length}
          join bench_order_authors author on author.company_n = o.c and author.n = (g * 61) % company.users
          order by g`);
      }

      // Every order goes by rail, through a port by sea too; one or two of the services offered.
      await db.execute(sql`
        insert into freight_order_transport_kinds (freight_order_id, transport_kind_id)
        select o.id, k.id from freight_orders o left join locations l on l.id = o.border_crossing_point
        join transport_kinds k on k.description_en = 'Rail' or (k.description_en = 'Sea' and l.kind = 'port')
        where o.id >= ${firstOrder}`);
      await db.execute(sql`
        insert into freight_order_services (freight_order_id, service_id)
        select o.id, s.id
        from freight_orders o cross join (select array_agg(id order by id) as ids from services) offered
        cross join lateral unnest(offered.ids[1 + o.id % cardinality(offered.ids) : 1 + o.id % cardinality(offered.ids) + o.id % 2]) s(id)
        where o.id >= ${firstOrder}`);

      // The history: the creation, then each move of the workflow's usual path to the order's status, spread over
      // the time between its creation and its last change; the author submits and signs, managers do the rest; the
      // approved cost is written with the approval.
      await db.execute(sql`
        insert into freight_order_history (freight_order_id, kind, user_id, modify_date, status, status_comment,
          field, new_value)
        select o.id, entry.kind, case when step.status in (1, 3, 5) then o.author_id
            when step.n = cardinality(o.path) then o.updated_by_id else ${managerAt(sql`o.id`)} end,
          o.create_date + (o.update_date - o.create_date) * (step.n - 1) / greatest(cardinality(o.path) - 1, 1),
          entry.status, entry.comment, entry.field, entry.value
        from (select *, array[1] || case status when 1 then '{}'::int[] when 3 then '{3}' when 4 then '{3,4}'
            when 2 then '{3,2}' when 5 then '{3,2,5}' when 6 then '{3,2,5,6}' when 7 then '{3,2,5,6,7}' else '{3,8}' end
            as path
          from freight_orders where id >= ${firstOrder}) o
        cross join lateral unnest(o.path) with ordinality step(status, n)
        cross join lateral (values
          ('status', step.status, case when step.n = cardinality(o.path) then o.status_comment else '' end, null, null),
          ('field', null, '', 'approved_cost', o.approved_cost::text),
          ('field', null, '', 'vat_percent', o.vat_percent::text)) entry(kind, status, comment, field, value)
        where entry.kind = 'status' or step.status = 2`);
    });

    const wrong = await value<number>(sql`
      select count(*)::int as value from freight_orders o join companies c on c.id = o.company_id
      left join locations l on l.id = o.border_crossing_point
      where o.id >= ${firstOrder} and (o.company_name <> c.name or o.border_crossing_point_name <> coalesce(l.location, ''))`);
    if (wrong > 0) throw new Error(`${wrong} seeded orders lack their company's or border crossing's name`);
  } finally {
    await db.execute(sql`drop table if exists bench_order_companies, bench_order_authors`);
  }
}
