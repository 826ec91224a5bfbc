import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useId } from "react";
import "./text-input.css";

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "ref">;

export type TextInputProps = InputAttributes & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  /** A text area of `minRows` lines at least, growing with its text. */
  multiline?: boolean;
  minRows?: number;
  /** Shown at the field's end, inside its outline: a unit's text, or an element (MUI's InputAdornment). */
  endAdornment?: ReactNode;
  /** Shown before the text, inside the outline (a multiple choice's chips). */
  startAdornment?: ReactNode;
  /** The input element itself (react-hook-form focuses it). */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  /** More attributes of the input element (limits, keyboard, read-only). */
  inputProps?: InputAttributes;
  /** Goes to the root element. */
  ref?: Ref<HTMLDivElement>;
};

/**
 * A small outlined text field with its label and helper text: MUI's outlined TextField as the theme draws it, in
 * plain elements styled by static rules (text-input.css), so that a form's dozens of fields cost what plain inputs
 * cost. The label sits in the field until it is focused or holds text, then above it in the outline's notch. A
 * multiline field shows `minRows` lines at least and grows with its text (CSS `field-sizing`).
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  id,
  ref,
  fullWidth = true,
  multiline,
  minRows,
  endAdornment,
  startAdornment,
  inputRef,
  inputProps,
  placeholder,
  ...input
}: TextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  const attributes = {
    ...input,
    ...inputProps,
    id: inputId,
    required,
    // Something to be shown while empty: `:placeholder-shown` tells the rules whether the field holds text
    placeholder: placeholder || " ",
    "aria-invalid": error || undefined,
    "aria-describedby": helperId,
    className: "text-input__input",
  };
  const box = endAdornment ? "text-input__box text-input__box--adorned" : "text-input__box";
  return (
    <div
      ref={ref}
      className={["text-input", fullWidth && "text-input--full", error && "text-input--error"]
        .filter(Boolean)
        .join(" ")}
    >
      <label className="text-input__label" htmlFor={inputId}>
        {label}
        {required && <span aria-hidden="true">&thinsp;*</span>}
      </label>
      <div className={box}>
        {startAdornment}
        {multiline ? (
          <textarea
            {...(attributes as InputHTMLAttributes<HTMLTextAreaElement>)}
            ref={inputRef}
            rows={minRows ?? 1}
            style={{ minHeight: `${minRows ?? 1}lh` }}
          />
        ) : (
          <input {...attributes} ref={inputRef} />
        )}
        {typeof endAdornment === "string" ? (
          <span className="text-input__end">{endAdornment}</span>
        ) : (
          endAdornment
        )}
        <fieldset aria-hidden="true" className="text-input__outline">
          <legend>
            <span>
              {label}
              {required && <>&thinsp;*</>}
            </span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className="text-input__helper">
          {helperText}
        </p>
      )}
    </div>
  );
}
