import type { WebModule } from "../../app/shell/web-module";

const CONFIRMED = { confirmed: true } as const;
/** The container's form, new (/add-container) or in edit mode; its side column loads beside it. */
const containerPage = () => import("./pages/container-page").then((m) => m.ContainerPage);

/**
 * Containers (spec 02 §2): the list at /containers for every confirmed user (their companies' containers; managers:
 * all), and the container's form with its tracking events, labels and the order's files.
 */
export const containersModule = {
  namespaces: ["containers", "grid", "fields"],
  routes: [
    {
      path: "containers",
      page: () => import("./pages/containers-page").then((m) => m.ContainersPage),
      // The grid's first page and the orders' statuses, asked for while the page's code loads
      prefetch: () => import("./prefetch").then((m) => m.prefetchContainers()),
      access: CONFIRMED,
    },
    { path: "add-container", page: containerPage, access: CONFIRMED },
    {
      path: "containers/:id",
      page: containerPage,
      // The container and the orders' statuses, asked for while the form's code loads
      prefetch: ({ id }) => import("./form-prefetch").then((m) => m.prefetchContainer(id)),
      access: CONFIRMED,
    },
  ],
  nav: [
    { to: "/containers", label: "nav.containers", icon: "ViewInArOutlined", sections: ["/add-container"] },
  ],
  tiles: [{ id: "containers", icon: "ViewInArOutlined", order: 2, to: "/containers" }],
} satisfies WebModule;
