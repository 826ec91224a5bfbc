import type { ReactNode } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/field-messages";
import { fieldMessageText } from "./field-message";

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
 * A field's state in react-hook-form and its message in the interface language: a schema's message is a key
 * (field-message.ts), a server's message is shown as it came, already translated.
 */
export function useFieldState<V extends FieldValues>({ control, name, deps }: FieldProps<V>) {
  const { t } = useTranslation("errors");
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : undefined });
  const message = fieldState.error?.message;
  const text = message ? fieldMessageText(message, t, translateMessage) : undefined;
  return { field, error: Boolean(fieldState.error), message: text };
}

/** The props every kit field gives its input: id, name, label, error or hint, and react-hook-form's handlers. */
export function fieldProps<V extends FieldValues>(
  props: FieldProps<V>,
  state: ReturnType<typeof useFieldState<V>>,
) {
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
  };
}
