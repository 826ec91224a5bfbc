import { useTheme } from "@mui/material/styles";
import { type CSSProperties, useMemo } from "react";

/**
 * The theme's colours and shapes as the custom properties grid.css reads: set on the grid's frame, and on its popups,
 * which are drawn apart from it (in the page's body).
 */
export function useGridVars(): CSSProperties {
  const theme = useTheme();
  return useMemo(
    () =>
      ({
        "--dg-divider": theme.palette.divider,
        "--dg-paper": theme.palette.background.paper,
        "--dg-text": theme.palette.text.primary,
        "--dg-text-secondary": theme.palette.text.secondary,
        "--dg-text-disabled": theme.palette.text.disabled,
        "--dg-primary": theme.palette.primary.main,
        "--dg-hover": theme.palette.action.hover,
        "--dg-selected": theme.palette.action.selected,
        "--dg-error": theme.palette.error.main,
        "--dg-success": theme.palette.success.main,
        "--dg-font": theme.typography.fontFamily,
        "--dg-radius": `${theme.shape.borderRadius}px`,
      }) as CSSProperties,
    [theme],
  );
}
