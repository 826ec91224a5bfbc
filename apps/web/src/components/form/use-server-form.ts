import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../app/api-client";
import { reportApiFailure, reportValidationMarker } from "../../app/errors";
import { formErrorsOf } from "../../app/form-errors";

/** A line above the form: the server's general message, or the warning that someone else saved first. */
export interface GeneralMessage {
  severity: "error" | "warning";
  text: string;
}

/**
 * A form that saves to the API: client checks by the shared schema, then the call. The server's field messages
 * go under their fields (cleared when the field is edited), the focus to the first of them, messages for fields
 * the form does not show into the general line, the `@validation` marker to its toast, a 409 to one warning and
 * a reload of the record, anything else to the global toasts.
 */
export function useServerForm<Schema extends z.ZodType<FieldValues, FieldValues>>(options: {
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  /** Names of the form's fields, whose server messages go under them. */
  fields: readonly string[];
  /** On 409: the warning to show and the current record to reset the form to. */
  conflict: { message: string; reload(): Promise<z.input<Schema> | null> };
}) {
  type Input = z.input<Schema>;
  type Output = z.output<Schema>;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(options.schema as never),
    defaultValues: options.defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [general, setGeneral] = useState<GeneralMessage | null>(null);

  /** A submit handler that sends the checked values; what it answers resets the form. */
  const submitWith = (send: (values: Output) => Promise<Input | undefined>) =>
    form.handleSubmit(async (values) => {
      setGeneral(null);
      try {
        const saved = await send(values);
        if (saved) form.reset(saved);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setGeneral({ severity: "warning", text: options.conflict.message });
          const current = await options.conflict.reload().catch(() => null);
          if (current) form.reset(current);
          return;
        }
        const shown = formErrorsOf(error, options.fields);
        if (!shown) {
          reportApiFailure(error);
          return;
        }
        reportValidationMarker(error);
        Object.entries(shown.fields).forEach(([name, message], index) => {
          form.setError(name as Path<Input>, { type: "server", message }, { shouldFocus: index === 0 });
        });
        if (shown.detail) setGeneral({ severity: "error", text: shown.detail });
      }
    });

  return { form, general, setGeneral, submitWith };
}
