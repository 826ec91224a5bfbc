import type { WebModule } from "../../app/shell/web-module";

/** Sign-in and sign-up, for visitors not signed in; a signed-in user is sent on (guards.tsx, GuestOnly). */
export const authModule = {
  namespaces: ["auth"],
  routes: [
    {
      path: "sign-in",
      page: () => import("./pages/sign-in-page").then((m) => m.SignInPage),
      access: "guest",
    },
    {
      path: "sign-up",
      page: () => import("./pages/sign-up-page").then((m) => m.SignUpPage),
      access: "guest",
    },
  ],
} satisfies WebModule;
