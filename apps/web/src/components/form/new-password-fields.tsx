import AutorenewIcon from "@mui/icons-material/Autorenew";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import { USER_FIELD_LIMITS } from "@portal/domain";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { generatePassword } from "./generate-password";
import { PasswordFieldControl } from "./text-fields";

/**
 * A new password and its confirmation, which show and hide together, and a button that fills both with a
 * generated password (spec 02: length 8) and shows it. The form (the own profile, an employee) holds the values
 * under the API's names, `password` and `password_confirm` (each as long as a user's body allows), and the
 * visibility, so that it can hide the password after saving.
 */
export function NewPasswordFields<V extends FieldValues>(props: {
  form: UseFormReturn<V, unknown, FieldValues>;
  labels: { password: string; confirm: string; generate: string };
  visible: boolean;
  onVisibleChange(visible: boolean): void;
  required?: boolean;
  /** Under the password while it has no error ("Leave empty to keep the current one"). */
  hint?: string;
}) {
  const { form, labels, visible, onVisibleChange } = props;
  const password = "password" as Path<V>;
  const confirm = "password_confirm" as Path<V>;
  const generate = () => {
    const generated = generatePassword() as PathValue<V, Path<V>>;
    form.setValue(password, generated, { shouldDirty: true });
    form.setValue(confirm, generated, { shouldDirty: true });
    form.clearErrors([password, confirm]);
    onVisibleChange(true);
  };
  return (
    <Grid container spacing={1.5} sx={{ alignItems: "flex-start" }}>
      <Grid size={{ xs: 12, sm: "grow" }}>
        <PasswordFieldControl
          control={form.control}
          name={password}
          max={USER_FIELD_LIMITS.password}
          deps={[confirm]}
          label={labels.password}
          required={props.required}
          autoComplete="new-password"
          visible={visible}
          onVisibleChange={onVisibleChange}
          hint={props.hint}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: "grow" }}>
        <PasswordFieldControl
          control={form.control}
          name={confirm}
          max={USER_FIELD_LIMITS.password_confirm}
          label={labels.confirm}
          required={props.required}
          autoComplete="new-password"
          visible={visible}
          onVisibleChange={onVisibleChange}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: "auto" }}>
        <Button
          fullWidth
          variant="outlined"
          startIcon={<AutorenewIcon />}
          onClick={generate}
          sx={{ height: 40 }}
        >
          {labels.generate}
        </Button>
      </Grid>
    </Grid>
  );
}
