import { Type, type Static } from 'typebox';
import { LOCALES } from './locales.ts';
import { FaceSearchQuery } from './media.ts';
import { CardCode, Email, PositiveId, Str } from './schema.ts';

// "E-mail me when my photos arrive" (issue #29): the visitor of an empty card leaves an address,
// with consent, and gets one e-mail when the card's first photos land. And every e-mail's
// unsubscribe link.

/** How long a subscription waits for the card's photos; then it and its address are deleted. */
export const NOTIFY_KEEP_DAYS = 30;

/** POST /api/v1/notify/{orgId}/{card}. */
export const NotifyParams = Type.Object({ org: PositiveId, card: CardCode });
export const NotifyBody = Type.Object(
  {
    email: Email,
    /** The visitor agreed to the consent line (what the address is used for, how long it is kept). */
    consent: Type.Literal(true, { description: 'true' }),
    /** The language of the e-mail; pt when absent. */
    locale: Type.Optional(Type.Enum([...LOCALES], { description: 'pt, en or es' })),
  },
  { additionalProperties: false },
);
export type WireNotifyBody = Static<typeof NotifyBody>;

/**
 * POST /api/v1/notify/{orgId}: from the facial search, whose pending photos are nobody's card yet:
 * the address waits for the period searched (its days, as the search sent them) to be indexed.
 */
export const NotifyFacesParams = Type.Object({ org: PositiveId });
export const NotifyFacesBody = Type.Object(
  { ...NotifyBody.properties, from_date: FaceSearchQuery.properties.from_date, to_date: FaceSearchQuery.properties.to_date },
  { additionalProperties: false },
);
export type WireNotifyFacesBody = Static<typeof NotifyFacesBody>;

/** GET and POST /api/v1/mail/unsubscribe/{token}: the token the API makes (base64url), never anything else. */
export const UnsubscribeParams = Type.Object({ token: Str({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) });
/** The language of the message the link came in, for the page it answers. */
export const UnsubscribeQuery = Type.Object({ lang: Type.Optional(Str({ maxLength: 8 })) });
