/**
 * Applies a mask to what the visitor typed and shows the result in the field at once. Preact,
 * unlike React, leaves a controlled input alone when its state does not change, so a character
 * the mask refuses (a letter in a CPF, a tenth card character) would otherwise stay on screen.
 */
export function maskInput(input: HTMLInputElement, mask: (raw: string) => string): string {
  const masked = mask(input.value);
  if (input.value !== masked) input.value = masked;
  return masked;
}
