import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlined";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";

const INVALID_COLOR = "#8f3a00";

/**
 * A container's number as a grid shows it, flagged when it fails ISO 6346 (`is_number_valid` false): numbers are
 * stored as typed, never refused, so every list marks them the same way (the containers list, an order's containers).
 */
export function ContainerNumber({ row }: { row: { container: string; is_number_valid: boolean } }) {
  const { t } = useTranslation("signedIn");
  if (row.is_number_valid) return <>{row.container}</>;
  return (
    <Box
      component="span"
      data-invalid-number=""
      aria-label={`${row.container}: ${t("containerNumber.invalid")}`}
      // The browser's tooltip, as the grid's row buttons have: MUI's would load its popups with the list
      title={t("containerNumber.invalid")}
      // The theme's warning.dark reads at 3.8:1 on white; this orange-brown keeps the warning's hue at 7:1
      sx={{ color: INVALID_COLOR, display: "inline-flex", alignItems: "center", gap: 0.5 }}
    >
      <ErrorOutlineIcon fontSize="inherit" />
      {row.container}
    </Box>
  );
}
