import DoneIcon from "@mui/icons-material/Done";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { GridPager } from "../../../components/data-grid/grid-pager";
import { useGridVars } from "../../../components/data-grid/grid-vars";
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS } from "../../../components/data-grid/list-request";
import { pageRangeText } from "../../../components/data-grid/pager";
import { markAllRead, markRead, notificationPage, notificationPageQuery, unreadCountQuery } from "../api";
import { UnreadDot } from "../components/notification-menu";
import { NotificationText } from "../components/notification-text";

/** A whole number of a search parameter within limits, or the default. */
function numberParam(value: string | null, fallback: number, allowed?: readonly number[]): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) return fallback;
  return allowed && !allowed.includes(number) ? fallback : number;
}

/**
 * /notifications: every notification of the user, newest first, a page at a time (the page and its size in the
 * address); each opens its object's page and is marked read with it, or is marked read where it is; and all at once.
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation("notifications");
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // The grids' page sizes (spec 01 §9), as every other list of the portal
  const size = numberParam(search.get("size"), DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE_OPTIONS);
  const page = numberParam(search.get("page"), 0);
  const entries = useQuery(notificationPageQuery(i18n.language, notificationPage(page, size)));
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  const count = entries.data?.count ?? 0;
  const gridVars = useGridVars();
  const go = (next: { page?: number; size?: number }) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set("page", String(next.page ?? page));
      params.set("size", String(next.size ?? size));
      return params;
    });

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          {t("title")}
        </Typography>
        <Button size="small" disabled={unread === 0} onClick={() => void markAllRead(queryClient)}>
          {t("markAllRead")}
        </Button>
      </Box>
      <Paper variant="outlined">
        {entries.isFetching && <LinearProgress sx={{ height: 2 }} />}
        {entries.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void entries.refetch()}>
                {t("retry")}
              </Button>
            }
          >
            {t("loadFailed")}
          </Alert>
        )}
        {entries.isSuccess && entries.data.count === 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
            {t("empty")}
          </Typography>
        )}
        <List dense disablePadding>
          {entries.data?.results.map((notification) => (
            <ListItem
              key={notification.id}
              divider
              disablePadding
              secondaryAction={
                !notification.read && (
                  <Tooltip title={t("markRead")}>
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={`${t("markRead")}: ${notification.title}`}
                      onClick={() => void markRead(queryClient, notification.id)}
                    >
                      <DoneIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemButton
                component={RouterLink}
                to={notification.link}
                onClick={() => {
                  if (!notification.read) void markRead(queryClient, notification.id);
                }}
                sx={{ alignItems: "flex-start", gap: 1, py: 0.75 }}
              >
                <UnreadDot isUnread={!notification.read} />
                <NotificationText notification={notification} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {count > 0 && (
          // The grids' pager, reading the theme's colours as a grid's frame gives them
          <div style={gridVars}>
            <GridPager
              range={pageRangeText(
                { pageIndex: page, pageSize: size, count },
                { isCapped: false, isEstimated: false },
                { of: t("grid:table.of"), ofMoreThan: t("grid:ofMoreThan"), ofAbout: t("grid:ofAbout") },
                i18n.language,
              )}
              pageIndex={page}
              pageCount={Math.ceil(count / size)}
              pageSize={size}
              pageSizeOptions={DEFAULT_PAGE_SIZE_OPTIONS}
              onPage={(next) => go({ page: next })}
              onPageSize={(next) => go({ page: 0, size: next })}
            />
          </div>
        )}
      </Paper>
    </Box>
  );
}
