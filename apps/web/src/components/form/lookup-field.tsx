import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useEffect, useRef, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../app/api-client";
import { type FieldProps, useFieldState } from "./field-state";
import {
  type FetchLookupPage,
  INITIAL_LOOKUP_STATE,
  type LookupPage,
  LookupSearch,
  type LookupState,
} from "./lookup-search";

/**
 * Pages of a list resource of the API (`/refbooks/api/etsng/`) searched by its `search` parameter, in the
 * list's `ordering` (its default when not given).
 */
export function listSource<T>(path: string, ordering?: string): FetchLookupPage<T> {
  return (search, skip, take, signal) => {
    const query = new URLSearchParams({ skip: String(skip), take: String(take) });
    if (search) query.set("search", search);
    if (ordering) query.set("ordering", ordering);
    // The field shows a failed search itself; no global toast for each keystroke's failure.
    return apiFetch<LookupPage<T>>(`${path}?${query}`, { signal, silent: true });
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

/**
 * A choice from a list of thousands (ETSNG, GNG, stations): the server searches as the user types (400 ms after
 * the last key), the list loads its next page when scrolled to the end, and the form keeps the chosen row's id.
 */
export function LookupFieldControl<V extends FieldValues, T>(
  props: FieldProps<V> & {
    fetchPage: FetchLookupPage<T>;
    getValue(item: T): string | number;
    getLabel(item: T): string;
    /** A second, smaller line under a choice's label (who a person is, where a station lies). */
    getDescription?(item: T): string;
    /** The row of the value the form starts with, to show its label before any search. */
    initial?: T | null;
    autoFocus?: boolean;
  },
) {
  const { t } = useTranslation();
  const { field, error, message } = useFieldState(props);
  const { state, lookup } = useLookup(props.fetchPage);
  const [selected, setSelected] = useState<T | null>(props.initial ?? null);
  const shownValue =
    field.value === null || field.value === undefined || field.value === "" ? null : selected;
  return (
    <Autocomplete<T, false, false, false>
      size="small"
      options={state.items}
      value={shownValue}
      readOnly={props.readOnly}
      loading={state.loading}
      // The server filters; the list shows what it found.
      filterOptions={(items) => items}
      getOptionLabel={props.getLabel}
      renderOption={
        props.getDescription &&
        (({ key, ...optionProps }, item) => (
          <li key={key} {...optionProps}>
            <div>
              {props.getLabel(item)}
              <div style={DESCRIPTION}>{props.getDescription?.(item)}</div>
            </div>
          </li>
        ))
      }
      isOptionEqualToValue={(option, value) => props.getValue(option) === props.getValue(value)}
      onOpen={() => lookup.searchNow(state.search)}
      onInputChange={(_, text, reason) => {
        if (reason === "input") lookup.search(text);
      }}
      onChange={(_, item) => {
        setSelected(item);
        field.onChange(item ? props.getValue(item) : null);
      }}
      onBlur={field.onBlur}
      noOptionsText={state.failed ? t("lookup.failed") : t("lookup.nothing")}
      loadingText={t("loading")}
      slotProps={{
        listbox: {
          onScroll: (event) => {
            const list = event.currentTarget;
            if (list.scrollTop + list.clientHeight >= list.scrollHeight - 40) lookup.loadMore();
          },
        },
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          autoFocus={props.autoFocus}
          label={props.label}
          required={props.required}
          error={error}
          helperText={
            message ??
            (state.count > state.items.length
              ? t("lookup.shown", { shown: state.items.length, count: state.count })
              : props.hint)
          }
        />
      )}
    />
  );
}

const DESCRIPTION = { fontSize: "0.8125rem", opacity: 0.7 } as const;
