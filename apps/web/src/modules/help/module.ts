import type { WebModule } from "../../app/shell/web-module";

/**
 * The manuals (the header's help links): the users' for everyone signed in, the staff's for managers, each with its
 * own catalog, so that a client never downloads the staff's.
 */
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
      namespaces: ["help", "helpInternal"],
      access: { flag: "is_manager" },
    },
  ],
} satisfies WebModule;
