import LogoutIcon from "@mui/icons-material/Logout";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../../modules/auth/api";
import { displayName } from "../current-user";
import { resetGridLayouts } from "../grid-layout";
import type { Shell } from "../shell/registry";
import { useCurrentUser } from "../use-session";
import { LanguageMenuItem } from "./language-menu-item";
import { ModuleMenuItem } from "./module-menu-item";

/** The user's menu under its button (`anchor`, null once closed) and the layout reset's confirmation. */
export function ProfileMenuPopups({
  shell,
  anchor,
  onClose: close,
  confirmReset,
  onConfirmReset: setConfirmReset,
}: {
  shell: Shell;
  anchor: HTMLElement | null;
  onClose: () => void;
  confirmReset: boolean;
  onConfirmReset: (open: boolean) => void;
}) {
  const { t } = useTranslation("signedIn");
  const user = useCurrentUser();
  const name = displayName(user);
  const isPhone = useMediaQuery("(max-width:599.95px)");

  return (
    <>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ list: { sx: { minWidth: 220 } } }}
      >
        <MenuHeader>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          {/* The company, else the username when the name above is not already it ("newcomer / newcomer") */}
          {(user.company || name !== user.username) && (
            <Typography variant="caption" color="textSecondary" noWrap component="p">
              {user.company?.name ?? user.username}
            </Typography>
          )}
        </MenuHeader>
        <Divider />
        {/* The header's language buttons give way below 600 px (rendered only then: a hidden entry would stop
            the menu's arrow keys) */}
        {isPhone && <LanguageMenuItem onClick={close} />}
        {shell.menu("profileMenu", user).map((entry) => (
          <ModuleMenuItem key={entry.to} entry={entry} onClick={close} />
        ))}
        <MenuItem
          onClick={() => {
            close();
            setConfirmReset(true);
          }}
        >
          <ListItemIcon>
            <RestartAltIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("menu.resetLayout")}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("menu.logout")}</ListItemText>
        </MenuItem>
      </Menu>
      <Dialog open={confirmReset} onClose={() => setConfirmReset(false)} aria-labelledby="reset-layout-title">
        <DialogTitle id="reset-layout-title">{t("resetLayout.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("resetLayout.text")}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReset(false)} autoFocus>
            {t("common:cancel")}
          </Button>
          <Button variant="contained" color="warning" onClick={() => resetGridLayouts(user.id)}>
            {t("resetLayout.confirm")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The menu's heading (the user's name and company). Marked for the menu to pass over: taken for its first item,
 * it would get the focus the menu gives when it opens, which a plain block does not take, and the arrow keys
 * would not reach the entries.
 */
function MenuHeader({ children }: { children: ReactNode }) {
  return <Box sx={{ px: 2, py: 0.75 }}>{children}</Box>;
}
MenuHeader.muiSkipListHighlight = true;
