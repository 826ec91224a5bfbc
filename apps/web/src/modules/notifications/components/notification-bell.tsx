import NotificationsNoneOutlinedIcon from "@mui/icons-material/NotificationsNoneOutlined";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { unreadCountQuery } from "../api";

/**
 * The header's bell: the unread count on its badge (kept current by the live stream), and a menu of the newest
 * notifications, each opening its object's page and marking it read, with "mark all read" and the page of them all.
 * A menu (under its title), so that the arrow keys move through the entries and Escape closes it.
 */
export function NotificationBell() {
  // Its catalog loads with the signed-in pages rather than with the shared one, which sign-in loads too: the bell
  // shows once it is there
  const { t, ready } = useTranslation("notifications", { useSuspense: false });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  if (!ready) return null;

  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={unread > 0 ? t("open", { count: unread }) : t("openNone")}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        data-testid="notification-bell"
      >
        {/* No badge without unread ones: MUI keeps a hidden badge's figure ("0", or the count as it fades out) in the
            button's text, which then no longer matches its label */}
        {unread > 0 ? (
          <Badge badgeContent={unread} max={99} color="error">
            <NotificationsNoneOutlinedIcon />
          </Badge>
        ) : (
          <NotificationsNoneOutlinedIcon />
        )}
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationMenu anchor={anchor} unread={unread} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

// The menu of the newest notifications loads when first opened
const NotificationMenu = lazy(() =>
  import("./notification-menu").then((module) => ({ default: module.NotificationMenu })),
);
