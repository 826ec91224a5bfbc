import { sql } from "drizzle-orm";
import type { Db } from "../../apps/api/src/db/client.ts";

// The requests the load benchmark repeats (run.ts), and the subjects some of them need found in the seeded database.

/** A request the bench repeats, as the demo's manager or as the client the orders' scenarios pick. */
export interface Scenario {
  name: string;
  url: string;
  as: "manager" | "client";
  /** The same request to the peer (src/peer.ts), in its own field names, where it answers it. */
  peerUrl?: string;
}

/** The subjects of the orders' and containers' scenarios: a client, an order and a container of their company. */
export interface Subjects {
  client: string;
  order: number;
  /** Undefined when the database has no containers of the client's company. */
  container?: number;
  /** The client's company: the one with the most orders. */
  company: number;
}

const q = encodeURIComponent;
const ORDERS = "/tracking/api/freight_orders/";
const CONTAINERS = "/tracking/api/containers/";

const LIST_SCENARIOS: [string, string][] = [
  ["users, first page", "/profile/api/users/"],
  ["users, search two words", `/profile/api/users/?search=${q("иван лес")}`],
  ["users, search broad word (~26%)", `/profile/api/users/?search=${q("александр")}`],
  [
    "users, filter + ordering",
    `/profile/api/users/?filters=${q("last_name__icontains=ов&state=approved")}&ordering=last_name`,
  ],
  ["users, deep page", "/profile/api/users/?skip=10000&take=50&ordering=username"],
  ["users, grouped by state", "/profile/api/users/?group=state"],
  ["ETSNG, name word", `/refbooks/api/etsng/?search=${q("уголь")}`],
  ["ETSNG, code prefix", "/refbooks/api/etsng/?search=16"],
  ["GNG, name word", `/refbooks/api/gng/?search=${q("машин")}`],
  ["GNG, code prefix", "/refbooks/api/gng/?search=8471"],
  ["stations, name word", `/tracking/api/locations/?search=${q("москва")}`],
  ["stations, code prefix", "/tracking/api/locations/?search=18"],
  ["current user", "/profile/api/users/me/"],
];

/**
 * The containers' scenarios (their names all start with "containers", for BENCH_ONLY): the grid's first page
 * as a manager and as the largest customer's user, a number filter sorted by a track date, the order's status
 * sorted by another, the flagged numbers, the search by part of a number, a deep page and one container.
 */
function containerScenarios(container: number | undefined): Scenario[] {
  const numberFilter = `${CONTAINERS}?filters=${q("container__icontains=MSKU")}&ordering=-arrival_at_border_date`;
  const all: Scenario[] = [
    { name: "containers, first page", url: CONTAINERS, as: "manager" },
    { name: "containers, client's first page", url: CONTAINERS, as: "client" },
    { name: "containers, MSKU + -arrival_at_border", url: numberFilter, as: "manager" },
    { name: "containers, client's MSKU + -arrival", url: numberFilter, as: "client" },
    {
      name: "containers, order status in + -trip start",
      url: `${CONTAINERS}?filters=${q("freight_order_status__in=5,6")}&ordering=-railway_trip_start_date`,
      as: "manager",
    },
    {
      name: "containers, invalid numbers",
      url: `${CONTAINERS}?filters=${q("is_number_valid=false")}`,
      as: "manager",
    },
    {
      name: "containers, search part of a number",
      url: `${CONTAINERS}?search=${q("MSKU12")}`,
      as: "manager",
    },
    { name: "containers, deep page (skip 100,000)", url: `${CONTAINERS}?skip=100000&take=20`, as: "manager" },
  ];
  if (container)
    all.push({ name: "containers, one container", url: `${CONTAINERS}${container}/`, as: "client" });
  return all;
}

const MONITORING = "/tracking/api/monitoring/";
const TERMINAL_REPORT = "/tracking/api/reports/terminal-utro/";

/**
 * The monitoring's and the terminal report's scenarios (their names start with "monitoring" and "terminal report"):
 * each grid's first page (the monitoring a manager's: every company's containers of approved, signed and
 * in-progress orders; the report also as the largest customer's user), a number filter and a sort by a joined
 * column, both read through the container and its order.
 */
function operationsScenarios(): Scenario[] {
  const numberFilter = `filters=${q("container__icontains=MSKU")}`;
  return [
    { name: "monitoring, first page", url: MONITORING, as: "manager" },
    { name: "monitoring, MSKU filter", url: `${MONITORING}?${numberFilter}`, as: "manager" },
    { name: "monitoring, sort by destination", url: `${MONITORING}?ordering=destination`, as: "manager" },
    { name: "terminal report, first page", url: TERMINAL_REPORT, as: "manager" },
    { name: "terminal report, client's first page", url: TERMINAL_REPORT, as: "client" },
    { name: "terminal report, MSKU filter", url: `${TERMINAL_REPORT}?${numberFilter}`, as: "manager" },
    {
      name: "terminal report, sort by -order date",
      url: `${TERMINAL_REPORT}?ordering=-freight_order_date`,
      as: "manager",
    },
  ];
}

/** The fields the orders grid asks for by default: its shown columns and the row's status names. */
const ORDERS_GRID_FIELDS =
  "id,company_name,status,status_comment,customer_order_number,destination,create_date,status_name,status_name_en";

/**
 * The orders grid's calls as the web makes them (`fields` of its default columns; their names all start with
 * "orders grid", for BENCH_ONLY): a text column's filter sorted by the creation date as a manager and as the
 * largest customer's user, the first page, a deep page and the two-word search, and one order as its form reads
 * it. A build without `fields` ignores the parameter and answers whole rows.
 */
function ordersGridScenarios(order: number): Scenario[] {
  const grid = (query: string) => `${ORDERS}?${query}${query ? "&" : ""}fields=${q(ORDERS_GRID_FIELDS)}`;
  const filtered = grid(`filters=${q("consignee__icontains=trad")}&ordering=-create_date`);
  // The peer names the column by its database name and answers the 20 fields of its serializer
  const peerFiltered = `${ORDERS}?filters=${q("consignee_name__icontains=trad")}&ordering=-create_date`;
  return [
    {
      name: "orders grid, consignee trad + -create_date",
      url: filtered,
      as: "manager",
      peerUrl: peerFiltered,
    },
    { name: "orders grid, client's consignee trad", url: filtered, as: "client", peerUrl: peerFiltered },
    {
      name: "orders grid, first page",
      url: grid("ordering=-create_date"),
      as: "manager",
      peerUrl: `${ORDERS}?ordering=-create_date`,
    },
    { name: "orders grid, deep page (skip 100,000)", url: grid("ordering=-id&skip=100000"), as: "manager" },
    { name: "orders grid, search two words", url: grid(`search=${q("забайкальск мебель")}`), as: "manager" },
    { name: "orders grid, one order (the form)", url: `${ORDERS}${order}/`, as: "client" },
  ];
}

const DASHBOARD = "/api/dashboard/";

/**
 * The dashboard's scenarios (their names start with "dashboard"): what waits for a manager (every company's
 * submitted orders, the sign-ups, the failed packages) and for the largest customer's user, and the charts of every
 * company, of that customer's company (a manager's filter) and of that customer's user. The charts are kept per
 * scope until an order or a container of theirs changes (docs/decisions.md, "Dashboard"), so these measure the kept
 * answers after each scope's first computation; bench/README.md gives the computations' own times.
 */
function dashboardScenarios(company: number): Scenario[] {
  return [
    { name: "dashboard, waiting", url: `${DASHBOARD}waiting/`, as: "manager" },
    { name: "dashboard, client's waiting", url: `${DASHBOARD}waiting/`, as: "client" },
    { name: "dashboard, charts of all companies", url: `${DASHBOARD}charts/`, as: "manager" },
    {
      name: "dashboard, charts of one company",
      url: `${DASHBOARD}charts/?company=${company}`,
      as: "manager",
    },
    { name: "dashboard, client's charts", url: `${DASHBOARD}charts/`, as: "client" },
  ];
}

/**
 * The scenarios BENCH_ONLY selects (`only`: texts, one of which a scenario's name contains). The orders' client
 * is a confirmed user of the company with the most orders; the order one of theirs, signed (its history has six
 * entries and the workflow offers managers every status); the container their company's newest.
 */
export function scenarios(subjects: Subjects | undefined, only: string[]): Scenario[] {
  const all: Scenario[] = LIST_SCENARIOS.map(([name, url]) => ({ name, url, as: "manager" }));
  if (subjects) {
    const order = `${ORDERS}${subjects.order}/`;
    all.push(
      { name: "orders, first page", url: ORDERS, as: "manager" },
      { name: "orders, client's first page", url: ORDERS, as: "client" },
      {
        name: "orders, status filter + -create_date",
        url: `${ORDERS}?filters=${q("status__in=3,4")}&ordering=-create_date`,
        as: "manager",
      },
      {
        name: "orders, status + customer order no.",
        url: `${ORDERS}?filters=${q("status=7")}&ordering=customer_order_number`,
        as: "manager",
      },
      { name: "orders, search one word", url: `${ORDERS}?search=${q("холодильники")}`, as: "manager" },
      { name: "orders, search two words", url: `${ORDERS}?search=${q("забайкальск мебель")}`, as: "manager" },
      { name: "orders, deep page (skip 100,000)", url: `${ORDERS}?skip=100000&take=20`, as: "manager" },
      { name: "orders, one order", url: order, as: "client" },
      { name: "orders, one order's wf/", url: `${order}wf/`, as: "client" },
      { name: "orders, one order's history/", url: `${order}history/`, as: "client" },
      ...ordersGridScenarios(subjects.order),
      ...containerScenarios(subjects.container),
      ...operationsScenarios(),
      ...dashboardScenarios(subjects.company),
    );
  } else
    console.log("no shipping orders in this database: the orders' and containers' scenarios are skipped");
  return all.filter(({ name }) => only.some((text) => name.includes(text)));
}

/** The subjects of the orders' and containers' scenarios in the seeded database (read before the API opens it). */
export async function findSubjects(db: Db): Promise<Subjects | undefined> {
  const { rows } = (await db.execute(sql`
    select u.username as client, busiest.company_id as company, (select max(id) from freight_orders o
        where o.company_id = busiest.company_id and o.status = 5 and o.deleted_at is null) as order,
      (select max(c.id) from containers c join freight_orders o on o.id = c.freight_order_id
        where o.company_id = busiest.company_id and o.deleted_at is null) as container
    from (select company_id from freight_orders where deleted_at is null
      group by company_id order by count(*) desc limit 1) busiest
    join users u on u.company_id = busiest.company_id and u.state = 'approved'
    order by u.id limit 1`)) as unknown as {
    rows: { client: string; company: number; order: number | null; container: number | null }[];
  };
  const [row] = rows;
  if (!row?.order) return undefined;
  return {
    client: row.client,
    order: Number(row.order),
    company: Number(row.company),
    container: row.container ? Number(row.container) : undefined,
  };
}
