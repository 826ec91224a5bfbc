const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const ALPHABET = LETTERS + DIGITS;

/** Generated password length (spec 02 §9). */
export const GENERATED_PASSWORD_LENGTH = 8;

/** Fills the array with random bytes and returns it (as `crypto.getRandomValues` does). */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * A random password of letters and digits from the platform's cryptographic generator. It always holds at least
 * one letter and one digit (the server refuses entirely numeric passwords); characters are picked by rejection
 * sampling, so every character of the alphabet is equally likely.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH, fill: RandomFill = cryptoFill): string {
  // 248 = 4 × 62: bytes at or above it would favour the first characters of the alphabet.
  const limit = 256 - (256 % ALPHABET.length);
  for (;;) {
    let password = "";
    while (password.length < length) {
      for (const byte of fill(new Uint8Array(length * 2))) {
        if (byte < limit && password.length < length) password += ALPHABET[byte % ALPHABET.length];
      }
    }
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}
