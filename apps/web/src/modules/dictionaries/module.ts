import type { WebModule } from "../../app/shell/web-module";

/** Edits reference books: the API refuses writes to anyone else (referencePolicy). */
const EDITORS = { flag: "can_edit_refbook" } as const;

/**
 * /transport and /services: the dictionaries the order form takes its kinds and services from (spec 02), for
 * users who may edit reference books. Everyone signed in reads them through the API; these screens edit them.
 */
export const dictionariesModule = {
  namespaces: ["dictionaries", "grid", "fields"],
  routes: [
    {
      path: "transport",
      page: () => import("./pages/transport-page").then((m) => m.TransportPage),
      access: EDITORS,
    },
    {
      path: "services",
      page: () => import("./pages/services-page").then((m) => m.ServicesPage),
      // The kinds of its multi-selects, asked for while the page's code loads
      prefetch: () => import("./prefetch").then((m) => m.prefetchServiceKinds()),
      access: EDITORS,
    },
  ],
  profileMenu: [
    { to: "/transport", label: "menu.transport", icon: "TrainOutlined" },
    { to: "/services", label: "menu.services", icon: "MiscellaneousServicesOutlined" },
  ],
  tiles: [
    { id: "transport", icon: "TrainOutlined", order: 30, to: "/transport" },
    { id: "services", icon: "MiscellaneousServicesOutlined", order: 31, to: "/services" },
  ],
} satisfies WebModule;
