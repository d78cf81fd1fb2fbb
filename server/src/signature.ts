import { createHmac, timingSafeEqual } from 'node:crypto';

/** The change webhook's signature of a body under the shared secret: "sha256=<hex HMAC-SHA256>". */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `signature` is the body's signature under the secret (compared in constant time). */
export function isSignedBy(secret: string, body: string, signature: string | undefined): boolean {
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
