import { type FormEvent, useState } from "react";

type Values<F extends string> = Record<F, string>;
type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * State of the sign-in and sign-up forms: trimmed values, errors under the fields and in a detail line, and a
 * submit that checks on the client first (`check` answers field errors) and then sends. A field's error clears
 * when it is edited. Errors the form cannot place go to the global toasts.
 */
export function useCredentialsForm<F extends string>(
  fields: readonly F[],
  check: (values: Values<F>) => Errors<F>,
  send: (values: Values<F>) => Promise<unknown>,
) {
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f, ""])) as Values<F>);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [detail, setDetail] = useState("");
  const [loading, setLoading] = useState(false);

  const change = (field: F) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const trimmed = Object.fromEntries(fields.map((f) => [f, values[f].trim()])) as Values<F>;
    setValues(trimmed);
    const found = check(trimmed);
    setErrors(found);
    setDetail("");
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      await send(trimmed);
    } catch (error) {
      setLoading(false);
      // Loaded on a failure only, so that the first screen does not carry it (send-failure.ts)
      const { sendFailure } = await import("./send-failure");
      const shown = sendFailure(error, fields);
      if (shown) {
        setErrors(shown.fields as Errors<F>);
        setDetail(shown.detail);
      }
    }
  };

  /** Props of one field: value, change handler and its error. */
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  return { values, errors, detail, loading, submit, field };
}

/** "Required" under every empty field. */
export function requiredErrors<F extends string>(
  fields: readonly F[],
  values: Values<F>,
  message: string,
): Errors<F> {
  return Object.fromEntries(fields.filter((f) => !values[f]).map((f) => [f, message])) as Errors<F>;
}
