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

// The first page's code and catalogs load while the shared catalogs do, rather than after the first render.
preloadRoute(window.location.pathname);

void i18nReady.then(() =>
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
