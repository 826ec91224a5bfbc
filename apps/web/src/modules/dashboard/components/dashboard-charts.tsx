import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import { useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartsLocalizationProvider } from "@mui/x-charts/ChartsLocalizationProvider";
import { PieChart } from "@mui/x-charts/PieChart";
import type { ContainerStage, DashboardCharts, PkgState } from "@portal/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";

// The charts' own code (MUI X Charts, d3's scales) is loaded with this file only, after the page has shown: the
// /dashboard route stays small (dashboard-page.tsx imports it lazily).

/** Colours by meaning: the workflow from grey (draft) through blue to green (completed), red where it stops. */
const STATUS_COLOURS: Record<number, string> = {
  1: "#9e9e9e",
  3: "#1e88e5",
  4: "#fb8c00",
  2: "#00897b",
  5: "#3949ab",
  6: "#8e24aa",
  7: "#43a047",
  8: "#e53935",
};
const STAGE_COLOURS: Record<ContainerStage, string> = {
  waiting: "#9e9e9e",
  on_rail: "#1e88e5",
  at_border: "#fb8c00",
  released: "#43a047",
};
const PACKAGE_COLOURS: Record<PkgState, string> = {
  pending: "#9e9e9e",
  uploaded: "#1e88e5",
  rejected: "#e53935",
  accepted: "#43a047",
  withdraw: "#fdd835",
  withdrawn: "#8d6e63",
  processing_error: "#b71c1c",
};

/** Out of sight, read by screen readers (MUI's `visuallyHidden`). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

/**
 * The dashboard's three charts in a responsive grid (without animations: the figures refresh live, and a chart that
 * moves on every change of someone's order would only distract): orders by status per week (stacked bars, the whole width), the
 * containers by stage of the journey (a donut) and the packages by state (bars). Each is a figure named by its
 * heading, with its figures also as a table for screen readers.
 */
export function DashboardChartsView({ charts }: { charts: DashboardCharts }) {
  const { t, i18n } = useTranslation("dashboard");
  const labels = useFieldLabels("container");
  const theme = useTheme();
  const isEnglish = i18n.language === "en";
  const week = new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short" });
  const weeks = charts.orders_by_week.weeks.map((monday) => week.format(new Date(`${monday}T12:00:00Z`)));
  const statuses = charts.orders_by_week.statuses;
  const stages = charts.containers_by_stage.map((row) => ({ ...row, label: t(`stages.${row.stage}`) }));
  const packages = charts.packages_by_state.map((row) => ({
    ...row,
    label: labels.choice("pkg_state", row.state),
  }));
  const ordersTotal = statuses.reduce((sum, status) => sum + status.counts.reduce((a, b) => a + b, 0), 0);
  const axisText = { fontSize: 11, fill: theme.palette.text.secondary };

  return (
    <ChartsLocalizationProvider localeText={{ noData: t("charts.noData"), loading: t("charts.loading") }}>
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
        }}
      >
        <ChartCard
          id="orders"
          title={t("charts.orders", { count: ordersTotal })}
          wide
          table={{
            head: [t("charts.week"), ...statuses.map((status) => (isEnglish ? status.name_en : status.name))],
            rows: weeks.map((label, index) => [
              label,
              ...statuses.map((status) => status.counts[index] ?? 0),
            ]),
          }}
        >
          <BarChart
            disableKeyboardNavigation
            skipAnimation
            height={280}
            xAxis={[{ scaleType: "band", data: weeks, tickLabelStyle: axisText }]}
            yAxis={[{ tickMinStep: 1, tickLabelStyle: axisText, width: 36 }]}
            series={statuses.map((status) => ({
              id: String(status.id),
              label: isEnglish ? status.name_en : status.name,
              data: status.counts,
              stack: "orders",
              color: STATUS_COLOURS[status.id] ?? theme.palette.grey[500],
            }))}
            margin={{ left: 4, right: 8, top: 16, bottom: 4 }}
            slotProps={{ legend: { direction: "horizontal", position: { vertical: "bottom" } } }}
          />
        </ChartCard>
        <ChartCard
          id="containers"
          title={t("charts.containers", { count: stages.reduce((sum, row) => sum + row.count, 0) })}
          table={{
            head: [t("charts.stage"), t("charts.count")],
            rows: stages.map((row) => [row.label, row.count]),
          }}
        >
          <PieChart
            disableKeyboardNavigation
            skipAnimation
            height={240}
            series={[
              {
                data: stages.map((row) => ({
                  id: row.stage,
                  value: row.count,
                  label: `${row.label}: ${row.count}`,
                  color: STAGE_COLOURS[row.stage],
                })),
                innerRadius: 56,
                outerRadius: 100,
                paddingAngle: 1,
                cornerRadius: 2,
              },
            ]}
            margin={{ top: 8, bottom: 8, left: 8, right: 8 }}
            slotProps={{
              legend: { direction: "vertical", position: { vertical: "middle", horizontal: "end" } },
            }}
          />
        </ChartCard>
        <ChartCard
          id="packages"
          title={t("charts.packages", { count: packages.reduce((sum, row) => sum + row.count, 0) })}
          table={{
            head: [t("charts.state"), t("charts.count")],
            rows: packages.map((row) => [row.label, row.count]),
          }}
        >
          <BarChart
            disableKeyboardNavigation
            skipAnimation
            height={240}
            layout="horizontal"
            yAxis={[
              {
                scaleType: "band",
                data: packages.map((row) => row.label),
                width: 130,
                tickLabelStyle: axisText,
                colorMap: {
                  type: "ordinal",
                  values: packages.map((row) => row.label),
                  colors: packages.map((row) => PACKAGE_COLOURS[row.state]),
                },
              },
            ]}
            xAxis={[{ tickMinStep: 1, tickLabelStyle: axisText }]}
            series={[{ data: packages.map((row) => row.count), label: t("charts.count") }]}
            hideLegend
            margin={{ left: 4, right: 16, top: 8, bottom: 4 }}
          />
        </ChartCard>
      </Box>
    </ChartsLocalizationProvider>
  );
}

/** A chart under its heading, its figures also as a table that only screen readers read. */
function ChartCard(props: {
  id: string;
  title: string;
  wide?: boolean;
  table: { head: string[]; rows: (string | number)[][] };
  children: ReactNode;
}) {
  const titleId = `dashboard-chart-${props.id}`;
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={titleId}
      sx={{ m: 0, p: 1.5, minWidth: 0, position: "relative", gridColumn: props.wide ? "1 / -1" : undefined }}
    >
      <Typography id={titleId} component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
        {props.title}
      </Typography>
      {/* Seen, not read or focused (the charts' keyboard navigation is off): the table below is the chart's text */}
      <Box aria-hidden>{props.children}</Box>
      {/* Clipped by a block of its own: a table is as wide as its cells whatever its own width says */}
      <Box sx={VISUALLY_HIDDEN}>
        <table>
          <caption>{props.title}</caption>
          <thead>
            <tr>
              {props.table.head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Paper>
  );
}
