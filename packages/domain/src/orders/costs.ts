// An order's costs as both the form and the print show them (spec 01 §2: "total").

/** The approved cost with its VAT, in kopecks' precision; null without a cost. */
export function totalWithVat(cost: number | null, vatPercent: number | null): number | null {
  if (cost === null || !Number.isFinite(cost)) return null;
  return Math.round(cost * (100 + (vatPercent ?? 0))) / 100;
}
