import type { WebModule } from "../../app/shell/web-module";

const CONFIRMED = { confirmed: true } as const;

/**
 * Shipping orders (spec 01 §2): the list at /freight-orders for every confirmed user (their companies' orders;
 * managers: all), and the order's form.
 */
export const ordersModule = {
  namespaces: ["orders", "grid"],
  routes: [
    {
      path: "freight-orders",
      page: () => import("./list-page").then((m) => m.OrdersListPage),
      // The grid's first page and the statuses, asked for while the page's code loads
      prefetch: () => import("./prefetch").then((m) => m.prefetchOrders()),
      access: CONFIRMED,
    },
  ],
  nav: [
    {
      to: "/freight-orders",
      label: "nav.orders",
      icon: "AssignmentOutlined",
      sections: ["/add-freight-order"],
    },
  ],
  tiles: [{ id: "orders", icon: "AssignmentOutlined", order: 1, to: "/freight-orders" }],
} satisfies WebModule;
