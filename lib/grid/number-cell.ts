/**
 * The number cell (spec 02 §5): while typing only an optional leading '-', digits and one '.' are
 * kept — anything else reverts to the previous text; on blur the text becomes a float or empty.
 */
const PARTIAL_NUMBER = /^-?\d*\.?\d*$/;

export function acceptNumberInput(previous: string, next: string): string {
  return PARTIAL_NUMBER.test(next) ? next : previous;
}

export function numberOnBlur(text: string | number | null | undefined): number | '' {
  if (typeof text === 'number') return Number.isFinite(text) ? text : '';
  const n = parseFloat(String(text ?? ''));
  return Number.isFinite(n) ? n : '';
}
