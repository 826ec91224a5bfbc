import { createContext } from "react";

/** The edit in progress (one row in row mode, one cell in cell mode), shared by the grid and its editors. */
export interface GridEditSession {
  mode: "cell" | "row";
  /** Edited values by edit field, plus extras (fields no column shows). */
  draft: Record<string, unknown>;
  extras: Record<string, unknown>;
  /** Messages by edit field. */
  errors: Record<string, string>;
  /** Forgets the message of a field once its value changes. */
  clearError: (field: string) => void;
  isSaving: boolean;
  /** Cell mode: saves the edited cell of `row`. */
  commit: (row: unknown) => void;
  /** Cell mode: leaves the cell without saving. */
  cancel: () => void;
}

export const GridEditContext = createContext<GridEditSession | null>(null);
