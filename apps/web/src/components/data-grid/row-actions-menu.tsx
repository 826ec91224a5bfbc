import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { RowActionsProps } from "./grid-row-actions";
import type { GridRowAction } from "./types";

// Loaded by the grid on a phone only: wider screens draw the row's actions as buttons (grid-row-actions.tsx)

/**
 * A row's actions on a phone: one button opening a menu of them, so the row's width goes to its values. The
 * page's own buttons (`children`), which the grid cannot list, stay beside it.
 */
export function RowActionsMenu(props: RowActionsProps) {
  const { t } = useTranslation("grid");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };
  const actions = (props.actions ?? []).filter((action): action is GridRowAction => action !== null);
  const deleteLabel = props.removal?.action ?? t("delete.start");
  const hasEntries = Boolean(props.onEdit || props.onDelete) || actions.length > 0;
  return (
    <Box sx={{ display: "flex", flexWrap: "nowrap" }}>
      {hasEntries && (
        <IconButton
          aria-label={t("rowActions")}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
      >
        {props.onEdit && (
          <MenuItem disabled={props.isEditBusy} onClick={run(props.onEdit)}>
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("edit.start")}</ListItemText>
          </MenuItem>
        )}
        {actions.map((action) =>
          action.to ? (
            <MenuItem key={action.id} component={RouterLink} to={action.to} onClick={close}>
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem key={action.id} onClick={run(() => action.onClick?.())}>
              <ListItemIcon>{action.icon}</ListItemIcon>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          ),
        )}
        {props.onDelete && (
          <MenuItem onClick={run(props.onDelete)}>
            <ListItemIcon>{props.removal?.icon ?? <DeleteOutlinedIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{deleteLabel}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {props.children}
    </Box>
  );
}
