import type { WebModule } from "../../app/shell/web-module";

/**
 * The user's notifications (docs/notifications.md): the bell in the header (app/layout/app-header.tsx) and the page
 * of them all, /notifications. The bell loads their catalog itself, beside the signed-in pages.
 */
export const notificationsModule = {
  // The grid's: the page's pager says what a grid's pager says
  namespaces: ["notifications", "grid"],
  routes: [
    {
      path: "notifications",
      page: () => import("./pages/notifications-page").then((m) => m.NotificationsPage),
      access: "signed-in",
    },
  ],
} satisfies WebModule;
