// Card codes are 9 letters or digits, shown as 2-4-3 groups ("DE-MO00-001").
// Visitors type them with dashes, commas or underscores; those never count.

export const CARD_CODE_LENGTH = 9;
export const SECRET_MIN_LENGTH = 6;
const GROUPS = [2, 4, 3] as const;

/** Strips dash, comma, underscore and spaces and upper-cases: the form the API stores. */
export function normalizeCardCode(input: string): string {
  return input.replace(/[-,_\s]/g, '').toUpperCase();
}

/** True for exactly nine letters or digits once normalised. */
export function isValidCardCode(input: string): boolean {
  return /^[A-Z0-9]{9}$/.test(normalizeCardCode(input));
}

/** Groups a (possibly partial) code as 2-4-3 with dashes: "demo0" becomes "DE-MO0". */
export function formatCardCode(input: string): string {
  let rest = normalizeCardCode(input);
  const parts: string[] = [];
  for (const size of GROUPS) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return parts.join('-');
}

/** What the masked input shows while typing: only letters and digits, at most nine, grouped. */
export function maskCardCodeInput(raw: string): string {
  const kept = normalizeCardCode(raw)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, CARD_CODE_LENGTH);
  return formatCardCode(kept);
}

/** The two-factor access code: at least six characters once upper-cased and trimmed. */
export function normalizeSecret(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidSecret(input: string): boolean {
  return normalizeSecret(input).length >= SECRET_MIN_LENGTH;
}
