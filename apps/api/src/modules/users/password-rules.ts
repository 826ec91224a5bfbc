import { createRequire } from "node:module";
import type { Message } from "../../core/i18n.ts";

// A maintained list of 50,000 common passwords (OWASP SecLists' top million, the ones of 8+ characters).
const commonPasswords: { test(password: string): boolean } = createRequire(import.meta.url)(
  "fxa-common-password-list",
);

export const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

export interface PasswordOwner {
  username: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

/** Ratcliff/Obershelp similarity (as Python's difflib): 2·matches / total length, from 0 to 1. */
export function similarity(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  return (2 * matchingCharacters(a, b)) / (a.length + b.length);
}

function matchingCharacters(a: string, b: string): number {
  let best = { i: 0, j: 0, size: 0 };
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      let size = 0;
      while (i + size < a.length && j + size < b.length && a[i + size] === b[j + size]) size++;
      if (size > best.size) best = { i, j, size };
    }
  }
  if (best.size === 0) return 0;
  return (
    best.size +
    matchingCharacters(a.slice(0, best.i), b.slice(0, best.j)) +
    matchingCharacters(a.slice(best.i + best.size), b.slice(best.j + best.size))
  );
}

const SIMILARITY_FIELDS = ["username", "first_name", "last_name", "email"] as const;

/** The rules a new password must pass, as Django's validators: length, similarity, commonness, digits only. */
export function checkPassword(password: string, owner: PasswordOwner): Message[] {
  const problems: Message[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push({ key: "password_too_short", params: { count: MIN_PASSWORD_LENGTH } });
  }
  const lower = password.toLowerCase();
  for (const field of SIMILARITY_FIELDS) {
    const value = owner[field]?.toLowerCase();
    if (!value) continue;
    const parts = [value, ...value.split(/\W+/)].filter((part) => part.length >= 3);
    if (parts.some((part) => similarity(lower, part) >= MAX_SIMILARITY)) {
      problems.push({
        key: "password_too_similar",
        params: { field: { label: { resource: "user", field } } },
      });
      break;
    }
  }
  if (commonPasswords.test(password) || commonPasswords.test(lower))
    problems.push({ key: "password_too_common" });
  if (/^\d+$/.test(password)) problems.push({ key: "password_entirely_numeric" });
  return problems;
}
