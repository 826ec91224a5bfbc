import { type FormEvent, useState } from "react";

type Values<F extends string> = Record<F, string>;
type Errors<F extends string> = Partial<Record<F, string>>;

/** The check of the values before they are sent: what to send, or the fields' messages. */
export type CredentialsCheck<F extends string, Body> = (
  values: Values<F>,
) => Promise<{ values: Body } | { errors: Record<string, string> }>;

/**
 * State of the sign-in form, which must stay lighter than the form kit (components/form, react-hook-form) can
 * be: values, errors under the fields and in a detail line, and a submit that checks first (`check`, by the
 * shared schema) and then sends what the check gave back. A field's error clears when it is edited; the server's
 * messages are placed as in the kit (send-failure.ts).
 */
export function useCredentialsForm<F extends string, Body>(
  fields: readonly F[],
  check: CredentialsCheck<F, Body>,
  send: (body: Body) => Promise<unknown>,
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
    setLoading(true);
    setDetail("");
    try {
      const checked = await check(values);
      setErrors("errors" in checked ? (checked.errors as Errors<F>) : {});
      if ("values" in checked) await send(checked.values);
      else setLoading(false);
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
