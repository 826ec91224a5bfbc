import { readFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const rootPackage = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
) as {
  version: string;
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** Every path prefix the API answers; the dev server forwards them so the app runs on one origin as in production. */
const apiPrefixes = ["/api", "/profile/api", "/accounts", "/tracking", "/service", "/refbooks", "/planner"];

/**
 * MUI's createTheme builds a CSS-variables theme only when asked (`cssVariables`), which src/app/theme.ts
 * never does, yet its builder (≈ 4 kB gzipped) would load on every page, sign-in included. Point createTheme's
 * import of it to a module that says so if it is ever asked for.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const standIn = "\0mui-theme-with-vars";
  return {
    name: "mui-theme-without-css-variables",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "./createThemeWithVars.mjs" &&
        /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer ?? "")
      ) {
        return standIn;
      }
      return null;
    },
    load(id) {
      if (id !== standIn) return null;
      return `export default function createThemeWithVars() {
  throw new Error("This build has no CSS-variables theme (vite.config.ts, muiThemeWithoutCssVariables)");
}`;
    },
  };
}

/**
 * What every page shows or needs, which is also the whole of the sign-in page: React, the router, i18next,
 * emotion, MUI's theme, buttons and the adornment of the light text input (components/text-input.tsx, static CSS:
 * MUI's own inputs are not on the first screen and go with SIGNED_IN), and the pieces of the sign-in and sign-up forms. One chunk
 * rather than the fifteen the default splitting made (one per set of pages sharing a module): each file is
 * compressed on its own, so small files compress badly (sign-in 160 → 151 kB gzipped), and the first screen
 * needs fewer requests. Other components stay with the pages that use them. The session and toast modules
 * are named because the entry uses them: as dependencies of SIGNED_IN's modules they would go there.
 */
const FIRST_SCREEN = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@emotion[\\/][a-z-]+|stylis|@mui[\\/]system[\\/]ThemeProvider)[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/]material[\\/](styles|locale|CssBaseline|Box|Stack|Paper|Typography|Link|Button|ButtonBase|IconButton|SvgIcon|ToggleButton|FormControl|InputAdornment)[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/]icons-material[\\/](Visibility|VisibilityOff|LocalShippingOutlined)\.mjs$`,
    String.raw`src[\\/]components[\\/](text-input|password-field|language-switch)\.tsx$`,
    String.raw`src[\\/]app[\\/](toasts|session|use-session|storage)\.tsx?$`,
    String.raw`src[\\/]modules[\\/]auth[\\/]components[\\/]`,
  ].join("|"),
);

/**
 * MUI's alert and its icons, in a chunk of their own: the sign-in page's first screen shows none (its refusal
 * comes with the form kit, after the first paint), and as part of SIGNED_IN they would make the kit wait for it.
 */
const ALERT =
  /node_modules[\\/]@mui[\\/]material[\\/](Alert|internal[\\/]svg-icons[\\/](SuccessOutlined|ReportProblemOutlined|ErrorOutline|InfoOutlined|Close))[\\/.]/;

/**
 * What every signed-in page needs beyond the first screen: the layout's parts and the MUI components the pages
 * use (the query cache and the API client are DATA's) (their own libraries, such as the grid's, stay with them).
 * One chunk instead of about fifteen small ones, loaded once on the first signed-in page: over HTTP/1.1 the
 * browser fetches six files at a time, so a page of 26 files waited about 90 ms per round of six on a busy
 * server (/profiles 26 → 13 files, first rows 1138 → 953 ms; /dashboard 202 → 237 kB gzipped for it).
 * Of the layout, the header's buttons: the layout's own module stays out, so that its route loads it as its own
 * chunk, and the header's popups load when opened (POPUPS); MUI's fields are FORMS'.
 */
const SIGNED_IN = new RegExp(
  [
    String.raw`node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@popperjs|react-transition-group)[\\/]`,
    String.raw`src[\\/]app[\\/](layout[\\/](app-header|profile-menu|help-button|contacts-button)\.tsx$|me-query|form-errors|app-config|grid-layout)`,
    String.raw`src[\\/]components[\\/]until-focused`,
  ].join("|"),
);

/**
 * MUI's fields and what only forms use, apart from SIGNED_IN: a grid page shows none of them until a row is edited
 * (its editors load once it is shown, components/data-grid/grid-body.tsx), and SIGNED_IN with them was 35 kB
 * gzipped on every grid page. Priority below SIGNED_IN, so that the popups the fields share (Popper, Menu) stay
 * there rather than follow the fields.
 */
const FORMS = new RegExp(
  String.raw`node_modules[\\/]@mui[\\/]material[\\/](` +
    [
      "Autocomplete|useAutocomplete|TextField|Select|NativeSelect|InputBase|OutlinedInput|FilledInput|Input|InputLabel",
      "FormLabel|FormHelperText|FormControlLabel|FormGroup|TextareaAutosize|Checkbox|Switch|Radio|RadioGroup",
      "internal[\\\\/]SwitchBase|Chip|Skeleton|Tabs|Tab|TabScrollButton|Table|TableBody|TableCell|TableHead|TableRow",
    ].join("|") +
    String.raw`)[\\/.]`,
);

/**
 * MUI's popups (menus, popovers, dialogs, tooltips) and what places and animates them: a page's first screen
 * shows none, and loads them when one is first opened.
 */
const POPUPS = new RegExp(
  [
    String.raw`node_modules[\\/]@popperjs[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/]material[\\/](` +
      [
        "Modal|Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions|Popover|Popper|Tooltip|Menu|MenuList",
        "MenuItem|Grow|Fade|Backdrop|Portal|Unstable_TrapFocus|List|ListItem|ListItemText|ListItemIcon|ListItemButton",
        "ListSubheader|Divider",
      ].join("|") +
      String.raw`)[\\/.]`,
  ].join("|"),
);

/**
 * The API client and the query cache, apart from the rest of SIGNED_IN: a route's prefetch needs only these, and
 * waited for the whole of SIGNED_IN (MUI's components above all) to arrive and run before its first call went.
 */
const DATA = new RegExp(
  [
    String.raw`node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]`,
    String.raw`src[\\/]app[\\/](api-client|query-client|errors|content-disposition|current-user|resource-client)\.tsx?$`,
  ].join("|"),
);

/**
 * react-router's production build makes its components with forwardRef or memo, and names some afterwards
 * (`Form.displayName = "Form"`): to the bundler both are side effects, so a component the app never uses (its
 * Form and the submission code behind it, ≈ 1.3 kB gzipped on every page) stays in the first screen's chunk.
 * Made, and named, in calls marked pure, it is dropped where nothing uses it; the components the app uses are
 * the same, with the same names. Lines stay where they are, so that a build's source map still points right.
 */
function reactRouterPureComponents(): Plugin {
  const component = /^(var|const) (\w+) = (React\$?\d*\.(?:forwardRef|memo))\(/gm;
  return {
    name: "react-router-pure-components",
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]lib[\\/][\w/-]+\.js$/ },
      handler(code) {
        let changed = code;
        for (const [declaration, keyword, name, make] of code.matchAll(component)) {
          const naming = new RegExp(`^(\\}?)\\);\\n${name}\\.displayName = ("[^"\\n]*");$`, "m");
          changed = naming.test(changed)
            ? changed
                .replace(declaration, `${keyword} ${name} = /* @__PURE__ */ __named(/* @__PURE__ */ ${make}(`)
                .replace(naming, "$1), $2);\n")
            : changed.replace(declaration, `${keyword} ${name} = /* @__PURE__ */ ${make}(`);
        }
        if (changed === code) return null;
        const named =
          "function __named(component, displayName) {\n  component.displayName = displayName;\n  return component;\n}";
        return { code: `${changed}\n${named}\n`, map: null };
      },
    },
  };
}

export default defineConfig(() => ({
  root: import.meta.dirname,
  plugins: [muiThemeWithoutCssVariables(), reactRouterPureComponents(), react()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(import.meta.dirname, "src/use-sync-external-store-shim.ts"),
      },
      // MUI X Charts' store asks for the shim's selector hook: the package's own one is the same for React 19 and
      // needs no shim (through the stand-in above, a CommonJS module would require an ES one: helpers on every page)
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector.js",
      },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  preview: { port: 5173 },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the import graph of every chunk, read by scripts/check-bundle-size.ts.
    manifest: true,
    // Every browser we support preloads modules itself; the polyfill would only add to every page's entry.
    modulePreload: { polyfill: false },
    // The SIGNED_IN chunk (MUI's components) is large by nature and loaded once, after sign-in.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // CommonJS packages the bundler must assume have side effects, though they have none: let it drop them
      // where nothing uses them (emotion's withTheme, MUI's prop types), ≈ 1 kB gzipped on every page.
      treeshake: {
        moduleSideEffects: (id) =>
          !/node_modules[\\/](hoist-non-react-statics|react-is|prop-types)[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            // The first screen's modules go to core even where SIGNED_IN matches them too
            { name: "core", test: (id) => FIRST_SCREEN.test(id), priority: 5 },
            { name: "alert", test: (id) => ALERT.test(id), priority: 4 },
            { name: "data", test: (id) => DATA.test(id), priority: 4 },
            {
              name: "signed-in",
              test: (id) => SIGNED_IN.test(id) && !FORMS.test(id) && !POPUPS.test(id),
              priority: 3,
            },
            { name: "popups", test: (id) => POPUPS.test(id), priority: 2 },
            { name: "forms", test: (id) => FORMS.test(id), priority: 1 },
          ],
        },
      },
    },
  },
}));
