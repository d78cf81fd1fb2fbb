// Field rules of the checkout (section 5) that the browser's forms and the API both apply,
// so the browser never accepts what the server refuses.
import { isValidEmail } from '@brazilian-utils/brazilian-utils';

/** 8 to 15 digits with an optional leading +. */
export const PHONE_PATTERN = /^\+?\d{8,15}$/;
/** Outside Brazil: letters, digits, spaces and dashes. */
export const ZIPCODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** Spaces, dots, dashes and brackets in a phone number are a mask. */
export const unmaskPhone = (phone: string) => phone.replace(/[\s().-]/g, '');

/** An e-mail address of at most 254 characters. */
export const isEmail = (value: string) => value.length <= 254 && isValidEmail(value);
