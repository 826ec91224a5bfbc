import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Link as RouterLink, useLocation } from "react-router";
import { LanguageSwitch } from "../../components/language-switch";
import { NotificationBell } from "../../modules/notifications/components/notification-bell";
import type { Shell } from "../shell/registry";
import type { MenuEntry } from "../shell/web-module";
import { useCurrentUser } from "../use-session";
import { ContactsButton } from "./contacts-button";
import { HelpButton } from "./help-button";
import { ProfileMenu } from "./profile-menu";

/**
 * Dense header: title and version, the modules' navigation the user may open, language, the notifications' bell,
 * contacts, help, profile menu. The layout hands it the shell: the header's code goes with the signed-in pages' shared chunk,
 * and importing the shell here would move the shell, which the router needs on every page, into that chunk.
 */
export function AppHeader({ shell }: { shell: Shell }) {
  const { t } = useTranslation("signedIn");
  const user = useCurrentUser();
  const location = useLocation();
  const [navAnchor, setNavAnchor] = useState<HTMLElement | null>(null);
  const entries = shell.menu("nav", user);
  const isCurrent = (entry: MenuEntry) =>
    [entry.to, ...(entry.sections ?? [])].some((path) => location.pathname.startsWith(path));

  return (
    <AppBar
      position="sticky"
      elevation={1}
      sx={{ "& .Mui-focusVisible, & a:focus-visible": { outline: "2px solid #fff", outlineOffset: 1 } }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t("nav.open")}
          onClick={(event) => setNavAnchor(event.currentTarget)}
          sx={{ display: { xs: "inline-flex", md: "none" } }}
        >
          <MenuIcon />
        </IconButton>
        {navAnchor && (
          <Suspense fallback={null}>
            <NavMenu
              anchor={navAnchor}
              entries={entries}
              isCurrent={isCurrent}
              onClose={() => setNavAnchor(null)}
            />
          </Suspense>
        )}

        <Box
          component={RouterLink}
          to="/dashboard"
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 0.75,
            color: "inherit",
            textDecoration: "none",
            mr: 1,
          }}
        >
          <LocalShippingOutlinedIcon fontSize="small" sx={{ display: { xs: "none", sm: "block" } }} />
          <Typography variant="subtitle1" component="span" noWrap sx={{ fontWeight: 500 }}>
            {t("common:productTitle")}
          </Typography>
          <Typography
            variant="caption"
            component="span"
            title={t("common:version", { version: __APP_VERSION__ })}
            sx={{ display: { xs: "none", sm: "inline" } }}
          >
            {t("versionShort", { version: __APP_VERSION__ })}
          </Typography>
        </Box>

        <Box
          component="nav"
          aria-label={t("nav.label")}
          sx={{ display: { xs: "none", md: "flex" }, gap: 0.5 }}
        >
          {entries.map((entry) => (
            <Button
              key={entry.to}
              component={NavLink}
              to={entry.to}
              // NavLink marks its own address; the other pages of its section are marked here
              className={isCurrent(entry) ? "active" : undefined}
              color="inherit"
              // Full white, the current section on a darker blue: lighter shades fail the contrast ratio
              sx={{ px: 1.25, "&.active": { bgcolor: "rgba(0,0,0,0.25)" } }}
            >
              {t(entry.label)}
            </Button>
          ))}
        </Box>

        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: "none", sm: "block" } }}>
          <LanguageSwitch inverted />
        </Box>
        <NotificationBell />
        <ContactsButton />
        <HelpButton shell={shell} />
        <ProfileMenu shell={shell} />
      </Toolbar>
    </AppBar>
  );
}

// The phone's menu of the modules loads when first opened
const NavMenu = lazy(() => import("./nav-menu").then((module) => ({ default: module.NavMenu })));
