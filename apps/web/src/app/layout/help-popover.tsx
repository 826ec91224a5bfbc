import MailOutlineIcon from "@mui/icons-material/MailOutlined";
import MenuBookOutlinedIcon from "@mui/icons-material/MenuBookOutlined";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import SupportAgentOutlinedIcon from "@mui/icons-material/SupportAgentOutlined";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Popover from "@mui/material/Popover";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useAppConfig } from "../app-config";
import type { Shell } from "../shell/registry";
import { useCurrentUser } from "../use-session";

/** The help button's list: user manual, internal manual (for whom its route lets in), service desk, support mail. */
export function HelpPopover({
  shell,
  anchor,
  onClose: close,
}: {
  shell: Shell;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const { t } = useTranslation("signedIn");
  const user = useCurrentUser();
  const config = useAppConfig();
  const serviceDeskUrl = config.data?.service_desk_url;
  const supportEmail = config.data?.support_email;

  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
    >
      <List
        sx={{ minWidth: 260 }}
        subheader={<ListSubheader sx={{ lineHeight: "36px" }}>{t("help.title")}</ListSubheader>}
      >
        <ListItemButton component={RouterLink} to="/help" onClick={close} autoFocus>
          <ListItemIcon>
            <MenuBookOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t("help.userManual")} />
        </ListItemButton>
        {shell.canOpen("/help/internal", user) && (
          <ListItemButton component={RouterLink} to="/help/internal" onClick={close}>
            <ListItemIcon>
              <MenuBookOutlinedIcon fontSize="small" color="secondary" />
            </ListItemIcon>
            <ListItemText primary={t("help.internalManual")} />
          </ListItemButton>
        )}
        {serviceDeskUrl && (
          <ListItemButton
            component="a"
            href={serviceDeskUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <SupportAgentOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t("help.serviceDesk")} />
            <OpenInNewIcon fontSize="inherit" sx={{ ml: 1, color: "text.secondary" }} />
          </ListItemButton>
        )}
        {supportEmail && (
          <ListItemButton component="a" href={`mailto:${supportEmail}`} onClick={close}>
            <ListItemIcon>
              <MailOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t("help.supportMail")} secondary={supportEmail} />
          </ListItemButton>
        )}
      </List>
    </Popover>
  );
}
