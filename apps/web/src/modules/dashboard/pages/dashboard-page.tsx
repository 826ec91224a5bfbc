import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { isConfirmed } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useAppConfig } from "../../../app/app-config";
import { type CurrentUser, displayName } from "../../../app/current-user";
import { MODULE_ICONS } from "../../../app/layout/icons";
import type { ShownTile } from "../../../app/shell/registry";
import { useCurrentUser } from "../../../app/use-session";
import { shell } from "../../index";
import { chartsQuery } from "../api";
import { CardList } from "../components/card-list";
import { CompanyFilter, useChartsCompany } from "../components/company-filter";
import { WaitingCards } from "../components/waiting-cards";

// The charts' library loads after the page has shown, in a chunk of its own
const DashboardChartsView = lazy(() =>
  import("../components/dashboard-charts").then((m) => ({ default: m.DashboardChartsView })),
);

/**
 * /dashboard: messages for the user, what waits for them (counts linking to the lists filtered so), the charts of
 * their orders, containers and packages (staff: of every company, or one), then the modules' tiles to the sections
 * they may open (spec 02, Dashboard; issue 17). Until a manager confirms the user, only the messages and the Profile
 * tile show. The figures refresh live when an order or a container changes (app/live).
 */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const user = useCurrentUser();
  const config = useAppConfig();
  const tiles = shell.tiles(user, config.data);
  const notice = user.company?.notification_msg?.trim();

  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("greeting", { name: displayName(user) })}
      </Typography>
      <Stack spacing={1} sx={{ mb: 1.5 }}>
        {(user.state === "new" || user.state === "pending") && (
          <Alert severity="info">
            {/* "Awaits confirmation" only once something was sent; a new user is asked to send it */}
            <AlertTitle>{t(user.state === "new" ? "awaiting.newTitle" : "awaiting.title")}</AlertTitle>
            {t(user.state === "new" ? "awaiting.new" : "awaiting.pending")}
          </Alert>
        )}
        {user.state === "declined" && (
          <Alert severity="warning">
            <AlertTitle>{t("declined.title")}</AlertTitle>
            {t("declined.text")}
          </Alert>
        )}
        {user.company?.debtor && (
          <Alert severity="warning" variant="filled">
            {t("debtor", { company: user.company.name })}
          </Alert>
        )}
        {notice && (
          <Alert severity="info" variant="outlined" sx={{ whiteSpace: "pre-line" }}>
            <AlertTitle>{t("notice", { company: user.company?.name ?? "" })}</AlertTitle>
            {notice}
          </Alert>
        )}
      </Stack>
      {isConfirmed(user) && (
        <>
          <SectionTitle id="dashboard-waiting">{t("waiting.title")}</SectionTitle>
          <WaitingCards user={user} />
          <DashboardCharts user={user} />
        </>
      )}
      <SectionTitle id="dashboard-sections">{t("sections")}</SectionTitle>
      <CardList labelledBy="dashboard-sections" minWidth={220}>
        {tiles.map((tile) => (
          <Box component="li" key={tile.id}>
            <DashboardTile tile={tile} />
          </Box>
        ))}
      </CardList>
    </Box>
  );
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 500, mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

/**
 * The charts under their heading, named by the companies they count: every company (staff), the user's and their
 * related ones, or the user's one company. Staff and users with related companies narrow them to one company (the
 * API refuses any other with 400).
 */
function DashboardCharts({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("dashboard");
  const [company, setCompany] = useChartsCompany();
  const canFilter = user.is_manager || user.can_select_company;
  const charts = useQuery(chartsQuery(canFilter ? company : null));
  const shown = charts.data?.company?.name ?? (canFilter ? null : user.company?.name);
  const placeholder = <Skeleton variant="rounded" height={280} />;
  return (
    <Box component="section" aria-labelledby="dashboard-charts">
      <Box
        sx={{
          display: "flex",
          flexWrap: "wrap",
          alignItems: "flex-start",
          justifyContent: "space-between",
          gap: 1,
          mt: 2,
          mb: 1,
        }}
      >
        <Typography id="dashboard-charts" variant="subtitle1" component="h2" sx={{ fontWeight: 500, mt: 1 }}>
          {shown
            ? t("charts.titleOf", { company: shown })
            : t(user.is_manager ? "charts.titleAll" : "charts.titleYours")}
        </Typography>
        {canFilter && (
          <Box sx={{ width: { xs: "100%", sm: 340 } }}>
            <CompanyFilter company={company} chosen={charts.data?.company ?? null} onChange={setCompany} />
          </Box>
        )}
      </Box>
      {charts.isError ? (
        <Alert severity="error">{t("charts.failed")}</Alert>
      ) : charts.data ? (
        <Suspense fallback={placeholder}>
          <DashboardChartsView charts={charts.data} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}

function DashboardTile({ tile }: { tile: ShownTile }) {
  const { t } = useTranslation("dashboard");
  const Icon = MODULE_ICONS[tile.icon];
  const external = "href" in tile;
  const linkProps = external
    ? { component: "a" as const, href: tile.href, target: "_blank", rel: "noopener noreferrer" }
    : { component: RouterLink, to: tile.to };
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea
        {...linkProps}
        sx={{ height: "100%", p: 1.5, display: "flex", alignItems: "flex-start" }}
      >
        <Icon color="primary" sx={{ fontSize: 32, mr: 1.5, mt: 0.25 }} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, lineHeight: 1.3 }}>
            {t(`tiles.${tile.id}.title`)}
            {external && <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: "middle" }} />}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t(`tiles.${tile.id}.text`)}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
