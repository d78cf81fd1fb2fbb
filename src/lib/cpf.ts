// Section 5: a CPF is valid only with 11 digits once spaces, dots and dashes are stripped, not all
// the same digit, and both check digits right. Anything else (letters, slashes) makes it invalid.

/** The CPF without the punctuation visitors type (spaces, dots, dashes). */
export function stripCpf(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(input: string): boolean {
  const digits = stripCpf(input);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}
