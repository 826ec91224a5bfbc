import { type BaseSyntheticEvent, useEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type PathValue, useForm } from "react-hook-form";
import type { z } from "zod";
import { type FormConflict, myEdits } from "./conflict";
import { type SchemaSource, schemaResolver } from "./schema-resolver";

/** A line above the form: the server's general message, or the warning that someone else saved first. */
export interface GeneralMessage {
  severity: "error" | "warning";
  text: string;
}

/**
 * A form that saves to the API: client checks by the shared schema, then the call. The server's field messages
 * go under their fields (cleared when the field is edited), the focus to the first of them, messages for fields
 * the form does not show into the general line (cleared when the form is sent again, and with `clearsGeneralOnEdit`
 * when any field is edited), the `@validation` marker to its toast, a 409 to one warning and
 * a reload of the record (when the form says how), anything else to the global toasts. A form sends once at a
 * time: a second submit while the first is under way is dropped.
 *
 * A 409 resets the form to the record as stored now, unless the form asks to `compare`: then it keeps the user's
 * values and gives `conflict` (what the user started from, their values, the record now) for the form to show
 * side by side, until `resolveConflict` keeps the user's edits on top of the new version or takes the new one.
 */
export function useServerForm<Schema extends z.ZodType<FieldValues, FieldValues>>(options: {
  /** The shared schema, or a function that loads it when the form is first sent (schema-resolver.ts). */
  schema: Schema | (() => Promise<Schema>);
  defaultValues: DefaultValues<z.input<Schema>>;
  /** Names of the form's fields, whose server messages go under them. */
  fields: readonly string[];
  /**
   * On 409: the warning to show and the current record (to reset the form to, or to `compare` with the user's
   * values). Without it, a 409 is a refusal.
   */
  conflict?: { message: string; reload(): Promise<z.input<Schema> | null>; compare?: boolean };
  /**
   * The general line's refusal goes as soon as any field is edited: on a short form (sign-in) it was about the
   * values now changed; a long form keeps it in view while the user works through it.
   */
  clearsGeneralOnEdit?: boolean;
  /**
   * `defaultValues` are the record as stored, fetched again when it changes (a save, a live change): the form
   * follows them while the user is not editing it and no conflict is open.
   */
  followsRecord?: boolean;
}) {
  type Input = z.input<Schema>;
  type Output = z.output<Schema>;
  const form = useForm<Input, unknown, Output>({
    resolver: schemaResolver<Input, Output>(options.schema as unknown as SchemaSource<Output, Input>),
    defaultValues: options.defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [general, setGeneral] = useState<GeneralMessage | null>(null);
  const [conflictState, setConflict] = useState<FormConflict<Input> | null>(null);
  const isSending = useRef(false);
  // The user's edit answers a refusal; a conflict's warning stays until the conflict is resolved
  const { clearsGeneralOnEdit } = options;
  useEffect(() => {
    if (!clearsGeneralOnEdit) return;
    const subscription = form.watch((_values, { type }) => {
      if (type === "change") setGeneral((old) => (old?.severity === "error" ? null : old));
    });
    return () => subscription.unsubscribe();
  }, [form, clearsGeneralOnEdit]);

  // Only when the record changes: a save resets the form to the saved record at once, while the cache's copy reaches
  // the props a task later (the query's notifications are scheduled), so "the form is clean again" must not reset it
  // to the record as it was before the save (an order's status radios went back to the old status until the new one
  // arrived). What the user changed after the render that brought the new record is kept: an input event can come
  // before this effect runs (the browser takes input first), when `isDirty` here is still the render's
  const record = options.followsRecord ? JSON.stringify(options.defaultValues) : "";
  const followed = useRef(record);
  const isEdited = options.followsRecord && form.formState.isDirty;
  useEffect(() => {
    if (record === followed.current || isEdited || conflictState) return;
    followed.current = record;
    form.reset(JSON.parse(record) as Input, { keepDirtyValues: true, keepDirty: true });
  }, [record, isEdited, conflictState, form]);

  /** Shows a failed call's messages where they belong. */
  const showFailure = async (error: unknown) => {
    // Loaded when a call fails: the API client's error code stays off the first screen (server-failure.ts)
    const { readServerFailure } = await import("./server-failure");
    const { conflict, fields } = options;
    const failure = readServerFailure(error, fields, { hasConflict: Boolean(conflict) });
    if (failure.kind === "conflict" && conflict) {
      setGeneral({ severity: "warning", text: conflict.message });
      const current = await conflict.reload().catch(() => null);
      if (current && conflict.compare) {
        const base = form.formState.defaultValues as Input;
        setConflict({ base, mine: form.getValues(), theirs: current });
      } else if (current) form.reset(current);
    } else if (failure.kind === "shown") {
      Object.entries(failure.fields).forEach(([name, message], index) => {
        form.setError(name as Path<Input>, { type: "server", message }, { shouldFocus: index === 0 });
      });
      if (failure.detail) setGeneral({ severity: "error", text: failure.detail });
    }
  };

  /**
   * Ends a compared conflict: the record as stored now with the user's edits on top (`mine`, still to be saved),
   * or as it is (`theirs`).
   */
  const resolveConflict = (choice: "mine" | "theirs") => {
    if (!conflictState) return;
    form.reset(conflictState.theirs);
    if (choice === "mine") {
      for (const name of myEdits(conflictState, Object.keys(conflictState.mine))) {
        const value = (conflictState.mine as Record<string, unknown>)[name] as PathValue<Input, Path<Input>>;
        form.setValue(name as Path<Input>, value, { shouldDirty: true });
      }
    }
    setConflict(null);
    setGeneral(null);
  };

  /** A submit handler that sends the checked values; what it answers resets the form. */
  const submitWith = (send: (values: Output) => Promise<Input | undefined>) => {
    const handleSubmit = form.handleSubmit(async (values) => {
      setGeneral(null);
      try {
        const saved = await send(values);
        setConflict(null);
        if (saved) form.reset(saved);
      } catch (error) {
        await showFailure(error);
      }
    });
    return async (event?: BaseSyntheticEvent) => {
      if (isSending.current) {
        event?.preventDefault();
        return;
      }
      isSending.current = true;
      // A new attempt: the last one's refusal goes at once, also when the fields' checks stop this one
      setGeneral((old) => (old?.severity === "error" ? null : old));
      try {
        await handleSubmit(event);
      } finally {
        isSending.current = false;
      }
    };
  };

  return { form, general, setGeneral, submitWith, conflict: conflictState, resolveConflict };
}
