// The field rules the browser's forms and the API share (spec sections 1, 5 and 9), so the
// browser never accepts what the API refuses. Plain functions, no validator library: the
// visitors' bundles import them, and the contract's schemas name them as formats (formats.ts).

/**
 * An organization's web name, the first part of its sites' host name (section 1): 1 to 63
 * lower-case letters, digits or dashes, not starting with a dash.
 */
export const WEB_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function isWebName(value: string): boolean {
  return WEB_NAME_PATTERN.test(value);
}

/** An IANA time zone name this runtime knows ("America/Sao_Paulo", "UTC"); offsets like "+03:00" are not names. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An instant in UTC as the API writes them (2026-11-23T10:00:00.000Z; milliseconds optional) that is on the calendar: not 2026-02-30, not 25:00. */
export function isInstant(value: string): boolean {
  const parts = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,3})?Z$/.exec(value);
  const time = parts ? Date.parse(value) : NaN;
  // Date.parse rolls a day past the month's end over (2026-02-30 is 2 March): the round trip must give the same date.
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 19) === parts?.[1];
}

/**
 * A credential (a customer's external id, as printed on a badge or read from its QR code):
 * surrounding spaces never count and neither does case, so "cred-ana" finds "CRED-ANA". The API
 * stores credentials in this form and looks them up in it; the home sends it so.
 */
export function normalizeCredential(raw: string): string {
  return raw.trim().toUpperCase();
}

/** A text as stored: trimmed, and null when nothing is left. */
export const trimmedOrNull = (value: string | null | undefined) => value?.trim() || null;

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

/**
 * Section 5: a CPF is valid only with 11 digits once spaces, dots and dashes are stripped, not all
 * the same digit, and both check digits right. Anything else (letters, slashes) makes it invalid.
 */
export function isValidCpf(input: string): boolean {
  const digits = stripCpf(input);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** 8 to 15 digits with an optional leading +, once unmasked. */
export const PHONE_PATTERN = /^\+?\d{8,15}$/;

/** Spaces, dots, dashes and brackets in a phone number are a mask. */
export const unmaskPhone = (phone: string) => phone.replace(/[\s().-]/g, '');

export const isPhone = (value: string) => PHONE_PATTERN.test(unmaskPhone(value));

/** A postal code outside Brazil: letters, digits, spaces and dashes. */
export const ZIPCODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** A browser's visitor key: its own random key (at least 128 bits), 22 to 64 URL-safe characters. */
export const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The header by which a call proves an order is its browser's: the visitor key the order was
 * made with. Changing or paying an order without it is refused (403 FORBIDDEN); reading one
 * without it answers none of the buyer's data.
 */
export const VISITOR_KEY_HEADER = 'x-visitor-key';

/**
 * The gallery's media come a page at a time: the first fits a phone's first screen and then some
 * (its answer is a few KB), later pages are larger so scrolling through thousands asks seldom.
 */
export const FIRST_PAGE_SIZE = 80;
export const NEXT_PAGE_SIZE = 1000;

/**
 * A gallery's first media, its first row or two on any screen: the page's script asks for each by
 * its place (the cover route's `at`) with the HTML, before the first answer names them, and the
 * grid loads them eagerly.
 */
export const FIRST_SCREEN_MEDIA = 3;
