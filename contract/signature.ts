import { createHmac, timingSafeEqual } from 'node:crypto';

// The change webhook's signature, on Stripe's scheme: the sender signs the time it sends with
// the body, so a captured request goes stale; the API also remembers the signatures it took
// until then (repositories/webhook-signatures.ts), so none is taken twice.

/** How long a signed request stays good after its timestamp. */
const SIGNATURE_MAX_AGE_S = 5 * 60;
/** How far ahead of the API's clock a sender's clock may run. */
const SIGNATURE_MAX_SKEW_S = 30;

/** The signature of `body` sent at `timestamp` (unix seconds): "sha256=<hex HMAC-SHA256 of `${timestamp}.${body}`>". */
function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers a sender signs `body` with, sent now. */
export function signatureHeaders(secret: string, body: string, nowMs = Date.now()): { 'x-signature-timestamp': string; 'x-signature': string } {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { 'x-signature-timestamp': timestamp, 'x-signature': signBody(secret, timestamp, body) };
}

/** A request whose signature held: the signature, and when it goes stale (milliseconds since the epoch). */
export interface Signed {
  signature: string;
  expiresAtMs: number;
}

export type SignatureCheck = ({ ok: true } & Signed) | { ok: false; reason: string };

/**
 * Whether `signature` signs `body` at `timestamp` under the secret (compared in constant time)
 * and the timestamp is fresh; a good one answers when it goes stale.
 */
export function checkSignature(secret: string, body: string, timestamp: string | undefined, signature: string | undefined, nowMs = Date.now()): SignatureCheck {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'X-Signature-Timestamp must be the unix time in seconds' };
  const expected = Buffer.from(signBody(secret, timestamp, body));
  const given = Buffer.from(signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'the signature does not match' };
  const sentMs = Number(timestamp) * 1000;
  if (sentMs < nowMs - SIGNATURE_MAX_AGE_S * 1000) return { ok: false, reason: 'the signature is stale' };
  if (sentMs > nowMs + SIGNATURE_MAX_SKEW_S * 1000) return { ok: false, reason: 'the signature is from the future' };
  return { ok: true, signature: signature ?? '', expiresAtMs: sentMs + SIGNATURE_MAX_AGE_S * 1000 };
}

/**
 * PUBLISH_WEBHOOK_SECRET: the secret a provider's back office signs its change announcements
 * with (HMAC-SHA256 over the time sent and the body, signature.ts); without it the webhook is off.
 * At least 32 characters.
 */
export function loadWebhookSecret(env: NodeJS.ProcessEnv, problems: string[] = []): string | null {
  const secret = env['PUBLISH_WEBHOOK_SECRET']?.trim() || null;
  if (secret !== null && secret.length < 32) problems.push('PUBLISH_WEBHOOK_SECRET must have at least 32 characters');
  return secret;
}
