import { z } from "zod";
import { hasLineBreak, INT4_MAX, INT4_MIN, isIsoDate, isTimeZone, trimText } from "./values.ts";

/** An integer a PostgreSQL `integer` column holds; beyond it the answer is 400 on the field, not a failed query. */
export const int4 = () => z.number().int().min(INT4_MIN).max(INT4_MAX);
/** A reference to a row (company, user…) in a body. */
export const rowId = () => z.number().int().min(1).max(INT4_MAX);
/**
 * A row chosen from a list (a relation field: a container's order): left unchosen, it asks for a choice
 * (`choice_required`) rather than for "a number" the user never types.
 */
export const chosenRowId = () =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? CHOICE_REQUIRED : undefined),
    })
    .int()
    .min(1)
    .max(INT4_MAX);
/** The catalog key of an unchosen relation's issue (`chosenRowId`, read by `issueMessage`). */
export const CHOICE_REQUIRED = "choice_required";
/** The `version` a write is based on: a stale one answers 409. */
export const rowVersion = () => z.number().int().min(0).max(INT4_MAX);
/**
 * A text as every body's text field takes it: without spaces and invisible characters at its ends (`trimText`), so
 * that a zero-width space does not fill a required field. A string schema still: `.min`, `.max` follow.
 */
export const text = () => z.string().overwrite(trimText);
/**
 * A text on one line (`text` without line breaks inside: they are trimmed at its ends): names, numbers, codes,
 * whatever a mail's subject, a file's name or a one-line input shows. Said alone: a text with a line break is not
 * also told it is a bad e-mail or a bad number.
 */
export const lineText = () =>
  text().refine((value) => !hasLineBreak(value), { message: "line_break", abort: true });
/** A calendar date `yyyy-MM-dd` that exists and that PostgreSQL can hold. */
export const isoDate = () => z.string().refine(isIsoDate, { message: "invalid_date" });
/** An IANA time zone (`isTimeZone`), answered as Intl writes it (`europe/moscow` → `Europe/Moscow`). */
export const timeZone = () =>
  z
    .string()
    .refine(isTimeZone, { message: "invalid_time_zone" })
    .transform((value) => new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone);

/**
 * A password as every form sends it: trimmed, as sign-in trims it. Empty means "not given" where a password is
 * optional (the profile); a password of spaces only is refused rather than read as empty.
 */
export const passwordInput = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value === "" || trimText(value) !== "", { message: "password_blank" })
    .transform(trimText);
