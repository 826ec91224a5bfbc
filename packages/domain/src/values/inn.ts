// The Russian taxpayer number (ИНН): 10 digits for a legal entity, 12 for a person, ending in check digits.

const LEGAL_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const PERSON_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const PERSON_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** The check digit over `digits` with the tax service's weights: the weighted sum mod 11, mod 10. */
function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  return (weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11) % 10;
}

/** Whether `value` is an INN: 10 or 12 digits whose check digits agree. */
export function isValidInn(value: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(value)) return false;
  const digits = [...value].map(Number);
  if (digits.length === 10) return checkDigit(digits, LEGAL_WEIGHTS) === digits[9];
  return (
    checkDigit(digits, PERSON_WEIGHTS_11) === digits[10] &&
    checkDigit(digits, PERSON_WEIGHTS_12) === digits[11]
  );
}
