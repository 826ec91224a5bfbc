import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { type HTMLAttributes, type Key, type UIEvent, useEffect, useRef, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiRequest } from "../../app/api-client";
import { ChoiceStandIn, type Reach } from "./choice-stand-in";
import { type FieldProps, fieldProps, useFieldState } from "./field-state";
import {
  type FetchLookupPage,
  INITIAL_LOOKUP_STATE,
  type LookupPage,
  LookupSearch,
  type LookupState,
  partlyShown,
} from "./lookup-search";

/**
 * Pages of a list resource of the API (`/refbooks/api/etsng/`) searched by its `search` parameter, in the
 * list's `ordering` (its default when not given), with further parameters of the list (`filters`).
 */
export function listSource<T>(
  path: string,
  ordering?: string,
  params: Record<string, string> = {},
): FetchLookupPage<T> {
  return (search, skip, take, signal) => {
    const query = new URLSearchParams({ ...params, skip: String(skip), take: String(take) });
    if (search) query.set("search", search);
    if (ordering) query.set("ordering", ordering);
    // The field shows a failed search itself; no global toast for each keystroke's failure. The caller names the
    // row type of its list; in development and in tests `apiRequest` checks the answer against the route table.
    return apiRequest(`${path}?${query}`, { signal, silent: true }) as Promise<LookupPage<T>>;
  };
}

/** The state of a LookupSearch for a component; the search is dropped with the component. */
function useLookup<T>(fetchPage: FetchLookupPage<T>) {
  const [state, setState] = useState<LookupState<T>>(INITIAL_LOOKUP_STATE);
  const lookup = useRef<LookupSearch<T> | null>(null);
  lookup.current ??= new LookupSearch(fetchPage, setState);
  useEffect(() => () => lookup.current?.dispose(), []);
  return { state, lookup: lookup.current };
}

/** What a Lookup takes besides the field: where its choices come from and how they read. */
interface LookupProps<T> {
  fetchPage: FetchLookupPage<T>;
  getLabel(item: T): string;
  /** A second, smaller line under a choice's label (who a person is, where a station lies). */
  getDescription?(item: T): string;
  autoFocus?: boolean;
  /** Called with the row the user chose (null when cleared), for fields that take more of it than its value. */
  onPick?(item: T | null): void;
}

/** The list's props shared by both Lookups: server-found options, the description line, the next page on scroll. */
function listProps<T>(props: LookupProps<T>, state: LookupState<T>, lookup: LookupSearch<T>) {
  return {
    size: "small" as const,
    options: state.items,
    loading: state.loading,
    // The server filters; the list shows what it found.
    filterOptions: (items: T[]) => items,
    renderOption:
      props.getDescription &&
      (({ key, ...optionProps }: HTMLAttributes<HTMLLIElement> & { key: Key }, item: T) => (
        <li key={key} {...optionProps}>
          <div>
            {props.getLabel(item)}
            <div style={DESCRIPTION}>{props.getDescription?.(item)}</div>
          </div>
        </li>
      )),
    onOpen: () => lookup.open(),
    slotProps: {
      listbox: {
        onScroll: (event: UIEvent<HTMLElement>) => {
          const list = event.currentTarget;
          if (list.scrollTop + list.clientHeight >= list.scrollHeight - 40) lookup.loadMore();
        },
      },
    },
  };
}

/**
 * What both Lookups give their stand-in (choice-stand-in.tsx), the kit's props of a field, and MUI's input in its
 * place (the same, but the message, which the Lookup words, and the blur, which Autocomplete reports).
 */
function lookupParts<V extends FieldValues>(
  props: FieldProps<V> & { autoFocus?: boolean },
  state: ReturnType<typeof useFieldState<V>>,
) {
  const common = fieldProps(props, state);
  const { name, label, required, error, inputRef } = common;
  return {
    standIn: {
      ...common,
      readOnly: props.readOnly,
      typed: true,
      clearable: true,
      autoFocus: props.autoFocus,
    },
    input: (reach: Reach) => ({ name, label, required, error, inputRef, autoFocus: reach === "focus" }),
  };
}

/**
 * A choice from a list of thousands (ETSNG, GNG, stations): the server searches as the user types (400 ms after
 * the last key), the list loads its next page when scrolled to the end, and the form keeps the chosen row's id.
 */
export function LookupFieldControl<V extends FieldValues, T>(
  props: FieldProps<V> &
    LookupProps<T> & {
      getValue(item: T): string | number;
      /**
       * The row of the form's value when the user has not chosen it here (the value the form starts with, or
       * was reset to), to show its label before any search.
       */
      initial?: T | null;
      /** What the form keeps when the choice is cleared; default null (a text code keeps ""). */
      emptyValue?: string | null;
    },
) {
  const { t } = useTranslation("signedIn");
  const fieldState = useFieldState(props);
  const { field, message } = fieldState;
  const parts = lookupParts(props, fieldState);
  const { state, lookup } = useLookup(props.fetchPage);
  const [selected, setSelected] = useState<T | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const shown = partlyShown(state, isOpen);
  const isEmpty = field.value === null || field.value === undefined || field.value === "";
  const matches = (item: T | null | undefined): item is T =>
    item !== null && item !== undefined && props.getValue(item) === field.value;
  const shownValue = isEmpty
    ? null
    : matches(selected)
      ? selected
      : matches(props.initial)
        ? props.initial
        : null;
  return (
    <ChoiceStandIn
      {...parts.standIn}
      text={shownValue ? props.getLabel(shownValue) : ""}
      field={(reach) => (
        <Autocomplete<T, false, false, false>
          {...listProps(props, state, lookup)}
          id={parts.standIn.id}
          onOpen={() => {
            lookup.open();
            setIsOpen(true);
          }}
          onClose={() => setIsOpen(false)}
          value={shownValue}
          getOptionLabel={props.getLabel}
          isOptionEqualToValue={(option, value) => props.getValue(option) === props.getValue(value)}
          onInputChange={(_, text, reason) => {
            if (reason === "input") lookup.search(text);
          }}
          onChange={(_, item) => {
            setSelected(item);
            field.onChange(item ? props.getValue(item) : (props.emptyValue ?? null));
            props.onPick?.(item);
          }}
          onBlur={field.onBlur}
          noOptionsText={state.failed ? t("lookup.failed") : t("lookup.nothing")}
          loadingText={t("common:loading")}
          renderInput={(params) => (
            <TextField
              {...params}
              {...parts.input(reach)}
              helperText={message ?? (shown ? t("lookup.shown", shown) : props.hint)}
            />
          )}
        />
      )}
    />
  );
}

/**
 * Text with choices from a list of thousands (a station's name where a place off the list may be typed too): the
 * form keeps the text; the server searches what is typed (400 ms after the last key) and a choice writes its label.
 */
export function LookupTextFieldControl<V extends FieldValues, T>(
  props: FieldProps<V> & LookupProps<T> & { max: number },
) {
  const { t } = useTranslation();
  const fieldState = useFieldState(props);
  const { field } = fieldState;
  const parts = lookupParts(props, fieldState);
  const { state, lookup } = useLookup(props.fetchPage);
  const text = String(field.value ?? "");
  return (
    <ChoiceStandIn
      {...parts.standIn}
      text={text}
      noArrow
      field={(reach) => (
        <Autocomplete<T, false, false, true>
          {...listProps(props, state, lookup)}
          id={parts.standIn.id}
          freeSolo
          value={text}
          inputValue={text}
          getOptionLabel={(item) => (typeof item === "string" ? item : props.getLabel(item))}
          onInputChange={(_, input, reason) => {
            if (reason === "reset" && input === text) return;
            const value = input.slice(0, props.max);
            field.onChange(value);
            if (reason === "input") lookup.search(value);
          }}
          onChange={(_, item) => {
            if (item !== null && typeof item !== "string") {
              field.onChange(props.getLabel(item).slice(0, props.max));
              props.onPick?.(item);
            }
          }}
          onBlur={field.onBlur}
          loadingText={t("loading")}
          renderInput={(params) => (
            <TextField
              {...params}
              {...parts.input(reach)}
              helperText={parts.standIn.helperText}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, maxLength: props.max },
              }}
            />
          )}
        />
      )}
    />
  );
}

const DESCRIPTION = { fontSize: "0.8125rem", opacity: 0.7 } as const;
