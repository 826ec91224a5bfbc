// @vitest-environment happy-dom
import { act, useLayoutEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useServerForm } from "./use-server-form";

const schema = z.object({ status: z.number(), comment: z.string() });
type Values = z.input<typeof schema>;
type Form = ReturnType<typeof useServerForm<typeof schema>>["form"];

/**
 * A form following its record, as the order's and the container's do. `onCommit` runs as the render that brought
 * `record` is committed, before that render's effects: where the browser puts an input event that comes first.
 */
function Following(props: { record: Values; onForm: (form: Form) => void; onCommit?: (form: Form) => void }) {
  const { form } = useServerForm({ schema, defaultValues: props.record, fields: [], followsRecord: true });
  props.onForm(form);
  const { onCommit } = props;
  useLayoutEffect(() => onCommit?.(form), [onCommit, form]);
  return null;
}

let root: Root;
let form: Form | undefined;
const keep = (given: Form) => {
  form = given;
};

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(document.createElement("div"));
  act(() => root.render(<Following record={{ status: 1, comment: "first" }} onForm={keep} />));
});

afterEach(() => {
  act(() => root.unmount());
});

describe("a form that follows its record", () => {
  it("takes the record's new values while the user is not editing", () => {
    act(() => root.render(<Following record={{ status: 2, comment: "second" }} onForm={keep} />));
    expect(form?.getValues()).toEqual({ status: 2, comment: "second" });
    expect(form?.formState.isDirty).toBe(false);
  });

  it("keeps the user's edit while the new record comes, and follows it no more", () => {
    act(() => form?.setValue("comment", "mine", { shouldDirty: true }));
    act(() => root.render(<Following record={{ status: 2, comment: "second" }} onForm={keep} />));
    expect(form?.getValues()).toEqual({ status: 1, comment: "mine" });
  });

  it("keeps a choice made as the new record's render is committed, before its effects run", () => {
    const choose = (given: Form) => given.setValue("status", 5, { shouldDirty: true });
    act(() =>
      root.render(<Following record={{ status: 2, comment: "second" }} onForm={keep} onCommit={choose} />),
    );
    // The record's other values arrive; the user's choice stays, and the form is still being edited
    expect(form?.getValues()).toEqual({ status: 5, comment: "second" });
    expect(form?.formState.isDirty).toBe(true);
  });
});
