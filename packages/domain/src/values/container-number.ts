// The ISO 6346 container number: an owner code of three letters, a category letter (U freight container, J
// detachable equipment, Z trailer or chassis), a six-digit serial number and a check digit (CSQU 305438 3).
// Shared by the API (which stores every number but flags the invalid ones) and the web (which marks them).

/** The most characters the container number's editor takes (spec 01 §5), spaces and all. */
export const CONTAINER_NUMBER_MAX = 15;

const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/;

/**
 * The letters' values: from A = 10 upwards, skipping 11, 22, 33 (the multiples of 11), so that no letter weighs
 * the same as another letter's place would. A=10, B=12 … K=21, L=23 … U=32, V=34 … Z=38.
 */
const LETTER_VALUES: Readonly<Record<string, number>> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  return values;
})();

/**
 * The check digit of a number's first ten characters (owner code, category, serial): each character's value
 * times 2 to the power of its place, summed, modulo 11, where 10 counts as 0. Null when they are not ten
 * characters of the number's form.
 */
export function containerCheckDigit(firstTen: string): number | null {
  if (!/^[A-Z]{4}\d{6}$/.test(firstTen)) return null;
  let sum = 0;
  for (const [place, character] of [...firstTen].entries()) {
    const value = LETTER_VALUES[character] ?? Number(character);
    sum += value * 2 ** place;
  }
  return (sum % 11) % 10;
}

/**
 * Whether `value` is a container number as it is written in lists: 11 characters, upper-case letters, no spaces,
 * and the last digit equal to the check digit. A number that fails is still a container the forwarder handles
 * (the spec flags it, never refuses it); `normalizeContainerNumber` first for what a person typed.
 */
export function isValidContainerNumber(value: string): boolean {
  if (!CONTAINER_NUMBER.test(value)) return false;
  return containerCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/**
 * A number as typed, in the form it is stored and checked in: Latin letters upper-case, without spaces or invisible
 * characters (`msku 907032 3` is MSKU9070323; a pasted direction mark or zero-width space is dropped, so that no
 * number hides another behind it). Other characters stay as they are, so that a number that is not one still
 * reads as it was typed and is never longer than it was (`ß` would become two letters).
 */
export function normalizeContainerNumber(value: string): string {
  return value.replace(/[\p{White_Space}\p{Cf}]+/gu, "").replace(/[a-z]/g, (letter) => letter.toUpperCase());
}
