import { randomBytes } from 'node:crypto';

/** 96 random bits, URL-safe: card and media ids must not be guessable from one another. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
