import type { WebModule } from "../../app/shell/web-module";

/**
 * The user's notifications (docs/notifications.md): the bell in the header (app/layout/app-header.tsx) and the page
 * of them all, /notifications. Their texts are in the shared `common` catalog, since the bell is on every page.
 */
export const notificationsModule = {
  namespaces: ["common"],
  routes: [
    {
      path: "notifications",
      page: () => import("./pages/notifications-page").then((m) => m.NotificationsPage),
      access: "signed-in",
    },
  ],
} satisfies WebModule;
