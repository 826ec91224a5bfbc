import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { MenuEntry } from "../shell/web-module";
import { MODULE_ICONS } from "./icons";

interface ModuleMenuItemProps {
  entry: MenuEntry;
  selected?: boolean;
  onClick: () => void;
  /** Set by the menu on its first or selected item (MenuList clones its children with them). */
  autoFocus?: boolean;
  tabIndex?: number;
}

/** A module's menu entry in a menu: its icon and label, linking to its route. */
export function ModuleMenuItem({ entry, ...props }: ModuleMenuItemProps) {
  const { t } = useTranslation("signedIn");
  const Icon = MODULE_ICONS[entry.icon];
  return (
    <MenuItem component={RouterLink} to={entry.to} {...props}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t(entry.label)}</ListItemText>
    </MenuItem>
  );
}
