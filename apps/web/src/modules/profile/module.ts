import type { WebModule } from "../../app/shell/web-module";

/** /profile: the user's own data and password, the request to be confirmed, and the notifications by e-mail. */
export const profileModule = {
  namespaces: ["profile", "fields"],
  routes: [
    {
      path: "profile",
      page: () => import("./pages/profile-page").then((m) => m.ProfilePage),
      access: "signed-in",
    },
  ],
  profileMenu: [{ to: "/profile", label: "menu.profile", icon: "PersonOutline" }],
  tiles: [{ id: "profile", icon: "PersonOutline", order: 20, to: "/profile" }],
} satisfies WebModule;
