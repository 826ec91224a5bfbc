import type { WebModule } from "../../app/shell/web-module";

const CONFIRMED = { confirmed: true } as const;
/** The order's form, new (/add-freight-order) or in edit mode; its popups and grids load as the user opens them. */
const orderPage = () => import("./form/pages/order-page").then((m) => m.OrderPage);
const ORDER_FORM_NAMESPACES = ["orderForm", "grid", "fields"] as const;

/**
 * Shipping orders (spec 01 §2): the list at /freight-orders for every confirmed user (their companies' orders;
 * managers: all), and the order's form.
 */
export const ordersModule = {
  namespaces: ["orders", "grid", "fields"],
  routes: [
    {
      path: "freight-orders",
      page: () => import("./list-page").then((m) => m.OrdersListPage),
      // The grid's first page and the statuses, asked for while the page's code loads
      prefetch: () => import("./prefetch").then((m) => m.prefetchOrders()),
      access: CONFIRMED,
    },
    { path: "add-freight-order", page: orderPage, namespaces: ORDER_FORM_NAMESPACES, access: CONFIRMED },
    {
      path: "freight-orders/:id",
      page: orderPage,
      namespaces: ORDER_FORM_NAMESPACES,
      // The order, its workflow and the statuses, asked for while the form's code loads
      prefetch: ({ id }) => import("./form/prefetch").then((m) => m.prefetchOrder(id)),
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
