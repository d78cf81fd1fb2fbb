import { Type, type Static } from 'typebox';

/** Every code a failed call can carry as its message (spec section 7 and the shop's own). */
export const ERROR_CODES = [
  'CARD_NOT_FOUND',
  'CARD_EMPTY_MEDIA',
  'CARD_EMPTY_PHOTO',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_CODE_NOT_FOUND',
  'CARD_NOT_FROM_CUSTOMER',
  'ORGANIZATION_NOT_FOUND',
  'MEDIA_NOT_FOUND',
  'MEDIA_NOT_SOLD',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'FORBIDDEN',
  'INVALID_IMAGE',
  'INTERNAL_ERROR',
  // The shop (orders and payments).
  'ORDER_NOT_FOUND',
  'ORDER_CLOSED',
  'PRODUCT_NOT_FOUND',
  'MEDIA_ALREADY_SOLD',
  'REFUSED',
  'PAYMENT_NOT_FOUND',
  // The all-digital package where it saves nothing (nothing unsold, or it costs more); an order buying nothing.
  'ALL_DIGITAL_NOT_OFFERED',
  'NOTHING_TO_BUY',
  // The cart changed while a charge was being made: it was undone (canceled or refunded).
  'ORDER_CHANGED',
  // The facial search: none of the visitor's photos shows a face; the organization uses two-factor.
  'FACE_NOT_FOUND',
  'TWO_FACTOR_REQUIRED',
  // A change announcement whose signature does not match the body.
  'INVALID_SIGNATURE',
  // 503, with Retry-After: the database stayed busy (another process writing) or the server is stopping.
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every failed call answers this, with a 4xx or 5xx status. */
export const ErrorAnswer = Type.Object({
  error: Type.Literal(true),
  message: Type.String(),
  /** For VALIDATION_ERROR and a few others: what is wrong, in English. */
  detail: Type.Optional(Type.String()),
});
export type WireError = Static<typeof ErrorAnswer>;
