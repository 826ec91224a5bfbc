import type { Column } from "@tanstack/react-table";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isNumberText, type PlainFilterValue } from "./list-query";
import { SEARCH_DEBOUNCE_MS } from "./use-grid-state";

// A column's filter under its title: plain inputs and selects with the grid's static styles. Text and numbers reach
// the URL (and the server) after a pause in typing; a day is taken once it is a whole valid yyyy-mm-dd, typed or
// picked from the browser's calendar.

/** The filter editor of one column, by its kind (`meta.kind`); nothing for a column that is not filtered. */
export function GridFilter<T>({ column, language }: { column: Column<T, unknown>; language: string }) {
  const meta = column.columnDef.meta;
  if (!meta?.kind) return null;
  const value = column.getFilterValue() as PlainFilterValue | undefined;
  const setValue = (next: PlainFilterValue | undefined) => column.setFilterValue(next);
  // A toggled choice applies to the filter as last written, which a quick second click may not see rendered yet
  const toggle = (choice: string) =>
    column.setFilterValue((old: PlainFilterValue | undefined) => {
      const list = Array.isArray(old) ? old.map(String) : [];
      const next = list.includes(choice) ? list.filter((item) => item !== choice) : [...list, choice];
      return next.length ? next : undefined;
    });
  const title = meta.grid.header;
  switch (meta.kind) {
    case "text":
      return (
        <TextFilter value={text(value)} onChange={(next) => setValue(next || undefined)} title={title} />
      );
    case "number":
      return (
        <TextFilter
          value={text(value)}
          onChange={(next) => setValue(next || undefined)}
          title={title}
          numeric
          language={language}
        />
      );
    case "number-range":
    case "date-range":
      return <RangeFilter kind={meta.kind} value={pair(value)} onChange={setValue} language={language} />;
    case "date":
      return <DayFilter value={text(value)} onChange={(day) => setValue(day || undefined)} />;
    case "boolean":
    case "select":
      return <ChoiceFilter value={text(value)} onChange={setValue} choices={meta.choices ?? []} />;
    case "multi-select":
      return (
        <MultiChoiceFilter
          value={Array.isArray(value) ? (value as string[]) : []}
          onToggle={toggle}
          choices={meta.choices ?? []}
        />
      );
  }
}

const text = (value: PlainFilterValue | undefined): string => (typeof value === "string" ? value : "");
const pair = (value: PlainFilterValue | undefined): [string, string] =>
  Array.isArray(value) ? [String(value[0] ?? ""), String(value[1] ?? "")] : ["", ""];

/** What is typed, sent after a pause; an outside change (cleared filters, the URL) replaces it. */
function useTyped(value: string, onChange: (next: string) => void, isValid: (typed: string) => boolean) {
  const [typed, setTyped] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setTyped(value);
    }
  }, [value]);
  const send = useRef(onChange);
  send.current = onChange;
  useEffect(() => {
    const trimmed = typed.trim();
    if (trimmed === sent.current || !isValid(trimmed)) return;
    const timer = setTimeout(() => {
      sent.current = trimmed;
      send.current(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, isValid]);
  return [typed, setTyped] as const;
}

const always = () => true;

/** Text, or a number (said invalid when it cannot be read as one), sent after a pause; "" when emptied. */
function TextFilter(props: {
  value: string;
  onChange: (next: string) => void;
  /** The field's name; default "Filter". */
  label?: string;
  /** The column's title, in the field's tooltip. */
  title?: string;
  numeric?: boolean;
  language?: string;
}) {
  const { t } = useTranslation("grid");
  const [typed, setTyped] = useTyped(props.value, props.onChange, always);
  const isValid = !props.numeric || isNumberText(typed, props.language ?? "ru");
  const label = props.label ?? t("filterPlaceholder");
  return (
    <FilterField error={isValid ? undefined : t("notANumber")}>
      {(describedBy) => (
        <input
          className="dg-filter-input"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={label}
          aria-label={label}
          title={props.title && `${label}: ${props.title}`}
          inputMode={props.numeric ? "decimal" : undefined}
          aria-invalid={!isValid}
          aria-describedby={describedBy}
          autoComplete="off"
        />
      )}
    </FilterField>
  );
}

/** A field and, under it, its message when what is typed cannot be a filter. */
function FilterField({ error, children }: { error?: string; children: (describedBy?: string) => ReactNode }) {
  const id = useId();
  return (
    <span className="dg-filter-field">
      {children(error ? id : undefined)}
      {error && (
        <span id={id} className="dg-filter-error">
          {error}
        </span>
      )}
    </span>
  );
}

function RangeFilter(props: {
  kind: "number-range" | "date-range";
  value: [string, string];
  onChange: (next: PlainFilterValue | undefined) => void;
  language: string;
}) {
  const { t } = useTranslation("grid");
  const [from, to] = props.value;
  const set = (index: 0 | 1) => (next: string) => {
    const value: [string, string] = index === 0 ? [next, to] : [from, next];
    props.onChange(value[0] === "" && value[1] === "" ? undefined : value);
  };
  const isDay = props.kind === "date-range";
  return (
    <span className="dg-range">
      {isDay ? (
        <>
          <DayFilter value={from} onChange={set(0)} label={t("table.from")} />
          <DayFilter value={to} onChange={set(1)} label={t("table.to")} />
        </>
      ) : (
        <>
          <TextFilter
            value={from}
            onChange={set(0)}
            label={t("table.min")}
            numeric
            language={props.language}
          />
          <TextFilter value={to} onChange={set(1)} label={t("table.max")} numeric language={props.language} />
        </>
      )}
    </span>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is empty or a day of the calendar as yyyy-mm-dd. */
export function isDayText(text: string): boolean {
  if (text === "") return true;
  if (!DAY.test(text)) return false;
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day typed as yyyy-mm-dd (the cells' format), or picked in the browser's calendar from its button. */
function DayFilter(props: { value: string; onChange: (next: string) => void; label?: string }) {
  const { t } = useTranslation("grid");
  const [typed, setTyped] = useTyped(props.value, props.onChange, isDayText);
  const picker = useRef<HTMLInputElement>(null);
  const isValid = isDayText(typed.trim());
  const label = props.label ?? t("filterPlaceholder");
  return (
    <FilterField error={isValid ? undefined : t("table.notADay")}>
      {(describedBy) => (
        <span className="dg-day">
          <input
            className="dg-filter-input dg-day-input"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t("table.dayFormat")}
            aria-label={label}
            inputMode="numeric"
            maxLength={10}
            aria-invalid={!isValid}
            aria-describedby={describedBy}
            autoComplete="off"
          />
          <button
            type="button"
            className="dg-day-button"
            tabIndex={-1}
            aria-hidden
            onClick={() => picker.current?.showPicker?.()}
          >
            <svg className="dg-icon dg-icon-small" viewBox="0 0 24 24" aria-hidden focusable="false">
              <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20a2 2 0 0 0 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 16H5V10h14v10zm0-12H5V6h14v2z" />
            </svg>
          </button>
          <input
            ref={picker}
            type="date"
            className="dg-day-picker"
            tabIndex={-1}
            aria-hidden
            value={isDayText(typed) ? typed : ""}
            onChange={(event) => {
              setTyped(event.target.value);
              props.onChange(event.target.value);
            }}
          />
        </span>
      )}
    </FilterField>
  );
}

function ChoiceFilter(props: {
  value: string;
  onChange: (next: string | undefined) => void;
  choices: readonly { value: string | number; label: string }[];
}) {
  const { t } = useTranslation("grid");
  return (
    <select
      className="dg-filter-input dg-filter-select"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value || undefined)}
      aria-label={t("filterPlaceholder")}
    >
      <option value="">{t("table.any")}</option>
      {props.choices.map((choice) => (
        <option key={choice.value} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/** Several choices: a button saying which, opening a list of boxes (its code loaded when first opened). */
function MultiChoiceFilter(props: {
  value: readonly string[];
  onToggle: (choice: string) => void;
  choices: readonly { value: string | number; label: string }[];
}) {
  const { t } = useTranslation("grid");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const chosen = props.choices.filter((choice) => props.value.includes(String(choice.value)));
  const summary = chosen.map((choice) => choice.label).join(", ");
  return (
    <>
      <button
        type="button"
        role="combobox"
        className="dg-filter-input dg-filter-select dg-filter-multi"
        aria-haspopup="listbox"
        aria-expanded={anchor !== null}
        aria-label={`${t("filterPlaceholder")}: ${summary || t("table.any")}`}
        title={summary || undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {summary || t("table.any")}
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <ChoiceList
            anchor={anchor}
            onClose={() => setAnchor(null)}
            value={props.value}
            onToggle={props.onToggle}
            choices={props.choices}
            label={t("filterPlaceholder")}
          />
        </Suspense>
      )}
    </>
  );
}

const ChoiceList = lazy(() => import("./grid-menus").then((module) => ({ default: module.ChoiceList })));
