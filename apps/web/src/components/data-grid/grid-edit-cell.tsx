import Checkbox from "@mui/material/Checkbox";
import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { type KeyboardEvent, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { editableMoney, maskDate, parseNumber } from "../form/input-rules";
import { editFieldOf, initialEditValue } from "./edit-changes";
import { GridEditContext } from "./grid-edit-session";
import type { GridColumn, GridColumnEdit, GridEditorProps } from "./types";

const NULL_OPTION = "\u0000null";

/**
 * The editor of one cell: the column's custom editor, else a text, number, select, multi-select or checkbox
 * field. A row being added is edited as a whole row (saved with its buttons) whatever the grid's edit mode.
 */
export function GridEditCell<T>({ column, row, isNew }: { column: GridColumn<T>; row: T; isNew: boolean }) {
  const session = useContext(GridEditContext);
  if (!session) throw new Error("GridEditCell outside a DataGrid");
  const edit = column.edit as GridColumnEdit<T>;
  const field = editFieldOf(column);
  const [value, setLocalValue] = useState<unknown>(() =>
    field in session.draft ? session.draft[field] : initialEditValue(column, row),
  );
  const isCellMode = session.mode === "cell" && !isNew;
  const error = session.errors[field];

  const setValue = (next: unknown) => {
    session.draft[field] = next;
    setLocalValue(next);
    if (error) session.clearError(field);
  };
  const setAndCommit = (next: unknown) => {
    setValue(next);
    if (isCellMode) session.commit(row);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isCellMode) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      session.commit(row);
    } else if (event.key === "Escape") {
      event.preventDefault();
      session.cancel();
    }
  };

  if (edit.render) {
    const props: GridEditorProps<T> = {
      row,
      value,
      setValue,
      setExtra: (name, extra) => {
        session.extras[name] = extra;
        if (error) session.clearError(field);
      },
      error,
      commit: () => isCellMode && session.commit(row),
      cancel: () => isCellMode && session.cancel(),
    };
    return <>{edit.render(props)}</>;
  }

  const variant =
    edit.variant ??
    (column.type === "boolean" || column.type === "select" || column.type === "date" ? column.type : "text");
  const common = {
    size: "small" as const,
    variant: "standard" as const,
    fullWidth: true,
    autoFocus: isCellMode,
    error: Boolean(error),
    helperText: error,
    disabled: session.isSaving,
    onKeyDown,
    onClick: (event: React.MouseEvent) => event.stopPropagation(),
    slotProps: {
      htmlInput: { "aria-label": column.header, maxLength: edit.maxLength },
      formHelperText: { sx: { whiteSpace: "normal", lineHeight: 1.2 } },
    },
  };

  if (variant === "boolean") {
    return (
      <Checkbox
        size="small"
        checked={Boolean(value)}
        disabled={session.isSaving}
        autoFocus={isCellMode}
        onChange={(event) => setAndCommit(event.target.checked)}
        onKeyDown={onKeyDown}
        slotProps={{ input: { "aria-label": column.header } }}
        sx={error ? { color: "error.main" } : undefined}
        title={error}
      />
    );
  }

  if (variant === "multi-select") {
    const options = edit.options ?? column.options ?? [];
    const labels = new Map(options.map((option) => [option.value, option.label]));
    return (
      <TextField
        {...common}
        select
        value={Array.isArray(value) ? value : []}
        onChange={(event) => setValue(event.target.value as unknown as (string | number)[])}
        onBlur={() => isCellMode && session.commit(row)}
        slotProps={{
          ...common.slotProps,
          select: {
            multiple: true,
            SelectDisplayProps: { "aria-label": column.header } as object,
            renderValue: (selected) =>
              (selected as (string | number)[]).map((item) => labels.get(item) ?? item).join(", "),
          },
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Checkbox
              size="small"
              checked={Array.isArray(value) && value.includes(option.value)}
              sx={{ p: 0, mr: 1 }}
            />
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (variant === "select") {
    const options = edit.options ?? column.options ?? [];
    return (
      <TextField
        {...common}
        select
        value={value == null ? (edit.nullable ? NULL_OPTION : "") : value}
        onChange={(event) => setAndCommit(event.target.value === NULL_OPTION ? null : event.target.value)}
        onBlur={() => isCellMode && session.commit(row)}
      >
        {edit.nullable && <MenuItem value={NULL_OPTION}>—</MenuItem>}
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  if (variant === "date") {
    return (
      <DateEditor
        {...common}
        value={value}
        setValue={setValue}
        onBlur={() => isCellMode && session.commit(row)}
      />
    );
  }

  if (variant === "money") {
    return (
      <MoneyEditor
        {...common}
        value={value}
        setValue={setValue}
        onBlur={() => isCellMode && session.commit(row)}
      />
    );
  }

  return (
    <TextField
      {...common}
      type={variant === "number" ? "number" : "text"}
      value={value ?? ""}
      onChange={(event) => {
        const text = event.target.value;
        setValue(variant === "number" ? (text === "" ? null : Number(text)) : text);
      }}
      onBlur={() => isCellMode && session.commit(row)}
    />
  );
}

/**
 * A day as the form's date fields take it: digits typed into `yyyy-MM-dd` (the API's format), the placeholder in the
 * interface language; empty is null.
 */
function DateEditor({
  value,
  setValue,
  ...props
}: TextFieldProps & { value: unknown; setValue: (next: unknown) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      value={typeof value === "string" ? value : ""}
      placeholder={t("datePlaceholder")}
      onChange={(event) => setValue(maskDate(event.target.value) || null)}
      slotProps={{
        ...props.slotProps,
        htmlInput: { ...props.slotProps?.htmlInput, inputMode: "numeric", maxLength: 10 },
      }}
    />
  );
}

/**
 * Rubles as the user types them in the interface's language (`1 234,50` in Russian, `1,234.50` in English): the
 * amount when the text reads as a number (one with more than two decimals too, for the check to say so), else the
 * text itself, which the column's check refuses with the format it expects; empty is null.
 */
function MoneyEditor({
  value,
  setValue,
  ...props
}: TextFieldProps & { value: unknown; setValue: (next: unknown) => void }) {
  const { i18n } = useTranslation();
  const [text, setText] = useState(() =>
    typeof value === "number" ? editableMoney(value, i18n.language) : String(value ?? ""),
  );
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const amount = parseNumber(typed, i18n.language);
        setText(typed);
        setValue(amount === undefined ? null : (amount ?? typed));
      }}
      slotProps={{ ...props.slotProps, htmlInput: { ...props.slotProps?.htmlInput, inputMode: "decimal" } }}
    />
  );
}
