import { memo, type ReactNode } from "react";
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

/**
 * A kit field that renders again only when its own props change; its value and message come by its own
 * subscription (useController). A form's root renders its whole tree again whenever the form state it reads changes,
 * and react-hook-form renders it once more right after it mounts (`isReady`): without this every field of the form
 * rendered twice as the form opened. A `mask` counts as the same whatever its identity (a mask must depend on its
 * text alone), and choices as the same when their values and names are.
 */
// biome-ignore lint/suspicious/noExplicitAny: the kit's fields are generic over their form's values
export function fieldMemo<C extends (props: any) => ReactNode>(component: C): C {
  return memo(component, sameFieldProps) as unknown as C;
}

/** Whether a kit field's props are the same for `fieldMemo`. Pure. */
export function sameFieldProps(previous: Record<string, unknown>, next: Record<string, unknown>): boolean {
  const keys = Object.keys(previous);
  if (keys.length !== Object.keys(next).length) return false;
  return keys.every(
    (key) =>
      Object.is(previous[key], next[key]) ||
      (key === "mask" && typeof previous[key] === "function" && typeof next[key] === "function") ||
      (key === "options" && sameOptions(previous[key], next[key])),
  );
}

function sameOptions(previous: unknown, next: unknown): boolean {
  if (!Array.isArray(previous) || !Array.isArray(next) || previous.length !== next.length) return false;
  return previous.every(
    (option: { value: unknown; label: unknown }, index) =>
      option.value === next[index]?.value && option.label === next[index]?.label,
  );
}
