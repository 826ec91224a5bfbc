import type { SxProps, Theme } from "@mui/material/styles";

/**
 * A skip link's look: hidden until the keyboard focuses it, then shown over the page's corner. Not
 * `display: none`, which would take it out of the tab order.
 */
export const visibleWhenFocused: SxProps<Theme> = {
  position: "absolute",
  left: 8,
  top: 8,
  zIndex: 3,
  "&:not(:focus-visible)": {
    clipPath: "inset(50%)",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    p: 0,
    minWidth: 0,
  },
};
