import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tooltip from "@mui/material/Tooltip";
import type { ReactNode } from "react";

/**
 * A form's action bar, kept at the bottom of the window while the form scrolls: Save (a submit button, its shortcut
 * in its tooltip), Reset, and on the right what the page adds (`children`: print, downloads …).
 */
export function FormActionBar(props: {
  saveLabel: string;
  /** The keyboard shortcut's name, e.g. Ctrl+S (use-save-shortcut.ts). */
  shortcut: string;
  canSave: boolean;
  resetLabel: string;
  canReset: boolean;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{
        position: "sticky",
        bottom: 0,
        zIndex: 2,
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 1,
        mt: 2,
        mx: { xs: -1, sm: -2 },
        mb: { xs: -1, sm: -2 },
        px: { xs: 1, sm: 2 },
        py: 1,
        bgcolor: "background.paper",
        borderTop: 1,
        borderColor: "divider",
      }}
    >
      <Tooltip title={props.shortcut}>
        <span>
          <Button type="submit" variant="contained" disabled={!props.canSave}>
            {props.saveLabel}
          </Button>
        </span>
      </Tooltip>
      <Button disabled={!props.canReset} onClick={props.onReset}>
        {props.resetLabel}
      </Button>
      {props.children && (
        <>
          <Box sx={{ flex: 1 }} />
          {props.children}
        </>
      )}
    </Box>
  );
}
