import type { companies, users } from "../schema/index.ts";

// The demo forwarder as data: its companies, people, services, routes and container categories (the routes' prices
// are in demo-route-prices.ts). demo.ts writes them; the README and the start-up banner name the logins.

/** The one password of every demo account (passes the password rules). */
export const DEMO_PASSWORD = "Freight-2026";

export interface DemoUser {
  username: string;
  first_name: string;
  last_name: string;
  roles: string[];
  /** Key of DEMO_COMPANIES, or null for a user who has just signed up. */
  company: keyof typeof DEMO_COMPANIES | null;
  state: "new" | "pending" | "approved";
  grants?: Partial<
    Pick<typeof users.$inferInsert, "is_administrator" | "is_staff" | "grant_monitoring" | "grant_webhooks">
  >;
  related?: (keyof typeof DEMO_COMPANIES)[];
  /** What the account shows, printed at start-up and in the README. */
  description: string;
}

export const DEMO_COMPANIES = {
  forwarder: {
    name: "ООО «ВостокТрансЭкспедиция»",
    inn: "2536012347",
    is_expedition_company: true,
  },
  timber: {
    name: "ООО «Сибирский лес»",
    inn: "5406123450",
    freight_forwarding_contract: "ТЭО-2026/014",
    freight_forwarding_contract_date: "2026-01-15",
    contract_nums: "ТЭО-2026/014, ТЭО-2025/087",
    notification_msg:
      "С 1 декабря терминал Забайкальск принимает контейнеры с 8:00 до 20:00. Планируйте подачу заранее.",
  },
  trading: {
    name: "АО «ДальТоргИмпорт»",
    inn: "6658123450",
    freight_forwarding_contract: "ТЭО-2025/102",
    freight_forwarding_contract_date: "2025-09-01",
    contract_nums: "ТЭО-2025/102",
    debtor: true,
  },
  machinery: {
    name: "ООО «Уралмашкомплект»",
    inn: "7725123450",
    freight_forwarding_contract: "ТЭО-2026/031",
    freight_forwarding_contract_date: "2026-03-10",
    contract_nums: "ТЭО-2026/031",
  },
} satisfies Record<string, Partial<typeof companies.$inferInsert> & { name: string }>;

export const DEMO_USERS: DemoUser[] = [
  {
    username: "manager",
    first_name: "Ирина",
    last_name: "Соколова",
    roles: ["Manager"],
    company: "forwarder",
    state: "approved",
    description: "manager: all orders, user profiles, companies",
  },
  {
    username: "head",
    first_name: "Алексей",
    last_name: "Морозов",
    roles: ["Head"],
    company: "forwarder",
    state: "approved",
    description: "head (supervisor): manager powers, marks orders paid, reference books",
  },
  {
    username: "admin",
    first_name: "Ольга",
    last_name: "Кузнецова",
    roles: ["Manager"],
    company: "forwarder",
    state: "approved",
    grants: { is_administrator: true, is_staff: true },
    description: "administrator: manager powers, container status, company managers, admin area",
  },
  {
    username: "rwmanager",
    first_name: "Сергей",
    last_name: "Лебедев",
    roles: ["RWManager"],
    company: "forwarder",
    state: "approved",
    description: "railway manager",
  },
  {
    username: "client",
    first_name: "Пётр",
    last_name: "Иванов",
    roles: ["RegisteredCustomer"],
    company: "timber",
    state: "approved",
    grants: { grant_monitoring: true, grant_webhooks: true },
    description: "client of ООО «Сибирский лес», with monitoring",
  },
  {
    username: "client2",
    first_name: "Анна",
    last_name: "Смирнова",
    roles: ["RegisteredCustomer"],
    company: "trading",
    state: "approved",
    related: ["machinery"],
    description: "client of АО «ДальТоргИмпорт» (debtor), related user of ООО «Уралмашкомплект»",
  },
  {
    username: "client3",
    first_name: "Дмитрий",
    last_name: "Попов",
    roles: ["RegisteredCustomer"],
    company: "machinery",
    state: "approved",
    description: "client of ООО «Уралмашкомплект»",
  },
  {
    username: "newcomer",
    first_name: "",
    last_name: "",
    roles: ["Customer"],
    company: null,
    state: "new",
    description: "just signed up: dashboard and profile only",
  },
  {
    username: "applicant",
    first_name: "Марина",
    last_name: "Волкова",
    roles: ["Customer"],
    company: null,
    state: "pending",
    description: "profile sent to confirmation, awaiting a manager on /profiles",
  },
];

/** Which staff serve which customer company (their Contacts popup). */
export const DEMO_COMPANY_MANAGERS: [keyof typeof DEMO_COMPANIES, string][] = [
  ["timber", "manager"],
  ["timber", "head"],
  ["trading", "manager"],
  ["machinery", "rwmanager"],
];

export const PHONES: Record<string, string> = {
  manager: "+7 423 230-10-01",
  head: "+7 423 230-10-02",
  admin: "+7 423 230-10-03",
  rwmanager: "+7 423 230-10-04",
  client: "+7 383 210-44-12",
  client2: "+7 343 310-27-90",
  client3: "+7 495 640-15-33",
  applicant: "+7 914 700-12-45",
};

export type Flag = "is_shipping" | "is_port_freight_forwarding" | "is_transit_decl";

/**
 * The demo forwarder's services: [Russian, English, contact mailbox, transport kinds, shipment kinds, flags].
 * Kinds are named by their English description in the reference books.
 */
export const DEMO_SERVICES: [string, string, string, string[], string[], Flag[]][] = [
  [
    "Железнодорожная перевозка контейнера",
    "Rail container transportation",
    "rail",
    ["Rail"],
    ["Export", "Import", "Transit", "Domestic"],
    ["is_shipping"],
  ],
  [
    "Предоставление собственного контейнера (СОК)",
    "Shipper's own container supply",
    "rail",
    ["Rail", "Sea"],
    ["Export", "Import"],
    ["is_shipping"],
  ],
  ["Морской фрахт", "Ocean freight", "sea", ["Sea"], ["Export", "Import"], ["is_shipping"]],
  [
    "Экспедирование в морском порту",
    "Port freight forwarding",
    "port",
    ["Sea"],
    ["Export", "Import", "Transit"],
    ["is_port_freight_forwarding"],
  ],
  [
    "Оформление транзитной декларации",
    "Transit declaration",
    "customs",
    ["Rail", "Road"],
    ["Transit", "Import"],
    ["is_transit_decl"],
  ],
  [
    "Таможенное оформление",
    "Customs clearance",
    "customs",
    ["Rail", "Sea", "Road"],
    ["Export", "Import"],
    [],
  ],
  [
    "Автодоставка контейнера до склада",
    "Container trucking to the warehouse",
    "auto",
    ["Road"],
    ["Import", "Export", "Domestic"],
    [],
  ],
  [
    "Погрузка и крепление груза в контейнере",
    "Container stuffing and securing",
    "terminal",
    ["Rail", "Road"],
    ["Export", "Domestic"],
    [],
  ],
  [
    "Хранение контейнера на терминале",
    "Container storage at the terminal",
    "terminal",
    ["Rail", "Sea"],
    ["Export", "Import", "Transit", "Domestic"],
    [],
  ],
  ["Охрана груза в пути", "Cargo escort", "rail", ["Rail"], ["Export", "Transit", "Domestic"], []],
  [
    "Страхование груза",
    "Cargo insurance",
    "insurance",
    ["Rail", "Sea", "Road"],
    ["Export", "Import", "Transit", "Domestic"],
    [],
  ],
];

/** The forwarder's railway routes by ESR codes: [Russian, English, departure, destination, border crossing]. */
export const DEMO_ROUTES: [string, string, string, string, string | null][] = [
  ["Находка-Восточная — Ворсино", "Nakhodka-Vostochnaya — Vorsino", "985906", "183502", null],
  ["Владивосток — Екатеринбург-Товарный", "Vladivostok — Yekaterinburg-Tovarny", "980003", "780302", null],
  ["Первая Речка — Клещиха", "Pervaya Rechka — Kleshchikha", "981307", "850204", null],
  ["Забайкальск — Селятино", "Zabaykalsk — Selyatino", "946801", "181102", "946801"],
  ["Наушки — Новосибирск-Восточный", "Naushki — Novosibirsk-Vostochny", "936903", "851508", "936903"],
  ["Достык — Белый Раст (через Илецк I)", "Dostyk — Bely Rast (via Iletsk I)", "708403", "238601", "666906"],
  ["Алтынколь — Ворсино (через Озинки)", "Altynkol — Vorsino (via Ozinki)", "707608", "183502", "628406"],
  ["Электроугли — Забайкальск", "Elektrougli — Zabaykalsk", "230600", "946801", "946801"],
  ["Силикатная — Брест-Северный", "Silikatnaya — Brest-Severny", "191000", "130100", "130100"],
  ["Шушары — Бусловская", "Shushary — Buslovskaya", "033004", "028504", "028504"],
];

/** The container categories the planner prices. */
export const DEMO_CONTAINER_CATEGORIES: [string, string, string][] = [
  ["20DC", "20-футовый стандартный", "20' dry"],
  ["40DC", "40-футовый стандартный", "40' dry"],
  ["40HC", "40-футовый высокий", "40' high cube"],
  ["45HC", "45-футовый высокий", "45' high cube"],
  ["20RF", "20-футовый рефрижераторный", "20' reefer"],
  ["40RH", "40-футовый рефрижераторный высокий", "40' reefer high cube"],
  ["20TK", "20-футовый танк-контейнер", "20' tank"],
];
