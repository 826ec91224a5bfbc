import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/**
 * The dashboard's cards as a list named by its heading (`labelledBy`), in as many columns as fit at `minWidth`
 * each; the children are its items (`<Box component="li">`).
 */
export function CardList(props: { labelledBy: string; minWidth: number; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-labelledby={props.labelledBy}
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: `repeat(auto-fill, minmax(${props.minWidth}px, 1fr))`,
      }}
    >
      {props.children}
    </Box>
  );
}
