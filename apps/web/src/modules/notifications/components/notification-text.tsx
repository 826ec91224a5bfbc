import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { Notification } from "@portal/domain";
import { useTranslation } from "react-i18next";
import { fullTime, relativeTime } from "../relative-time";

/**
 * What a notification says, as the bell and the page show it: its title (bold while unread), its text (the comment,
 * the customs system's message), and when it came.
 */
export function NotificationText({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation("notifications");
  const { title, text, created_at, read } = notification;
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: read ? 400 : 600 }}>
        {!read && (
          <Box component="span" sx={visuallyHidden}>
            {`${t("unread")}: `}
          </Box>
        )}
        {title}
      </Typography>
      {text && (
        <Typography
          variant="body2"
          color="textSecondary"
          // The comment keeps its lines; a long one is cut to three in the bell (the page shows it whole)
          sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}
        >
          {text}
        </Typography>
      )}
      <Typography
        variant="caption"
        color="textSecondary"
        component="time"
        dateTime={created_at}
        title={fullTime(created_at, i18n.language)}
      >
        {relativeTime(created_at, i18n.language, t("justNow"))}
      </Typography>
    </Box>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
