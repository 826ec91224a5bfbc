import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../components/data-grid/format";
import { labelsQuery } from "../api";

/** Black or white, whichever reads better on a label's colour (`#rrggbb`): WCAG's relative luminance. */
export function textColorOn(color: string): "#000" | "#fff" {
  const channels = [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16) / 255);
  if (channels.some(Number.isNaN)) return "#000";
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // The contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179
  return luminance > 0.179 ? "#000" : "#fff";
}

/**
 * The labels the customs declaration system put on the container's package (spec 02 §2 "Package state"): each row
 * in its colour with its name and the day it was put, in text that reads on that colour.
 */
export function LabelsList({ orderId, containerId }: { orderId: number; containerId: number }) {
  const { t } = useTranslation("containers");
  const labels = useQuery(labelsQuery(orderId, containerId));
  const rows = labels.data ?? [];
  return (
    <Box sx={{ width: "100%" }}>
      <Typography variant="caption" color="textSecondary" component="h3" sx={{ mb: 0.5 }}>
        {t("labels.title")}
      </Typography>
      {labels.isError && (
        <Typography variant="body2" color="error">
          {t("labels.failed")}
        </Typography>
      )}
      {!labels.isPending && !labels.isError && rows.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          {t("labels.none")}
        </Typography>
      )}
      {rows.length > 0 && (
        <Box component="ul" aria-label={t("labels.title")} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {rows.map((label) => (
            <Box
              component="li"
              key={label.id}
              data-color={label.color}
              sx={{
                display: "flex",
                justifyContent: "space-between",
                gap: 2,
                px: 1,
                py: 0.25,
                mb: 0.25,
                borderRadius: 0.5,
                fontSize: 13,
                bgcolor: label.color,
                color: textColorOn(label.color),
              }}
            >
              <span>{label.name}</span>
              <span>{formatDateTime(label.create_date)}</span>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
