/** The positive id an address names (`16` of /freight-orders/16, of `?order=16`), else null: digits only. */
export function addressId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9][0-9]*$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
