import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import MenuItem from "@mui/material/MenuItem";
import MenuList from "@mui/material/MenuList";
import Popover from "@mui/material/Popover";
import Typography from "@mui/material/Typography";
import type { Notification } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { markAllRead, markRead, notificationPage, notificationPageQuery } from "../api";
import { NotificationText } from "./notification-text";

/** How many of the newest notifications the bell's menu shows. */
const NEWEST = 8;

/**
 * The bell's menu under it: the newest notifications (read when it opens, kept current by the live stream while
 * it is open), each opening its object's page and marking it read, with "mark all read" and the page of them all.
 */
export function NotificationMenu({
  anchor,
  unread,
  onClose: close,
}: {
  anchor: HTMLElement;
  unread: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("notifications");
  const queryClient = useQueryClient();
  const newest = useQuery(notificationPageQuery(i18n.language, notificationPage(0, NEWEST)));
  const open = (notification: Notification) => {
    close();
    if (!notification.read) void markRead(queryClient, notification.id);
  };
  const entries = newest.data?.results ?? [];

  return (
    <Popover
      anchorEl={anchor}
      open
      onClose={close}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
      slotProps={{ paper: { sx: { width: 400, maxWidth: "calc(100vw - 16px)" } } }}
    >
      <Typography
        id="notification-menu-title"
        variant="subtitle2"
        color="textSecondary"
        sx={{ px: 2, pt: 1.25 }}
      >
        {t("title")}
      </Typography>
      {/* A menu under its title: the arrow keys move through the entries and the actions, Escape closes it */}
      <MenuList dense autoFocusItem aria-labelledby="notification-menu-title">
        {newest.isError && (
          <MenuItem disabled>
            <Typography variant="body2">{t("loadFailed")}</Typography>
          </MenuItem>
        )}
        {newest.isSuccess && entries.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t("empty")}</Typography>
          </MenuItem>
        )}
        {entries.map((notification) => (
          <MenuItem
            key={notification.id}
            component={RouterLink}
            to={notification.link}
            onClick={() => open(notification)}
            sx={{ whiteSpace: "normal", alignItems: "flex-start", gap: 1, py: 0.75 }}
          >
            <UnreadDot isUnread={!notification.read} />
            <NotificationText notification={notification} />
          </MenuItem>
        ))}
        <Divider component="li" />
        <MenuItem
          disabled={unread === 0}
          onClick={() => {
            close();
            void markAllRead(queryClient);
          }}
        >
          {t("markAllRead")}
        </MenuItem>
        <MenuItem component={RouterLink} to="/notifications" onClick={close}>
          {t("all")}
        </MenuItem>
      </MenuList>
    </Popover>
  );
}

/** The mark of an unread entry (its title is bold too, and says so to screen readers). */
export function UnreadDot({ isUnread }: { isUnread: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 8,
        height: 8,
        mt: 0.75,
        flex: "none",
        borderRadius: "50%",
        bgcolor: isUnread ? "primary.main" : "transparent",
      }}
    />
  );
}
