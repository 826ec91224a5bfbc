import type { OrderDirection } from "@portal/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  containerTypes,
  directoryCompanies,
  freightOrderHistory,
  freightOrderServices,
  freightOrders,
  freightOrderTransportKinds,
  locations,
  services,
  shipmentKinds,
  transportKinds,
} from "../schema/index.ts";
import { type DEMO_COMPANIES, DEMO_USERS, PHONES } from "./demo-data.ts";

// The demo's shipping orders: two in every status of the workflow, across the three customers, each with the
// history of how it got there (status changes with their comments, and some edits of fields along the way), and
// the consignor/consignee directory. Stations and border crossings by ESR code, freight by ETSNG and GNG codes of
// the reference books, container types by ISO 6346 code.

type CompanyKey = keyof typeof DEMO_COMPANIES;
type OrderValues = Partial<typeof freightOrders.$inferInsert>;

interface DemoOrder {
  company: CompanyKey;
  author: string;
  status: number;
  /** How long ago it was created. */
  daysAgo: number;
  direction: OrderDirection;
  /** ESR code of the border crossing or port, ISO 6346 code of the containers. */
  border: string | null;
  containerType: string;
  shipment: "Export" | "Import" | "Transit";
  /** English descriptions of the reference books' transport kinds and the demo's services. */
  transport: string[];
  services: string[];
  values: OrderValues;
  /** The moves after its creation: [status, username, comment]. */
  path: [number, string, string?][];
  /** Edits made before the move of the same index in `path`: [field, old value, new value, username]. */
  edits?: Record<number, [keyof OrderValues, string, string, string][]>;
  /** Approved cost and VAT, set by the manager who approved it. */
  cost?: [number, number];
  isPaid?: boolean;
}

const TIMBER: OrderValues = {
  consignor_name: "ООО «Сибирский лес»",
  consignor_okpo: "12345678",
  consignor_rail_code: "8512",
  consignor_countrycode: "RU",
  consignor_country_name: "Россия",
  consignor_postalcode: "630108",
  consignor_city: "Новосибирск",
  consignor_streethouse: "ул. Станционная, 38",
  consignor_contact_person: "Иванов Пётр Сергеевич",
  consignor_phone: "+7 383 210-44-12",
  consignor_email: "client@vte-demo.ru",
  consignor_inn: "5406123450",
};

const MANZHOULI: OrderValues = {
  consignee_name: "Manzhouli Jinhe Timber Trading Co., Ltd.",
  consignee_countrycode: "CN",
  consignee_country_name: "Китай",
  consignee_postalcode: "021400",
  consignee_city: "Manzhouli",
  consignee_streethouse: "Xinghua Road 18",
  consignee_contact_person: "Wang Jun",
  consignee_phone: "+86 470 622 1188",
  consignee_email: "wang.jun@jinhe-timber.cn",
};

const DALTORG: OrderValues = {
  consignee_name: "АО «ДальТоргИмпорт»",
  consignee_countrycode: "RU",
  consignee_country_name: "Россия",
  consignee_postalcode: "690091",
  consignee_city: "Владивосток",
  consignee_streethouse: "ул. Светланская, 72",
  consignee_contact_person: "Смирнова Анна Викторовна",
  consignee_phone: "+7 343 310-27-90",
  consignee_email: "client2@vte-demo.ru",
  consignee_inn: "6658123450",
};

const URALMASH: OrderValues = {
  consignee_name: "ООО «Уралмашкомплект»",
  consignee_countrycode: "RU",
  consignee_country_name: "Россия",
  consignee_postalcode: "620012",
  consignee_city: "Екатеринбург",
  consignee_streethouse: "пл. Первой Пятилетки, 1",
  consignee_contact_person: "Попов Дмитрий Олегович",
  consignee_phone: "+7 495 640-15-33",
  consignee_email: "client3@vte-demo.ru",
  consignee_inn: "7725123450",
};

const SAWN_TIMBER: OrderValues = {
  etsng_code: "091008",
  gng_code: "44071100",
  packing_kind: "Пакеты на прокладках, обвязка стальной лентой",
};

const RAIL = ["Rail"];

export const DEMO_ORDERS: DemoOrder[] = [
  {
    company: "timber",
    author: "client",
    status: 7,
    daysAgo: 46,
    direction: "export",
    border: "946801",
    containerType: "45G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation", "Container stuffing and securing", "Customs clearance"],
    values: {
      ...TIMBER,
      ...MANZHOULI,
      ...SAWN_TIMBER,
      customer_order_number: "СЛ-2026/031",
      railway_transfer_subcode: "4600012345",
      delivery_terms: "FCA Клещиха",
      dispatch_location: "Клещиха",
      destination: "Маньчжурия",
      loading_unloading_address: "Новосибирск, ул. Станционная, 38, склад № 2",
      container_count: 4,
      freight_cost: 3_850_000,
      freight_gross_weight: 98_400,
      freight_net_weight: 96_000,
      freight_description:
        "ETSNG: 091008 Пиломатериалы\nПиломатериалы хвойных пород (сосна), обрезные, камерной сушки, 1-4 сорт",
      notes: "Погрузка силами отправителя. Крепление по схеме 14-2026.",
    },
    path: [
      [3, "client"],
      [2, "manager", "Стоимость согласована по тарифу ТЭО-2026/014"],
      [5, "client"],
      [6, "manager"],
      [7, "manager", "Контейнеры переданы на станции Маньчжурия"],
    ],
    edits: { 0: [["container_count", "3", "4", "client"]] },
    cost: [1_164_000, 0],
    isPaid: true,
  },
  {
    company: "timber",
    author: "client",
    status: 6,
    daysAgo: 21,
    direction: "export",
    border: "946801",
    containerType: "45G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation", "Cargo escort"],
    values: {
      ...TIMBER,
      ...MANZHOULI,
      ...SAWN_TIMBER,
      customer_order_number: "СЛ-2026/044",
      delivery_terms: "FCA Новосибирск-Восточный",
      dispatch_location: "Новосибирск-Восточный",
      destination: "Маньчжурия",
      container_count: 3,
      freight_cost: 2_910_000,
      freight_gross_weight: 73_800,
      freight_net_weight: 72_000,
      freight_description: "Пиломатериалы хвойных пород (ель), обрезные, сухие, 0-3 сорт",
    },
    path: [
      [3, "client"],
      [2, "manager"],
      [5, "client"],
      [6, "manager", "Контейнеры погружены, отправка 3-го числа"],
    ],
    cost: [873_000, 0],
  },
  {
    company: "timber",
    author: "client",
    status: 5,
    daysAgo: 11,
    direction: "export",
    border: "936903",
    containerType: "42G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation", "Customs clearance"],
    values: {
      ...TIMBER,
      consignee_name: "Mongol Modon Trade LLC",
      consignee_countrycode: "MN",
      consignee_country_name: "Монголия",
      consignee_city: "Ulaanbaatar",
      consignee_streethouse: "Peace Avenue 44",
      consignee_contact_person: "Batbayar Ganbold",
      consignee_phone: "+976 11 32 4567",
      ...SAWN_TIMBER,
      customer_order_number: "СЛ-2026/052",
      delivery_terms: "CPT Улан-Батор",
      dispatch_location: "Клещиха",
      destination: "Улаанбаатар",
      container_count: 2,
      freight_gross_weight: 44_100,
      freight_net_weight: 43_000,
      freight_description: "Брус строганый из лиственницы, 150×150 мм, камерной сушки",
    },
    path: [
      [3, "client"],
      [2, "manager"],
      [5, "client", "Подписанная заявка загружена"],
    ],
    cost: [612_000, 0],
  },
  {
    company: "timber",
    author: "client",
    status: 4,
    daysAgo: 6,
    direction: "export",
    border: "946801",
    containerType: "45G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation"],
    values: {
      ...TIMBER,
      ...MANZHOULI,
      etsng_code: "091008",
      customer_order_number: "СЛ-2026/057",
      delivery_terms: "FCA Клещиха",
      dispatch_location: "Клещиха",
      destination: "Маньчжурия",
      container_count: 5,
      freight_gross_weight: 121_000,
      freight_description: "Пиломатериалы хвойных пород (сосна, ель), обрезные",
    },
    path: [
      [3, "client"],
      [4, "manager", "Укажите массу нетто и код ГНГ: без них таможня не примет декларацию"],
    ],
  },
  {
    company: "timber",
    author: "client",
    status: 1,
    daysAgo: 1,
    direction: "export",
    border: "946801",
    containerType: "45G1",
    shipment: "Export",
    transport: RAIL,
    services: [],
    values: {
      ...TIMBER,
      dispatch_location: "Клещиха",
      destination: "Суйфэньхэ",
      container_count: 2,
      freight_description: "Пиломатериалы лиственницы",
    },
    path: [],
  },
  {
    company: "timber",
    author: "client",
    status: 8,
    daysAgo: 33,
    direction: "export",
    border: "708403",
    containerType: "45G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation"],
    values: {
      ...TIMBER,
      consignee_name: "Xinjiang Tianshan Wood Co., Ltd.",
      consignee_countrycode: "CN",
      consignee_country_name: "Китай",
      consignee_city: "Urumqi",
      ...SAWN_TIMBER,
      customer_order_number: "СЛ-2026/038",
      dispatch_location: "Клещиха",
      destination: "Урумчи",
      container_count: 6,
      freight_description: "Пиломатериалы хвойных пород",
    },
    path: [
      [3, "client"],
      [8, "manager", "Покупатель отказался от партии, заявка отменена по письму клиента"],
    ],
  },
  {
    company: "trading",
    author: "client2",
    status: 2,
    daysAgo: 8,
    direction: "import",
    border: "707608",
    containerType: "45G1",
    shipment: "Import",
    transport: RAIL,
    services: ["Rail container transportation", "Transit declaration", "Container trucking to the warehouse"],
    values: {
      consignor_name: "Chongqing Homa Appliance Export Co., Ltd.",
      consignor_countrycode: "CN",
      consignor_country_name: "Китай",
      consignor_postalcode: "400000",
      consignor_city: "Chongqing",
      consignor_streethouse: "Jianxin East Road 2",
      consignor_contact_person: "Liu Yang",
      consignor_phone: "+86 23 6785 1200",
      consignor_email: "export@homa-appliance.cn",
      ...DALTORG,
      etsng_code: "404217",
      gng_code: "84182100",
      customer_order_number: "ДТИ-И-2026/118",
      delivery_terms: "FCA Чунцин",
      dispatch_location: "Чунцин",
      destination: "Ворсино",
      container_count: 6,
      freight_cost: 14_200_000,
      freight_cost_currency: "CNY",
      freight_gross_weight: 52_800,
      freight_net_weight: 46_900,
      packing_kind: "Картонные коробки на поддонах",
      freight_description:
        "ETSNG: 404217 Холодильники электробытовые\nХолодильники бытовые двухкамерные, 840 шт.",
      notes: "Температурный режим не требуется. Штабелирование не более 2 ярусов.",
    },
    path: [
      [3, "client2"],
      [2, "manager", "Согласовано, ставка на 45' по прайсу ТЭО-2025/102"],
    ],
    edits: { 1: [["consignee_contact_person", "Смирнова Анна", "Смирнова Анна Викторовна", "manager"]] },
    cost: [2_148_000, 20],
  },
  {
    company: "trading",
    author: "client2",
    status: 3,
    daysAgo: 3,
    direction: "import",
    border: "946801",
    containerType: "45G1",
    shipment: "Import",
    transport: RAIL,
    services: ["Rail container transportation", "Customs clearance"],
    values: {
      consignor_name: "Yiwu Happy Kids Toys Co., Ltd.",
      consignor_countrycode: "CN",
      consignor_country_name: "Китай",
      consignor_city: "Yiwu",
      consignor_contact_person: "Chen Mei",
      ...DALTORG,
      etsng_code: "683066",
      gng_code: "95030099",
      customer_order_number: "ДТИ-И-2026/124",
      delivery_terms: "FCA Иу",
      dispatch_location: "Иу",
      destination: "Электроугли",
      container_count: 2,
      freight_gross_weight: 16_400,
      freight_net_weight: 14_900,
      packing_kind: "Картонные коробки",
      freight_description: "Игрушки пластмассовые и мягкие, 3 120 коробок",
    },
    path: [[3, "client2"]],
  },
  {
    company: "trading",
    author: "client2",
    status: 8,
    daysAgo: 27,
    direction: "import",
    border: "708403",
    containerType: "42G1",
    shipment: "Import",
    transport: RAIL,
    services: ["Rail container transportation"],
    values: {
      consignor_name: "Foshan Lecong Furniture Co., Ltd.",
      consignor_countrycode: "CN",
      consignor_country_name: "Китай",
      consignor_city: "Foshan",
      ...DALTORG,
      etsng_code: "127004",
      gng_code: "94036010",
      dispatch_location: "Сиань",
      destination: "Белый Раст",
      container_count: 3,
      freight_description: "Мебель корпусная деревянная для жилых комнат",
    },
    path: [
      [3, "client2"],
      [8, "client2", "Поставщик перенёс отгрузку на следующий квартал"],
    ],
  },
  {
    company: "trading",
    author: "client2",
    status: 7,
    daysAgo: 64,
    direction: "import",
    border: "708403",
    containerType: "45G1",
    shipment: "Import",
    transport: RAIL,
    services: ["Rail container transportation", "Transit declaration"],
    values: {
      consignor_name: "Foshan Lecong Furniture Co., Ltd.",
      consignor_countrycode: "CN",
      consignor_country_name: "Китай",
      consignor_city: "Foshan",
      consignor_contact_person: "Huang Wei",
      ...DALTORG,
      etsng_code: "127004",
      gng_code: "94036010",
      customer_order_number: "ДТИ-И-2026/087",
      delivery_terms: "FCA Сиань",
      dispatch_location: "Сиань",
      destination: "Белый Раст",
      container_count: 4,
      freight_cost: 1_960_000,
      freight_cost_currency: "CNY",
      freight_gross_weight: 38_700,
      freight_net_weight: 33_200,
      freight_description: "Мебель корпусная деревянная для жилых комнат и столовых, в разобранном виде",
    },
    path: [
      [3, "client2"],
      [2, "manager"],
      [5, "client2"],
      [6, "manager"],
      [7, "manager"],
    ],
    cost: [1_486_000, 20],
    isPaid: true,
  },
  {
    company: "trading",
    author: "client2",
    status: 1,
    daysAgo: 2,
    direction: "transshipment",
    border: "980003",
    containerType: "22G1",
    shipment: "Import",
    transport: ["Sea", "Rail"],
    services: ["Ocean freight", "Port freight forwarding", "Rail container transportation"],
    values: {
      consignor_name: "Ningbo Homeware Export Co., Ltd.",
      consignor_countrycode: "CN",
      consignor_country_name: "Китай",
      consignor_city: "Ningbo",
      ...DALTORG,
      forwarder_in_port: "ООО «ВМТП-Экспедиция»",
      dispatch_location: "Нинбо",
      destination: "Екатеринбург-Товарный",
      container_count: 4,
      freight_description: "Посуда керамическая и стеклянная",
    },
    path: [],
  },
  {
    company: "machinery",
    author: "client3",
    status: 6,
    daysAgo: 16,
    direction: "import",
    border: "946801",
    containerType: "22G1",
    shipment: "Import",
    transport: RAIL,
    services: ["Rail container transportation", "Cargo insurance", "Customs clearance"],
    values: {
      consignor_name: "Dalian Hengda Machine Tool Co., Ltd.",
      consignor_countrycode: "CN",
      consignor_country_name: "Китай",
      consignor_city: "Dalian",
      consignor_contact_person: "Zhao Lei",
      ...URALMASH,
      etsng_code: "351403",
      gng_code: "84581100",
      customer_order_number: "УМК-2026/019",
      delivery_terms: "FCA Далянь",
      dispatch_location: "Далянь",
      destination: "Екатеринбург-Товарный",
      container_count: 2,
      freight_cost: 12_600_000,
      freight_gross_weight: 31_500,
      freight_net_weight: 29_800,
      packing_kind: "Деревянные ящики, крепление растяжками",
      freight_description: "Станки токарные с ЧПУ CKA6150, 6 шт., в деревянных ящиках",
      notes: "Груз застрахован. Верхняя загрузка запрещена.",
    },
    path: [
      [3, "client3"],
      [2, "rwmanager"],
      [5, "client3"],
      [6, "rwmanager"],
    ],
    edits: {
      2: [["notes", "Груз застрахован.", "Груз застрахован. Верхняя загрузка запрещена.", "client3"]],
    },
    cost: [968_000, 20],
  },
  {
    company: "machinery",
    author: "client3",
    status: 5,
    daysAgo: 7,
    direction: "export",
    border: "628406",
    containerType: "45G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation", "Customs clearance"],
    values: {
      consignor_name: "ООО «Уралмашкомплект»",
      consignor_countrycode: "RU",
      consignor_country_name: "Россия",
      consignor_city: "Екатеринбург",
      consignor_inn: "7725123450",
      consignee_name: "ТОО «Казмашсервис»",
      consignee_countrycode: "KZ",
      consignee_country_name: "Казахстан",
      consignee_city: "Алматы",
      consignee_contact_person: "Ахметов Ерлан",
      etsng_code: "351005",
      customer_order_number: "УМК-Э-2026/007",
      delivery_terms: "DAP Алматы",
      dispatch_location: "Екатеринбург-Товарный",
      destination: "Алматы 1",
      container_count: 1,
      freight_gross_weight: 18_200,
      freight_net_weight: 16_900,
      freight_description: "Запасные части к горнодобывающему оборудованию",
    },
    path: [
      [3, "client3"],
      [2, "rwmanager"],
      [5, "client3"],
    ],
    cost: [412_000, 0],
  },
  {
    company: "machinery",
    author: "client2",
    status: 3,
    daysAgo: 2,
    direction: "import",
    border: "130100",
    containerType: "22G1",
    shipment: "Import",
    transport: RAIL,
    services: ["Rail container transportation", "Transit declaration"],
    values: {
      consignor_name: "Małaszewicze Cargo Sp. z o.o.",
      consignor_countrycode: "PL",
      consignor_country_name: "Польша",
      consignor_city: "Małaszewicze",
      ...URALMASH,
      gng_code: "84581100",
      customer_order_number: "УМК-2026/024",
      dispatch_location: "Брест-Северный",
      destination: "Силикатная",
      container_count: 1,
      freight_gross_weight: 9_400,
      freight_description: "Станок токарный с ЧПУ, 1 шт.",
    },
    path: [[3, "client2"]],
  },
  {
    company: "machinery",
    author: "client3",
    status: 4,
    daysAgo: 5,
    direction: "transshipment",
    border: "985906",
    containerType: "45G1",
    shipment: "Import",
    transport: ["Sea", "Rail"],
    services: ["Port freight forwarding", "Rail container transportation"],
    values: {
      consignor_name: "Changwon Precision Machinery Co., Ltd.",
      consignor_countrycode: "KR",
      consignor_country_name: "Республика Корея",
      consignor_city: "Changwon",
      ...URALMASH,
      forwarder_in_port: "ООО «ВСК-Экспедиция»",
      dispatch_location: "Пусан",
      destination: "Екатеринбург-Товарный",
      container_count: 2,
      freight_description: "Обрабатывающие центры вертикальные, 2 шт.",
    },
    path: [
      [3, "client3"],
      [4, "rwmanager", "Приложите инвойс и упаковочный лист, уточните вес брутто"],
    ],
  },
  {
    company: "machinery",
    author: "client3",
    status: 2,
    daysAgo: 4,
    direction: "export",
    border: "628406",
    containerType: "22G1",
    shipment: "Export",
    transport: RAIL,
    services: ["Rail container transportation"],
    values: {
      consignor_name: "ООО «Уралмашкомплект»",
      consignor_countrycode: "RU",
      consignor_country_name: "Россия",
      consignee_name: "OOO «Tashkent Reduktor Savdo»",
      consignee_countrycode: "UZ",
      consignee_country_name: "Узбекистан",
      consignee_city: "Tashkent",
      etsng_code: "351005",
      customer_order_number: "УМК-Э-2026/009",
      delivery_terms: "CPT Ташкент",
      dispatch_location: "Екатеринбург-Товарный",
      destination: "Ташкент-Товарный",
      container_count: 1,
      freight_gross_weight: 12_300,
      freight_description: "Редукторы цилиндрические, 4 шт.",
    },
    path: [
      [3, "client3"],
      [2, "rwmanager"],
    ],
    cost: [298_000, 0],
  },
];

/** The directory: the customers' own consignors and consignees, and the public ones the forwarder keeps. */
export const DEMO_DIRECTORY: (Partial<typeof directoryCompanies.$inferInsert> & {
  owner: CompanyKey;
  short_name: string;
})[] = [
  {
    owner: "forwarder",
    public: true,
    short_name: "АО «Восточный порт»",
    countrycode: "RU",
    postalcode: "692941",
    city: "Находка",
    streethouse: "ул. Внутрипортовая, 16",
    contact_person: "Диспетчерская порта",
    phone: "+7 4236 60-00-00",
  },
  {
    owner: "forwarder",
    public: true,
    short_name: "ПАО «Владивостокский морской торговый порт»",
    countrycode: "RU",
    postalcode: "690065",
    city: "Владивосток",
    streethouse: "ул. Стрельникова, 9",
    contact_person: "Коммерческий отдел",
    phone: "+7 423 230-00-00",
  },
  {
    owner: "timber",
    short_name: "Manzhouli Jinhe Timber Trading",
    countrycode: "CN",
    postalcode: "021400",
    city: "Manzhouli",
    streethouse: "Xinghua Road 18",
    contact_person: "Wang Jun",
    phone: "+86 470 622 1188",
    email: "wang.jun@jinhe-timber.cn",
  },
  {
    owner: "timber",
    short_name: "Mongol Modon Trade",
    countrycode: "MN",
    city: "Ulaanbaatar",
    streethouse: "Peace Avenue 44",
    contact_person: "Batbayar Ganbold",
    phone: "+976 11 32 4567",
  },
  {
    owner: "trading",
    short_name: "Chongqing Homa Appliance",
    countrycode: "CN",
    postalcode: "400000",
    city: "Chongqing",
    streethouse: "Jianxin East Road 2",
    contact_person: "Liu Yang",
    phone: "+86 23 6785 1200",
    email: "export@homa-appliance.cn",
  },
  {
    owner: "trading",
    short_name: "Foshan Lecong Furniture",
    countrycode: "CN",
    city: "Foshan",
    contact_person: "Huang Wei",
  },
  {
    owner: "machinery",
    short_name: "Dalian Hengda Machine Tool",
    countrycode: "CN",
    city: "Dalian",
    contact_person: "Zhao Lei",
  },
  {
    owner: "machinery",
    short_name: "ТОО «Казмашсервис»",
    countrycode: "KZ",
    city: "Алматы",
    streethouse: "пр. Райымбека, 348",
    contact_person: "Ахметов Ерлан",
    phone: "+7 727 244-18-30",
  },
];

const DAY = 24 * 60 * 60 * 1000;

function authorOf(username: string) {
  const user = DEMO_USERS.find((demo) => demo.username === username);
  if (!user) throw new Error(`demo orders name an unknown user ${username}`);
  return user;
}

/**
 * Writes the demo orders with their links and history, and the directory. Stations, container types, kinds and
 * services are looked up by code and name; what the reference books lack is left empty.
 */
export async function seedOrders(
  db: Db,
  companyIds: Map<string, number>,
  userIds: Map<string, number>,
): Promise<void> {
  const idOf = (map: Map<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`demo orders name an unknown ${key}`);
    return id;
  };
  const stations = new Map(
    (
      await db
        .select({ id: locations.id, code: locations.code })
        .from(locations)
        .where(
          inArray(
            locations.code,
            DEMO_ORDERS.flatMap((order) => order.border ?? []),
          ),
        )
    ).map((row) => [row.code, row.id]),
  );
  const types = new Map((await db.select().from(containerTypes)).map((row) => [row.code, row.id]));
  const kinds = new Map((await db.select().from(transportKinds)).map((row) => [row.description_en, row.id]));
  const shipments = new Map(
    (await db.select().from(shipmentKinds)).map((row) => [row.description_en, row.id]),
  );
  const offered = new Map((await db.select().from(services)).map((row) => [row.description_en, row.id]));
  const now = Date.now();

  for (const demo of DEMO_ORDERS) {
    const author = idOf(userIds, demo.author);
    const created = new Date(now - demo.daysAgo * DAY);
    // The moves are spread over the order's life so far, the last a few hours ago
    const step = (demo.daysAgo * DAY - 3 * 60 * 60 * 1000) / Math.max(demo.path.length, 1);
    const at = (index: number) => new Date(created.getTime() + step * (index + 1));
    const lastMove = demo.path.at(-1);
    const [order] = await db
      .insert(freightOrders)
      .values({
        ...demo.values,
        company_id: idOf(companyIds, demo.company),
        status: demo.status,
        status_comment: lastMove?.[2] ?? "",
        direction: demo.direction,
        border_crossing_point: demo.border ? (stations.get(demo.border) ?? null) : null,
        container_type: types.get(demo.containerType) ?? null,
        shipment_kind: shipments.get(demo.shipment) ?? null,
        // The author's contacts, as the form fills them in for a new order
        order_contacts: `${authorOf(demo.author).last_name} ${authorOf(demo.author).first_name}`,
        order_contacts_phone: PHONES[demo.author] ?? "",
        order_contacts_email: `${demo.author}@vte-demo.ru`,
        approved_cost: demo.cost?.[0] ?? null,
        vat_percent: demo.cost?.[1] ?? null,
        is_paid: demo.isPaid ?? false,
        author_id: author,
        updated_by_id: lastMove ? idOf(userIds, lastMove[1]) : author,
        create_date: created,
        update_date: lastMove ? at(demo.path.length - 1) : created,
      })
      .returning({ id: freightOrders.id });
    if (!order) continue;
    const transport = demo.transport.flatMap((name) => kinds.get(name) ?? []);
    if (transport.length > 0) {
      await db
        .insert(freightOrderTransportKinds)
        .values(transport.map((id) => ({ freight_order_id: order.id, transport_kind_id: id })));
    }
    const ordered = demo.services.flatMap((name) => offered.get(name) ?? []);
    if (ordered.length > 0) {
      await db
        .insert(freightOrderServices)
        .values(ordered.map((id) => ({ freight_order_id: order.id, service_id: id })));
    }

    const history: (typeof freightOrderHistory.$inferInsert)[] = [
      { freight_order_id: order.id, kind: "status", user_id: author, status: 1, modify_date: created },
    ];
    demo.path.forEach(([status, username, comment], index) => {
      const when = at(index);
      for (const [field, old_value, new_value, editor] of demo.edits?.[index] ?? []) {
        const user_id = idOf(userIds, editor);
        history.push({
          freight_order_id: order.id,
          kind: "field",
          user_id,
          field,
          old_value,
          new_value,
          modify_date: when,
        });
      }
      const user_id = idOf(userIds, username);
      history.push({
        freight_order_id: order.id,
        kind: "status",
        user_id,
        status,
        status_comment: comment ?? "",
        modify_date: when,
      });
      if (status === 2 && demo.cost) {
        const [cost, vat] = demo.cost;
        history.push(
          {
            freight_order_id: order.id,
            kind: "field",
            user_id,
            field: "approved_cost",
            new_value: String(cost),
            modify_date: when,
          },
          {
            freight_order_id: order.id,
            kind: "field",
            user_id,
            field: "vat_percent",
            new_value: String(vat),
            modify_date: when,
          },
        );
      }
    });
    if (demo.isPaid) {
      history.push({
        freight_order_id: order.id,
        kind: "field",
        user_id: idOf(userIds, "head"),
        field: "is_paid",
        old_value: "false",
        new_value: "true",
        modify_date: new Date(now - 2 * 60 * 60 * 1000),
      });
    }
    await db.insert(freightOrderHistory).values(history);
  }

  await db
    .insert(directoryCompanies)
    .values(DEMO_DIRECTORY.map(({ owner, ...entry }) => ({ ...entry, company_id: idOf(companyIds, owner) })));
}
