import type { directoryCompanies } from "../schema/index.ts";
import type { CompanyKey } from "./demo-order-shape.ts";

// The demo's consignor/consignee directory, written by demo-orders.ts after the orders.

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
