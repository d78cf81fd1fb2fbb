// The field rules the browser's forms and the API share (spec sections 1, 5 and 9), so the
// browser never accepts what the API refuses. Plain functions, no validator library: the
// visitors' bundles import them, and the contract's schemas name them as formats (formats.ts).
import { isValidCep as isCep, isValidEmail } from '@brazilian-utils/brazilian-utils';

/**
 * An organization's web name, the first part of its sites' host name (section 1): 1 to 63
 * lower-case letters, digits or dashes, not starting with a dash.
 */
export const WEB_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function isWebName(value: string): boolean {
  return WEB_NAME_PATTERN.test(value);
}

/**
 * A credential (a customer's external id, as printed on a badge or read from its QR code):
 * surrounding spaces never count and neither does case, so "cred-ana" finds "CRED-ANA". The API
 * stores credentials in this form and looks them up in it; the home sends it so.
 */
export function normalizeCredential(raw: string): string {
  return raw.trim().toUpperCase();
}

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

/** An e-mail address of at most 254 characters. */
export const isEmail = (value: string) => value.length <= 254 && isValidEmail(value);

/** 8 to 15 digits with an optional leading +, once unmasked. */
export const PHONE_PATTERN = /^\+?\d{8,15}$/;

/** Spaces, dots, dashes and brackets in a phone number are a mask. */
export const unmaskPhone = (phone: string) => phone.replace(/[\s().-]/g, '');

export const isPhone = (value: string) => PHONE_PATTERN.test(unmaskPhone(value));

/** A Brazilian CEP: 8 digits, with or without its dash. */
export const isValidCep = (value: string) => isCep(value);

/** A postal code outside Brazil: letters, digits, spaces and dashes. */
export const ZIPCODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** Lower-case ISO 3166-1 alpha-2 codes of the checkout's country lists (section 9). */
export const COUNTRY_CODES: readonly string[] = (
  'ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ' +
  'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk fm fo fr ' +
  'ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo ' +
  'jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ' +
  'ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro ' +
  'rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv ' +
  'tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
).split(' ');

/** A country of the list, in either case ("BR" is Brazil; "zz" is none). */
export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.includes(value.toLowerCase());
}
