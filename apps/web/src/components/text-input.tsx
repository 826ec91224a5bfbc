import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput, { type OutlinedInputProps } from "@mui/material/OutlinedInput";
import { type ReactNode, type Ref, useId } from "react";

export type TextInputProps = Omit<OutlinedInputProps, "label" | "size" | "ref"> & {
  label: ReactNode;
  helperText?: ReactNode;
  /** Goes to the root element, like TextField's (react-hook-form finds the input inside it). */
  ref?: Ref<HTMLDivElement>;
};

/**
 * Whether the browser sizes a text area to its text itself (CSS `field-sizing`). MUI's autosizing text area
 * measures its text in a layout effect at every render instead, forcing the page's layout each time: on a form
 * of hundreds of elements, tens of milliseconds at its first render and again as the form re-renders.
 */
const SIZES_TEXT_AREAS = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

/**
 * A small outlined text field with label and helper text. Same look as MUI's TextField, without the select
 * mode that would pull Select, Menu and Popover into pages that only need plain inputs (sign-in, sign-up).
 * A multiline one shows `minRows` lines at least and grows with its text.
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
  ...input
}: TextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      size="small"
      fullWidth={fullWidth}
      error={error}
      required={required}
      variant="outlined"
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={required ? <>{label}&thinsp;*</> : label}
        aria-describedby={helperId}
        {...(multiline && SIZES_TEXT_AREAS
          ? // A plain text area, not MUI's multiline one (which measures itself even given `rows`)
            {
              inputComponent: "textarea",
              sx: {
                "& textarea": {
                  height: "auto",
                  resize: "none",
                  fieldSizing: "content",
                  minHeight: `${minRows ?? 1}lh`,
                },
              },
            }
          : { multiline, minRows })}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
