import Autocomplete from "@mui/material/Autocomplete";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextInput } from "../text-input";
import { ChoiceStandIn } from "./choice-stand-in";
import { type FieldProps, fieldMemo, fieldProps, useFieldState } from "./field-state";
import { editableMoney, parseNumber } from "./input-rules";

// The kit's fields: the typed-text ones (text-fields.tsx), numbers and amounts on the same light input
// (text-input.tsx), and the choices on MUI's TextField, Autocomplete and Checkbox. Pages import them from here; a
// page that must stay light imports text-fields.tsx itself.
export type { FieldProps } from "./field-state";
export { DateFieldControl, PasswordFieldControl, TextFieldControl } from "./text-fields";

/** A whole number; an empty field is null. */
export const NumberFieldControl = fieldMemo(function NumberFieldControl<V extends FieldValues>(
  props: FieldProps<V> & { max?: number },
) {
  const state = useFieldState(props);
  const value = state.field.value as number | null | undefined;
  return (
    <TextInput
      {...fieldProps(props, state)}
      value={value ?? ""}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, "").slice(0, 10);
        state.field.onChange(digits === "" ? null : Number(digits));
      }}
      inputProps={{ inputMode: "numeric", readOnly: props.readOnly }}
    />
  );
});

/**
 * Rubles (or the `unit` given: another currency's code): typed freely as the interface's language writes amounts
 * (`1 234,50`, `1,234.50`) and read into a number as it is typed, so that a save from the keyboard (Ctrl+S) takes
 * what is in the field; what cannot be read is kept as typed for the schema to refuse. The text stays as typed
 * until the field is left.
 */
export const MoneyFieldControl = fieldMemo(function MoneyFieldControl<V extends FieldValues>(
  props: FieldProps<V> & { unit?: string },
) {
  const { i18n } = useTranslation();
  const state = useFieldState(props);
  const value = state.field.value as number | string | null | undefined;
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (typeof value === "number" ? editableMoney(value, i18n.language) : (value ?? ""));
  return (
    <TextInput
      {...fieldProps(props, state)}
      value={shown}
      onChange={(event) => {
        const typed = event.target.value;
        const amount = parseNumber(typed, i18n.language);
        setDraft(typed);
        state.field.onChange(amount === undefined ? null : (amount ?? typed));
      }}
      onBlur={() => {
        setDraft(null);
        state.field.onBlur();
      }}
      inputProps={{ inputMode: "decimal", readOnly: props.readOnly }}
      endAdornment={props.unit ?? "₽"}
    />
  );
});

export interface Option {
  value: string | number;
  label: string;
}

/**
 * One of a few choices: MUI's Select once the user reaches it (choice-stand-in.tsx); read-only, the choice's name as
 * text (a list that opens nothing would pretend).
 */
export const SelectFieldControl = fieldMemo(function SelectFieldControl<V extends FieldValues>(
  props: FieldProps<V> & { options: readonly Option[]; nullable?: boolean },
) {
  const { t } = useTranslation();
  const state = useFieldState(props);
  const chosen = props.options.find((option) => option.value === state.field.value);
  const common = fieldProps(props, state);
  return (
    <ChoiceStandIn
      {...common}
      text={chosen?.label ?? ""}
      readOnly={props.readOnly}
      field={(reach) => (
        <TextField
          {...common}
          size="small"
          select
          autoFocus={reach === "focus"}
          value={state.field.value ?? ""}
          onChange={(event) => {
            const option = props.options.find((item) => String(item.value) === event.target.value);
            state.field.onChange(option ? option.value : null);
          }}
        >
          {props.nullable && <MenuItem value="">{t("none")}</MenuItem>}
          {props.options.map((option) => (
            <MenuItem key={option.value} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
});

/** Several of a list (a service's transport kinds), as chips: MUI's Autocomplete once the user reaches it. */
export const MultiSelectFieldControl = fieldMemo(function MultiSelectFieldControl<V extends FieldValues>(
  props: FieldProps<V> & { options: readonly Option[] },
) {
  const state = useFieldState(props);
  const selected = ((state.field.value as (string | number)[] | undefined) ?? []).flatMap(
    (value) => props.options.find((option) => option.value === value) ?? [],
  );
  const common = fieldProps(props, state);
  return (
    <ChoiceStandIn
      {...common}
      text=""
      chips={selected.map((option) => option.label)}
      readOnly={props.readOnly}
      field={(reach) => (
        <Autocomplete
          multiple
          size="small"
          id={common.id}
          options={props.options as Option[]}
          value={selected}
          isOptionEqualToValue={(option, value) => option.value === value.value}
          getOptionLabel={(option) => option.label}
          onChange={(_, value) => state.field.onChange(value.map((option) => option.value))}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => (
              <Chip {...getItemProps({ index })} key={option.value} size="small" label={option.label} />
            ))
          }
          renderInput={(params) => (
            <TextField {...params} {...common} size="small" autoFocus={reach === "focus"} />
          )}
        />
      )}
    />
  );
});

/** A yes/no flag, with its message or hint below. */
export const CheckboxFieldControl = fieldMemo(function CheckboxFieldControl<V extends FieldValues>(
  props: FieldProps<V>,
) {
  const state = useFieldState(props);
  const helper = state.message ?? props.hint;
  const helperId = helper ? `field-${props.name}-helper-text` : undefined;
  return (
    <FormControl error={state.error} required={props.required}>
      <FormControlLabel
        label={props.label}
        control={
          <Checkbox
            id={`field-${props.name}`}
            name={state.field.name}
            checked={Boolean(state.field.value)}
            onChange={(event) => state.field.onChange(event.target.checked)}
            onBlur={state.field.onBlur}
            disabled={props.readOnly}
            size="small"
            slotProps={{ input: { ref: state.field.ref, "aria-describedby": helperId } as object }}
          />
        }
      />
      {helper && (
        <FormHelperText id={helperId} sx={{ mt: -0.5 }}>
          {helper}
        </FormHelperText>
      )}
    </FormControl>
  );
});
