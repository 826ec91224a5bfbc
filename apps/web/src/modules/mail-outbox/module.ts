import type { WebModule } from "../../app/shell/web-module";

/**
 * The mail outbox (/mail-outbox, docs/mail.md): every mail of the notifications, sent or kept (no mail server),
 * with its text and HTML; for the forwarder's administrators, as the API allows.
 */
export const mailOutboxModule = {
  namespaces: ["mailOutbox", "grid", "fields"],
  routes: [
    {
      path: "mail-outbox",
      page: () => import("./pages/mail-outbox-page").then((m) => m.MailOutboxPage),
      access: { flag: ["is_manager", "is_administrator"] },
    },
  ],
  profileMenu: [{ to: "/mail-outbox", label: "menu.mailOutbox", icon: "MailOutlined" }],
} satisfies WebModule;
