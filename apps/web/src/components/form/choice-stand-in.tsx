import { type ReactNode, type Ref, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";
import { TextInput } from "../text-input";
import "./choice-stand-in.css";

/** How the user reached a choice field: the pointer over it (or a touch on it), or the focus (a key, a script). */
export type Reach = "pointer" | "focus";

/**
 * A choice field (MUI's Autocomplete or Select) as a light input of static CSS (components/text-input.tsx) until the
 * user reaches it: the pointer over it, a touch, or the focus (Tab, a click, react-hook-form focusing an error).
 * Then `field` is rendered in its place, focused when the focus reached it (`reach === "focus"`), and stays while the
 * field may be changed.
 *
 * MUI's choice fields cost several times a text field's render, and each reads its size while it renders, which
 * makes the browser lay the page out mid-render: an order's form of a dozen of them took a quarter longer to show
 * (docs/decisions.md, "Forms"). A user reaches only the fields they change; the pointer reaches a field before its
 * click, so the click and the keys land on MUI's field as they always did.
 *
 * The stand-in is what MUI's field shows at rest: its label, the chosen value's text (`text`, or `chips` for several),
 * its message or hint, and the arrow, with the same name and role (`combobox`) for assistive technology and tests.
 */
export function ChoiceStandIn(props: {
  id: string;
  name: string;
  label: ReactNode;
  /** The chosen value's text. */
  text: string;
  /** Several values, shown as chips (a multiple choice); `text` is then empty. */
  chips?: readonly string[];
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** A field that is only shown never becomes MUI's. */
  readOnly?: boolean;
  /** Whether text may be typed in it (a search): a Select takes none. */
  typed?: boolean;
  /** MUI's field shows a clear button beside a value: its place is kept, so that the text ends where it will. */
  clearable?: boolean;
  /** Text typed freely, with choices offered: MUI's field shows no arrow. */
  noArrow?: boolean;
  /** Focused as the page opens: MUI's field comes at once, focused. */
  autoFocus?: boolean;
  /** react-hook-form's ref: focusing the stand-in on an error brings the real field, focused. */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  field(reach: Reach): ReactNode;
}) {
  const [reach, setReach] = useState<Reach | null>(null);
  // The focus moved to MUI's input, which holds the value: its text is selected, as a key's focus selects a text
  // field's, so that what is typed next replaces it (MUI's autoFocus, done before this, leaves the caret at the end)
  useLayoutEffect(() => {
    const input = document.activeElement;
    if (reach === "focus" && props.typed && input instanceof HTMLInputElement) input.select();
  }, [reach, props.typed]);
  // A field locked later (a status moved) is shown as text again, whatever reached it before
  if (reach && !props.readOnly) return props.field(reach);
  const reached = (how: Reach) => {
    if (!props.readOnly) setReach(how);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's handlers only swap the field in; the input inside is the control
    <div
      className={
        props.clearable && props.text && !props.readOnly
          ? "choice-stand-in choice-stand-in--clearable"
          : "choice-stand-in"
      }
      // At once, not at the pointer's next move's turn: the press that follows must land on MUI's field
      onPointerEnter={(event) => {
        if (event.pointerType === "mouse") flushSync(() => reached("pointer"));
      }}
      onPointerDown={() => reached("pointer")}
      onFocus={() => reached("focus")}
    >
      <TextInput
        id={props.id}
        name={props.name}
        label={props.label}
        value={props.text}
        required={props.required}
        error={props.error}
        helperText={props.helperText}
        inputRef={props.inputRef}
        autoFocus={props.autoFocus}
        role="combobox"
        aria-expanded={false}
        aria-haspopup={props.readOnly ? undefined : "listbox"}
        aria-autocomplete={props.typed ? "list" : undefined}
        autoComplete="off"
        readOnly={props.readOnly || !props.typed}
        onChange={() => {}}
        startAdornment={
          props.chips &&
          props.chips.length > 0 && (
            <span className="choice-stand-in__chips">
              {props.chips.map((chip) => (
                <span key={chip} className="choice-stand-in__chip">
                  {chip}
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d={CHIP_DELETE} />
                  </svg>
                </span>
              ))}
            </span>
          )
        }
        endAdornment={
          props.readOnly || props.noArrow ? undefined : (
            <svg className="choice-stand-in__arrow" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M7 10l5 5 5-5z" />
            </svg>
          )
        }
      />
    </div>
  );
}

/** MUI's Cancel icon, which its chips' delete button shows. */
const CHIP_DELETE =
  "M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2m5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12z";
