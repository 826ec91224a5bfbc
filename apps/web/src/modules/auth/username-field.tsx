import { USER_FIELD_LIMITS } from "@portal/domain";
import type { FieldProps } from "../../components/form/field-state";
import { TextFieldControl } from "../../components/form/text-fields";
import { useUsernameLabel } from "./username-label";

/**
 * The username of the sign-in and sign-up forms, focused when the page opens (unless the
 * sign-in page's first screen had it elsewhere). Not in components/, which the
 * first-screen chunk takes whole (vite.config.ts): the form kit stays in the chunk the forms share.
 */
export function UsernameField<V extends { username: string }>({
  control,
  autoFocus = true,
}: Pick<FieldProps<V>, "control"> & { autoFocus?: boolean }) {
  const label = useUsernameLabel();
  return (
    <TextFieldControl
      control={control}
      name={"username" as FieldProps<V>["name"]}
      max={USER_FIELD_LIMITS.username}
      label={label}
      autoComplete="username"
      autoFocus={autoFocus}
      required
    />
  );
}
