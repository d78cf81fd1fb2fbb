import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 96 random bits, URL-safe: card and media ids must not be guessable from one another. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits (about 5.95 bits each), for ids that allow no other characters. */
export function randomAlphanumeric(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 * 62: dropping larger bytes keeps every character equally likely.
      if (byte < 248 && text.length < length) text += ALPHANUMERIC[byte % 62];
    }
  }
  return text;
}

/** Whether a presented secret is the stored one, compared in constant time. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
