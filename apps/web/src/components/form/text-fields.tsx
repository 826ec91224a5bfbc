import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../password-field";
import { TextInput } from "../text-input";
import { type FieldProps, fieldMemo, fieldProps, useFieldState } from "./field-state";
import { maskDate } from "./input-rules";

// The kit's typed-text fields, on the light inputs of text-input.tsx rather than MUI's TextField (whose select
// mode brings Select, Menu and Popover): the sign-up page uses them on its first screen.

/** Text with its limit; `mask` rewrites what is typed (digits only, a date's dashes). */
export const TextFieldControl = fieldMemo(function TextFieldControl<V extends FieldValues>(
  props: FieldProps<V> & {
    max: number;
    mask?: (text: string) => string;
    type?: string;
    autoComplete?: string;
    autoFocus?: boolean;
    inputMode?: "text" | "numeric" | "decimal" | "tel" | "email";
    placeholder?: string;
    multiline?: boolean;
    /** The lines a multiline field shows at least. */
    minRows?: number;
    /** A button at the field's end (a picker of earlier values). */
    endAdornment?: ReactNode;
    /** An emptied field holds null, as the API takes a value left out (a nullable date). */
    nullWhenEmpty?: boolean;
  },
) {
  const state = useFieldState(props);
  const read = (text: string) => {
    const value = props.mask ? props.mask(text) : text;
    return props.nullWhenEmpty && value === "" ? null : value;
  };
  return (
    <TextInput
      {...fieldProps(props, state)}
      type={props.type}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      placeholder={props.placeholder}
      multiline={props.multiline}
      minRows={props.minRows}
      endAdornment={props.endAdornment}
      value={String(state.field.value ?? "")}
      onChange={(event) => state.field.onChange(read(event.target.value))}
      inputProps={{ maxLength: props.max, inputMode: props.inputMode, readOnly: props.readOnly }}
    />
  );
});

/**
 * A password with show/hide. Given `visible`, a password and its confirmation show and hide together;
 * without it, each field has its own button.
 */
export const PasswordFieldControl = fieldMemo(function PasswordFieldControl<V extends FieldValues>(
  props: FieldProps<V> & {
    max: number;
    visible?: boolean;
    onVisibleChange?(visible: boolean): void;
    autoComplete?: string;
    autoFocus?: boolean;
  },
) {
  const state = useFieldState(props);
  return (
    <PasswordField
      {...fieldProps(props, state)}
      value={String(state.field.value ?? "")}
      onChange={state.field.onChange}
      autoComplete={props.autoComplete}
      autoFocus={props.autoFocus}
      visible={props.visible}
      onVisibleChange={props.onVisibleChange}
      inputProps={{ maxLength: props.max, readOnly: props.readOnly }}
    />
  );
});

/** A date as the spec writes it, `yyyy-MM-dd`, typed with its dashes put in; an empty date is null. */
export const DateFieldControl = fieldMemo(function DateFieldControl<V extends FieldValues>(
  props: FieldProps<V>,
) {
  const { t } = useTranslation();
  return (
    <TextFieldControl
      {...props}
      max={10}
      mask={maskDate}
      nullWhenEmpty
      inputMode="numeric"
      placeholder={t("datePlaceholder")}
    />
  );
});
