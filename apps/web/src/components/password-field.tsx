import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput, type TextInputProps } from "./text-input";

type PasswordFieldProps = Omit<TextInputProps, "type" | "endAdornment"> & {
  /** Controlled visibility (e.g. revealed by a generator); uncontrolled when omitted. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
};

/** A password input with a show/hide button. */
export function PasswordField({ visible, onVisibleChange, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const label = t(shown ? "password.hide" : "password.show");
  const toggle = () => {
    setOwnVisible(!shown);
    onVisibleChange?.(!shown);
  };
  return (
    <TextInput
      {...props}
      type={shown ? "text" : "password"}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={label}
            title={label}
            onClick={toggle}
            onMouseDown={(event) => event.preventDefault()}
          >
            {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
