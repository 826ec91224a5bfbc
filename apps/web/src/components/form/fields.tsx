import Autocomplete from "@mui/material/Autocomplete";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { type ReactNode, useState } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../password-field";
import { editableMoney, maskDate, parseMoney } from "./input-rules";

/** What every field of the kit takes: the form's control, the field's name, its label and limits. */
export interface FieldProps<V extends FieldValues> {
  control: Control<V, unknown, FieldValues>;
  name: Path<V>;
  label: string;
  required?: boolean;
  /** Helper text while the field has no error. */
  hint?: ReactNode;
  readOnly?: boolean;
  /** Other fields to check again when this one changes (a password and its confirmation). */
  deps?: Path<V>[];
}

/**
 * A field's state in react-hook-form and its message: a schema message is a catalog key prefixed `$t:` (the
 * `errors` namespace), a server message is shown as it came, already translated.
 */
function useFieldState<V extends FieldValues>({ control, name, deps }: FieldProps<V>) {
  const { t } = useTranslation("errors");
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : undefined });
  const message = fieldState.error?.message;
  const text = message?.startsWith("$t:") ? t(message.slice(3).replace(/^errors:/, "")) : message;
  return { field, error: Boolean(fieldState.error), message: text };
}

function common<V extends FieldValues>(props: FieldProps<V>, state: ReturnType<typeof useFieldState<V>>) {
  return {
    id: `field-${props.name}`,
    name: state.field.name,
    label: props.label,
    required: props.required,
    error: state.error,
    helperText: state.message ?? props.hint,
    onBlur: state.field.onBlur,
    inputRef: state.field.ref,
    fullWidth: true,
    size: "small" as const,
  };
}

/** Text with its limit; `mask` rewrites what is typed (digits only, a date's dashes). */
export function TextFieldControl<V extends FieldValues>(
  props: FieldProps<V> & {
    max: number;
    mask?: (text: string) => string;
    type?: string;
    autoComplete?: string;
    autoFocus?: boolean;
    inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
    placeholder?: string;
    multiline?: boolean;
  },
) {
  const state = useFieldState(props);
  const value = String(state.field.value ?? "");
  return (
    <TextField
      {...common(props, state)}
      type={props.type}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      placeholder={props.placeholder}
      multiline={props.multiline}
      value={value}
      onChange={(event) =>
        state.field.onChange(props.mask ? props.mask(event.target.value) : event.target.value)
      }
      slotProps={{
        htmlInput: { maxLength: props.max, inputMode: props.inputMode, readOnly: props.readOnly },
      }}
    />
  );
}

/** A password with show/hide, shared by a password and its confirmation. */
export function PasswordFieldControl<V extends FieldValues>(
  props: FieldProps<V> & {
    max: number;
    visible: boolean;
    onVisibleChange(visible: boolean): void;
    autoComplete?: string;
  },
) {
  const state = useFieldState(props);
  return (
    <PasswordField
      {...common(props, state)}
      value={String(state.field.value ?? "")}
      onChange={state.field.onChange}
      autoComplete={props.autoComplete}
      visible={props.visible}
      onVisibleChange={props.onVisibleChange}
      inputProps={{ maxLength: props.max }}
    />
  );
}

/** A date as the spec writes it, `yyyy-MM-dd`, typed with its dashes put in. */
export function DateFieldControl<V extends FieldValues>(props: FieldProps<V>) {
  const { t } = useTranslation();
  return (
    <TextFieldControl
      {...props}
      max={10}
      mask={maskDate}
      inputMode="numeric"
      placeholder={t("datePlaceholder")}
    />
  );
}

/** A whole number; an empty field is null. */
export function NumberFieldControl<V extends FieldValues>(props: FieldProps<V> & { max?: number }) {
  const state = useFieldState(props);
  const value = state.field.value as number | null | undefined;
  return (
    <TextField
      {...common(props, state)}
      value={value ?? ""}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, "").slice(0, 10);
        state.field.onChange(digits === "" ? null : Number(digits));
      }}
      slotProps={{ htmlInput: { inputMode: "numeric", readOnly: props.readOnly } }}
    />
  );
}

/**
 * Rubles: typed freely (`1 234,50`), kept as text while the field is edited, read into a number when it is
 * left; what cannot be read stays as typed for the schema to refuse.
 */
export function MoneyFieldControl<V extends FieldValues>(props: FieldProps<V>) {
  const { i18n } = useTranslation();
  const state = useFieldState(props);
  const value = state.field.value as number | string | null | undefined;
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === "number" ? editableMoney(value, i18n.language) : (value ?? ""));
  return (
    <TextField
      {...common(props, state)}
      value={shown}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== null) {
          const amount = parseMoney(draft);
          state.field.onChange(amount === undefined ? null : (amount ?? draft));
          setDraft(null);
        }
        state.field.onBlur();
      }}
      slotProps={{
        htmlInput: { inputMode: "decimal", readOnly: props.readOnly },
        input: { endAdornment: "₽" },
      }}
    />
  );
}

export interface Option {
  value: string | number;
  label: string;
}

/** One of a few choices. */
export function SelectFieldControl<V extends FieldValues>(
  props: FieldProps<V> & { options: readonly Option[]; nullable?: boolean },
) {
  const { t } = useTranslation();
  const state = useFieldState(props);
  return (
    <TextField
      {...common(props, state)}
      select
      value={state.field.value ?? ""}
      onChange={(event) => {
        const option = props.options.find((item) => String(item.value) === event.target.value);
        state.field.onChange(option ? option.value : null);
      }}
      slotProps={{ select: { readOnly: props.readOnly } }}
    >
      {props.nullable && <MenuItem value="">{t("none")}</MenuItem>}
      {props.options.map((option) => (
        <MenuItem key={option.value} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Several of a list (a service's transport kinds), as chips. */
export function MultiSelectFieldControl<V extends FieldValues>(
  props: FieldProps<V> & { options: readonly Option[] },
) {
  const state = useFieldState(props);
  const selected = ((state.field.value as (string | number)[] | undefined) ?? []).flatMap(
    (value) => props.options.find((option) => option.value === value) ?? [],
  );
  return (
    <Autocomplete
      multiple
      size="small"
      options={props.options as Option[]}
      value={selected}
      readOnly={props.readOnly}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      getOptionLabel={(option) => option.label}
      onChange={(_, value) => state.field.onChange(value.map((option) => option.value))}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => (
          <Chip {...getItemProps({ index })} key={option.value} size="small" label={option.label} />
        ))
      }
      renderInput={(params) => <TextField {...params} {...common(props, state)} />}
    />
  );
}

/** A yes/no flag. */
export function CheckboxFieldControl<V extends FieldValues>(props: FieldProps<V>) {
  const state = useFieldState(props);
  return (
    <FormControlLabel
      label={props.label}
      control={
        <Checkbox
          name={state.field.name}
          checked={Boolean(state.field.value)}
          onChange={(event) => state.field.onChange(event.target.checked)}
          onBlur={state.field.onBlur}
          inputRef={state.field.ref}
          disabled={props.readOnly}
          size="small"
        />
      }
    />
  );
}
