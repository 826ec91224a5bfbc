import "@fontsource/roboto/cyrillic-400.css";
import "@fontsource/roboto/cyrillic-500.css";
import "@fontsource/roboto/cyrillic-700.css";
import "@fontsource/roboto/latin-400.css";
import "@fontsource/roboto/latin-500.css";
import "@fontsource/roboto/latin-700.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes, preloadRoute } from "./app/router";
import { i18nReady } from "./i18n";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The first page's code, catalogs and data load while the shared catalogs do, and the first render waits for
// them: it then shows the page at once instead of suspending, which would show an empty screen and make React hold
// the page back until 300 ms after it.
const firstPage = preloadRoute(window.location.pathname);

void Promise.all([i18nReady, firstPage]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
