import Grid from "@mui/material/Grid";
import { type FieldDef, type Fields, sectionKeys } from "@portal/domain";
import type { ReactNode } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import type { FieldLabels } from "../../app/field-labels";
import {
  CheckboxFieldControl,
  DateFieldControl,
  MoneyFieldControl,
  NumberFieldControl,
  SelectFieldControl,
  TextFieldControl,
} from "./fields";
import { maskDigits } from "./input-rules";

/** A field's place on the section's 12 columns, by screen width. */
export interface FieldSize {
  xs?: number;
  sm?: number;
  md?: number;
  lg?: number;
  xl?: number;
}

/** What a page's own editor of a field gets: the field's name, its label and whether it may be changed. */
export interface EditorArgs {
  name: string;
  label: string;
  readOnly: boolean;
}

/** What a page says of a text field's input beyond its definition. */
interface FieldInput {
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: "numeric";
}

/** What a page sets in a section's layout; the definitions give the rest. */
export interface SectionLayout {
  /** The editors of fields whose kind cannot say it (a lookup of a relation, a picker), by field name. */
  editors?: Partial<Record<string, (args: EditorArgs) => ReactNode>>;
  /** Other widths than the kind's, by field name (the widths given replace the kind's). */
  sizes?: Partial<Record<string, FieldSize>>;
  hints?: Partial<Record<string, string>>;
  /**
   * What the browser may fill a text in with, the field that takes the focus first, and the on-screen keyboard where
   * the definition cannot say it (digits the server takes as any text), by field name.
   */
  inputs?: Partial<Record<string, FieldInput>>;
  /** Which fields the form requires where its body differs from the definitions (an employee: the username). */
  required?: (name: string) => boolean;
  /** Fields left out: a user's rights, or a page that places them itself. */
  hidden?: (name: string) => boolean;
  /** Fields shown but not changed where the rest may be: a rule of the record (an approved container's dates). */
  locked?: (name: string) => boolean;
  /** How many lines a multiline text shows when not the kind's three (one: a plain input, to keep a form dense). */
  lines?: Partial<Record<string, number>>;
  /** More of the section after its fields (a computed total). */
  children?: ReactNode;
}

/** A text field this long or longer takes half a row or more. */
const LONG_TEXT = 500;

/**
 * The fields of one form section, from the resource's field definitions (packages/domain): those with this
 * `section`, in the definitions' order, each with its label from the catalog, the editor of its kind (text with
 * its limit, digits, e-mail and phone keyboards; number; money; date; choice with its names; checkbox) and a
 * width by its kind and length. A page gives what a kind cannot say: the editors of relations and pickers
 * (`editors`), other widths (`sizes`), hints, and the fields a user does not see (`hidden`). A field added to the
 * definitions with a section shows up here without a change to the page.
 */
export function SectionFields<V extends FieldValues>(
  props: SectionLayout & {
    fields: Fields;
    section: string;
    control: Control<V, unknown, FieldValues>;
    labels: FieldLabels;
    readOnly: boolean;
  },
) {
  const names = sectionKeys(props.fields, props.section).filter((name) => !props.hidden?.(name));
  return (
    <Grid container spacing={1.5}>
      {names.map((name) => {
        const def = props.fields[name] as FieldDef;
        const args: EditorArgs = {
          name,
          label: props.labels.inSection(name),
          // What the server alone writes is shown, never typed in
          readOnly: props.readOnly || Boolean(def.readOnly) || Boolean(props.locked?.(name)),
        };
        const editor = props.editors?.[name];
        return (
          <Grid key={name} size={props.sizes?.[name] ?? sizeOf(def)}>
            {editor
              ? editor(args)
              : kindEditor(def, args, props.control, props.labels, {
                  required: props.required ? props.required(name) : def.required,
                  hint: props.hints?.[name],
                  lines: props.lines?.[name],
                  ...props.inputs?.[name],
                })}
          </Grid>
        );
      })}
      {props.children}
    </Grid>
  );
}

function kindEditor<V extends FieldValues>(
  def: FieldDef,
  { name, label, readOnly }: EditorArgs,
  control: Control<V, unknown, FieldValues>,
  labels: FieldLabels,
  extra: FieldInput & { required?: boolean; hint?: string; lines?: number },
): ReactNode {
  const { required, hint, lines, inputMode, ...input } = extra;
  const common = { control, name: name as Path<V>, label, readOnly, hint, required };
  switch (def.kind) {
    case "text": {
      // Digits only: a count of them (a subcode), or a taxpayer number
      const digits = def.digits ? Math.max(...def.digits) : def.format === "inn" ? def.max : undefined;
      const keypad = def.format === "email" ? "email" : def.format === "phone" ? "tel" : undefined;
      // Several lines where its definition keeps line breaks (three, or the page's); anywhere else they are refused
      const rows = def.multiline ? (lines ?? 3) : 1;
      return (
        <TextFieldControl
          {...common}
          {...input}
          max={def.max}
          mask={digits ? (text) => maskDigits(text, digits) : undefined}
          inputMode={inputMode ?? (digits ? "numeric" : keypad)}
          type={keypad}
          multiline={rows > 1}
          minRows={rows > 1 ? rows : undefined}
        />
      );
    }
    case "integer":
      return <NumberFieldControl {...common} />;
    case "money":
      return <MoneyFieldControl {...common} />;
    case "date":
      return <DateFieldControl {...common} />;
    case "boolean":
      return <CheckboxFieldControl {...common} />;
    case "choice":
      return (
        <SelectFieldControl
          {...common}
          nullable={def.nullable}
          options={def.choices.map((value) => ({ value, label: labels.choice(name, value) }))}
        />
      );
    default:
      // A relation needs its rows to choose from: the page's editor gives them
      throw new Error(`the field ${name} (${def.kind}) needs an editor of the page`);
  }
}

/** A field's width by its kind: short codes and numbers narrow, names wider, long texts half the row. */
function sizeOf(def: FieldDef): FieldSize {
  switch (def.kind) {
    case "text":
      if (def.max >= LONG_TEXT) return { xs: 12, md: 6 };
      if (def.max <= 20) return { xs: 6, sm: 4, md: 2 };
      return def.max <= 60 ? { xs: 12, sm: 6, md: 3 } : { xs: 12, sm: 6, md: 4 };
    case "integer":
    case "date":
    case "choice":
      return { xs: 6, sm: 3, md: 2 };
    case "money":
      return { xs: 12, sm: 6, md: 3 };
    default:
      return { xs: 12, sm: 6, md: 4 };
  }
}
