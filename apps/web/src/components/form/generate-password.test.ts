import { describe, expect, it } from "vitest";
import { GENERATED_PASSWORD_LENGTH, generatePassword, type RandomFill } from "./generate-password";

/** A generator answering the given bytes in turn, cycling. */
function scripted(bytes: number[]): RandomFill {
  let next = 0;
  return (array) => {
    for (let index = 0; index < array.length; index += 1) {
      array[index] = bytes[next % bytes.length] ?? 0;
      next += 1;
    }
    return array;
  };
}

describe("generatePassword", () => {
  it("makes 8 letters and digits with at least one of each", () => {
    for (let run = 0; run < 200; run += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/^[A-Za-z0-9]+$/);
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/\d/);
    }
  });

  it("skips bytes that would bias the alphabet", () => {
    // 248..255 are rejected; 0 → "A", 52 → "0".
    expect(generatePassword(4, scripted([255, 0, 250, 52]))).toBe("A0A0");
  });

  it("draws again when the result has no digit or no letter", () => {
    // Each draw reads 2 × length bytes: the first gives "AAAA", the second "B1B1".
    const onlyLettersThenMixed = scripted([0, 0, 0, 0, 0, 0, 0, 0, 1, 53, 1, 53, 0, 0, 0, 0]);
    expect(generatePassword(4, onlyLettersThenMixed)).toBe("B1B1");
  });
});
