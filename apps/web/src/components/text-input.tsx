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
 * A small outlined text field with label and helper text. Same look as MUI's TextField, without the select
 * mode that would pull Select, Menu and Popover into pages that only need plain inputs (sign-in, sign-up).
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  id,
  ref,
  fullWidth = true,
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
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
