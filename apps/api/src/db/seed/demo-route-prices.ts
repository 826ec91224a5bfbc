// The planner's base price lists of the demo routes, in rubles, as a Russian forwarder quotes them in 2026: the
// terminals' and customs brokers' services along each route, and the railway tariff of a loaded container of each
// category the route takes. A price list of a company starts as a copy of them; demo.ts writes them.

const TERMINAL = ["Терминальная обработка контейнера", "Terminal handling of the container"] as const;
const ETRAN = ["Оформление перевозочных документов в ЭТРАН", "Railway bill processing (ETRAN)"] as const;
const STORAGE = [
  "Хранение контейнера на терминале, сутки",
  "Container storage at the terminal, per day",
] as const;
const ESCORT = ["Охрана груза в пути (ведомственная охрана)", "Security escort en route"] as const;
const CUSTOMS = ["Таможенное сопровождение импорта", "Import customs clearance support"] as const;
const EXPORT_CUSTOMS = ["Таможенное оформление экспорта", "Export customs clearance"] as const;
const GAUGE = [
  "Перегрузка с колеи 1435 на колею 1520 мм",
  "Transshipment from 1435 to 1520 mm gauge",
] as const;
const TRANSIT = ["Оформление транзитной декларации", "Transit declaration"] as const;
const TRUCKING = [
  "Автовывоз контейнера со станции назначения (до 50 км)",
  "Trucking from the destination station (up to 50 km)",
] as const;
const PHYTO = ["Фитосанитарный контроль на границе", "Phytosanitary inspection at the border"] as const;
const SEALING = ["Пломбирование контейнера ЗПУ", "Container sealing"] as const;

/** [Russian, English, base cost] of a service. */
type BaseService = readonly [string, string, number];
const service = (names: readonly [string, string], cost: number): BaseService => [...names, cost];

/**
 * Each route's base services and base transportation costs by container category, keyed by the route's Russian
 * description in DEMO_ROUTES.
 */
export const DEMO_ROUTE_PRICES: Record<
  string,
  { services: BaseService[]; transportation: [category: string, cost: number][] }
> = {
  "Находка-Восточная — Ворсино": {
    services: [
      service(TERMINAL, 18_500),
      service(ETRAN, 4_200),
      service(STORAGE, 1_350),
      service(ESCORT, 46_800),
      service(TRUCKING, 38_500),
    ],
    transportation: [
      ["20DC", 196_500],
      ["40DC", 283_000],
      ["40HC", 291_500],
      ["45HC", 318_000],
      ["20RF", 312_400],
      ["40RH", 431_000],
    ],
  },
  "Владивосток — Екатеринбург-Товарный": {
    services: [
      service(TERMINAL, 19_200),
      service(ETRAN, 4_200),
      service(STORAGE, 1_500),
      service(ESCORT, 41_300),
    ],
    transportation: [
      ["20DC", 172_800],
      ["40DC", 248_500],
      ["40HC", 256_000],
      ["40RH", 379_500],
    ],
  },
  "Первая Речка — Клещиха": {
    services: [service(TERMINAL, 17_900), service(ETRAN, 3_900), service(STORAGE, 1_250)],
    transportation: [
      ["20DC", 138_200],
      ["40DC", 199_700],
      ["40HC", 205_400],
    ],
  },
  "Забайкальск — Селятино": {
    services: [
      service(GAUGE, 31_500),
      service(CUSTOMS, 28_000),
      service(PHYTO, 9_600),
      service(ETRAN, 4_500),
      service(ESCORT, 44_000),
      service(TRUCKING, 36_900),
    ],
    transportation: [
      ["20DC", 168_300],
      ["40DC", 242_600],
      ["40HC", 249_900],
      ["45HC", 276_000],
    ],
  },
  "Наушки — Новосибирск-Восточный": {
    services: [
      service(CUSTOMS, 24_500),
      service(PHYTO, 8_900),
      service(ETRAN, 3_900),
      service(STORAGE, 1_100),
    ],
    transportation: [
      ["20DC", 76_400],
      ["40DC", 109_800],
      ["40HC", 113_200],
    ],
  },
  "Достык — Белый Раст (через Илецк I)": {
    services: [
      service(GAUGE, 29_800),
      service(TRANSIT, 12_500),
      service(CUSTOMS, 27_500),
      service(ETRAN, 4_600),
      service(ESCORT, 49_500),
    ],
    transportation: [
      ["20DC", 182_400],
      ["40DC", 263_100],
      ["40HC", 270_800],
      ["20TK", 231_000],
    ],
  },
  "Алтынколь — Ворсино (через Озинки)": {
    services: [
      service(GAUGE, 30_200),
      service(TRANSIT, 12_500),
      service(CUSTOMS, 27_500),
      service(ETRAN, 4_600),
      service(TRUCKING, 38_500),
    ],
    transportation: [
      ["20DC", 176_900],
      ["40DC", 254_700],
      ["40HC", 262_300],
      ["45HC", 289_500],
    ],
  },
  "Электроугли — Забайкальск": {
    services: [
      service(TERMINAL, 16_800),
      service(EXPORT_CUSTOMS, 21_000),
      service(SEALING, 1_450),
      service(ETRAN, 4_200),
    ],
    transportation: [
      ["20DC", 142_600],
      ["40DC", 205_300],
      ["40HC", 211_700],
    ],
  },
  "Силикатная — Брест-Северный": {
    services: [
      service(TERMINAL, 16_200),
      service(EXPORT_CUSTOMS, 21_000),
      service(TRANSIT, 11_800),
      service(SEALING, 1_450),
    ],
    transportation: [
      ["20DC", 64_300],
      ["40DC", 92_500],
      ["40HC", 95_400],
      ["20RF", 101_900],
    ],
  },
  "Шушары — Бусловская": {
    services: [service(TERMINAL, 15_700), service(EXPORT_CUSTOMS, 19_500), service(SEALING, 1_450)],
    transportation: [
      ["20DC", 28_700],
      ["40DC", 41_300],
      ["40HC", 42_600],
    ],
  },
};

/** The demo customer whose price list is made already, and its negotiated discount on the railway tariffs. */
export const DEMO_PRICE_LIST = { company: "timber", transportationDiscount: 0.04 } as const;
