import { keyframes, type Theme } from "@mui/material/styles";
import type { TableBodyProps } from "@mui/material/TableBody";
import type { TableCellProps } from "@mui/material/TableCell";
import type { TextFieldProps } from "@mui/material/TextField";
import type { MRT_DensityState } from "material-react-table";

// The grid's look where the table library's own falls short (focus, contrast, narrow headers).

// The header cells themselves, and the drag handles (mouse only), leave the tab order: Tab goes through the
// sort, menu and filter controls only, and a clear outline shows where the focus is. The drag handle and
// the column menu float over the end of the header until it is hovered or focused, so the title gets the
// column's width instead of being cut by two icons
const headCellSx = (theme: Theme) => ({
  "& .Mui-TableHeadCell-Content-Actions": {
    position: "absolute",
    right: 0,
    top: "50%",
    transform: "translateY(-50%)",
    backgroundColor: theme.palette.background.paper,
    opacity: 0,
  },
  "&:hover .Mui-TableHeadCell-Content-Actions, & .Mui-TableHeadCell-Content-Actions:focus-within": {
    opacity: 1,
  },
  // A title runs on over two lines at most, broken between words only, then ends in "…" (MRT kept titles under 20
  // characters on one line, cutting "Префикс" to "Пре…" beside room below, and let longer ones take four lines,
  // which made the header of every column as tall)
  "& .Mui-TableHeadCell-Content-Wrapper": {
    whiteSpace: "normal",
    overflowWrap: "normal",
    display: "-webkit-box",
    WebkitBoxOrient: "vertical",
    WebkitLineClamp: 2,
  },
  // An unsorted column's sort button takes no room until the header is hovered or the button focused (it stays in
  // the tab order): its title gets the column's width
  '&[aria-sort="none"] .Mui-TableHeadCell-Content-Labels > .MuiBadge-root': {
    width: 0,
    overflow: "hidden",
  },
  '&[aria-sort="none"]:hover .Mui-TableHeadCell-Content-Labels > .MuiBadge-root, &[aria-sort="none"] .Mui-TableHeadCell-Content-Labels > .MuiBadge-root:focus-within':
    { width: "auto", overflow: "visible" },
  // The last column's resize handle straddles its edge, which would scroll the grid sideways
  "&:last-of-type": { overflow: "hidden" },
  "& .Mui-focusVisible, & :focus-visible": {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
    borderRadius: 0.5,
  },
  // A from–to filter (two days, two numbers) stacks its two fields where the column is too narrow for both side
  // by side ("ГГ" otherwise): the filter's place is a size container, so each column decides by its own width
  "& .MuiCollapse-wrapperInner": { containerType: "inline-size" },
  // A day's filter holds a whole typed day beside its clear and calendar buttons in the least width of a date column
  // (DATE_FIELD_MIN_SIZE): at MUI's 40 px buttons "2026-11-24" was cut to "2026-11-2"
  "& .MuiPickersInputBase-root .MuiIconButton-root": { padding: "2px" },
  [`@container (max-width: ${RANGE_SIDE_BY_SIDE - 1}px)`]: {
    "& .MuiCollapse-wrapperInner > .MuiBox-root": { gridTemplateColumns: "1fr", gap: 0 },
  },
});

/** The narrowest filter place that shows a from–to pair side by side: two days of yyyy-MM-dd and their buttons. */
const RANGE_SIDE_BY_SIDE = 300;

export const headCellProps: TableCellProps = { tabIndex: -1, sx: headCellSx };

/** Read by a screen reader, not shown: the title of a column too narrow for it (a phone's actions, a choice's boxes). */
export const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const;

// A phone's few narrow columns: their titles run on over two lines (as everywhere); the sort arrow shows only on the
// sorted column (a phone has no hover to reveal it, and its room goes to the title). Its cells keep 4 px each side
// instead of 8, so that a column holds its longest word ("согласовании", a station's "Екатеринбург-") on a 390 px
// screen: a phone breaks values between words only
export const phoneHeadCellProps: TableCellProps = {
  tabIndex: -1,
  sx: (theme) => ({
    ...headCellSx(theme),
    px: PHONE_CELL_INSET,
    '&[aria-sort="none"] .MuiTableSortLabel-root': { display: "none" },
  }),
};

// MRT draws the "Filter" text of a select filter at half opacity: too pale to read (contrast below 4.5:1)
export const filterTextFieldProps: TextFieldProps = {
  sx: { "& .MuiSelect-select > .MuiBox-root": { color: "text.secondary", opacity: 1 } },
};

// A server-side group's line runs on over the next (empty) cells, as its first column may be narrower than its
// value; each cell is a layer of its own (position and z-index), so only a see-through next cell lets it show
export const groupCellStyle = { overflow: "visible", backgroundColor: "transparent" } as const;

// An editor's message (a custom editor's too) wraps within its cell instead of being cut off by the cell's ellipsis
export const editorCellSx = {
  "& .MuiFormHelperText-root": { whiteSpace: "normal", lineHeight: 1.2 },
} as const;

/** A phone's cell padding on each side (theme spacing: 4 px), its headers' and cells' alike. */
const PHONE_CELL_INSET = 0.5;

/** A phone's body cells: the editors' messages wrap, and the padding is a phone's (phoneHeadCellProps). */
export const phoneCellSx = { ...editorCellSx, px: PHONE_CELL_INSET } as const;

/**
 * The body while the grid's first page loads: its rows drawn as one background (a grey bar and a line each) with a
 * wave passing over them, and no rows. MRT's own loading state puts a skeleton in every cell of 20 blank rows: on
 * the terminal report's 29 columns that was 580 animated components, each rendering twice, all thrown away when
 * the rows came, and the rows came about twice as late (docs/decisions.md, "A grid's loading rows").
 */
export function loadingBodyProps(density: MRT_DensityState, rows: number): TableBodyProps {
  const height = ROW_HEIGHTS[density];
  return {
    // Not a row, so nothing reads it as one; MRT renders the body's children instead of its rows
    children: false,
    "aria-busy": true,
    sx: (theme) => ({
      height: rows * height,
      overflow: "hidden",
      backgroundImage: [
        `repeating-linear-gradient(to bottom, transparent 0 ${height - 1}px, ${theme.palette.divider} ${height - 1}px ${height}px)`,
        `repeating-linear-gradient(to bottom, transparent 0 ${BAR_INSET}px, ${theme.palette.action.hover} ${BAR_INSET}px ${height - BAR_INSET}px, transparent ${height - BAR_INSET}px ${height}px)`,
      ].join(", "),
      "&::after": {
        content: '""',
        position: "absolute",
        inset: 0,
        background: `linear-gradient(90deg, transparent, ${theme.palette.action.hover}, transparent)`,
        transform: "translateX(-100%)",
        animation: `${wave} 1.6s linear 0.5s infinite`,
        "@media (prefers-reduced-motion: reduce)": { animation: "none" },
      },
    }),
  };
}

/** A row's height in each density (a line of text and the row's buttons), as the rows come to be drawn. */
const ROW_HEIGHTS: Record<MRT_DensityState, number> = { compact: 37, comfortable: 53, spacious: 69 };
/** The room above and below a loading row's bar. */
const BAR_INSET = 12;

const wave = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(100%); }
`;
