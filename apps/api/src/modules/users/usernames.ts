import { createRequire } from "node:module";

// Unicode's confusables (TR39) as a map from each look-alike character to its prototype: `а` (Cyrillic) → `a`.
const toPrototype: (text: string) => string = createRequire(import.meta.url)("unhomoglyph");

/** Django's username alphabet: letters, digits and @ . + - _ */
export const USERNAME = /^[\p{L}\p{N}@.+\-_]+$/u;

/**
 * A username as stored: NFKC-normalised, so that full-width `ｍａｎａｇｅｒ` and the compatibility forms of letters
 * become the plain ones the user meant. Letter case is kept for display.
 */
export function normalizeUsername(username: string): string {
  return username.normalize("NFKC");
}

/**
 * What two usernames share when they look alike: case-folded, then each confusable character replaced by its
 * prototype (`mаnager` with a Cyrillic а, `MANAGER` and `manager` share one key). The key is unique among users,
 * so nobody can sign up as a look-alike of an existing user; sign-in finds the user by it too.
 */
export function usernameKey(username: string): string {
  return toPrototype(normalizeUsername(username).toLowerCase()).toLowerCase();
}
