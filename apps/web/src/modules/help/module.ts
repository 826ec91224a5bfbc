import type { WebModule } from "../../app/shell/web-module";

/** The manuals: the users' for everyone signed in, the internal one for managers (the header's help links). */
export const helpModule = {
  namespaces: ["help"],
  routes: [
    {
      path: "help",
      page: () => import("./pages/help-page").then((m) => m.HelpPage),
      access: "signed-in",
    },
    {
      path: "help/internal",
      page: () => import("./pages/internal-help-page").then((m) => m.InternalHelpPage),
      access: { flag: "is_manager" },
    },
  ],
} satisfies WebModule;
