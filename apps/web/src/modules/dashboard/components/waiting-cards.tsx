import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { waitingItemsOf } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { CurrentUser } from "../../../app/current-user";
import { waitingLink, waitingQuery } from "../api";
import { CardList } from "./card-list";

/**
 * "Waiting for you": a count per thing the user has to act on, each a link to its list filtered so, named by what
 * it shows ("2 Orders submitted for approval"); a zero shows muted (nothing to do there, but the link still opens the
 * list).
 */
export function WaitingCards({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("dashboard");
  const waiting = useQuery(waitingQuery());
  const counts = new Map(waiting.data?.results.map((row) => [row.key, row.count]));
  return (
    <CardList labelledBy="dashboard-waiting" minWidth={270}>
      {waitingItemsOf(user).map((item) => {
        const count = counts.get(item.key);
        const isZero = count === 0;
        const label = t(`waiting.${item.key}`);
        return (
          <Box component="li" key={item.key}>
            <Card variant="outlined" sx={{ height: "100%" }}>
              <CardActionArea
                component={RouterLink}
                to={waitingLink(item)}
                data-testid={`waiting-${item.key}`}
                sx={{
                  height: "100%",
                  px: 1.5,
                  py: 1,
                  display: "flex",
                  gap: 1.5,
                  justifyContent: "flex-start",
                }}
              >
                <Typography
                  component="span"
                  variant="h5"
                  data-testid="count"
                  sx={{
                    minWidth: 40,
                    fontWeight: 600,
                    color: isZero ? "text.disabled" : "primary.main",
                    fontVariantNumeric: "tabular-nums",
                  }}
                >
                  {count ?? <Skeleton width={28} />}
                </Typography>
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ color: isZero ? "text.secondary" : "text.primary", lineHeight: 1.3 }}
                >
                  {label}
                </Typography>
              </CardActionArea>
            </Card>
          </Box>
        );
      })}
    </CardList>
  );
}
