import { Type, type Static } from 'typebox';
import { Organization } from './organization.ts';
import { FIRST_SCREEN_MEDIA, NEXT_PAGE_SIZE } from './rules.ts';
import { CardCode, Cpf, Email, Int, MediaId, ok, orNull, Phone, PositiveId, Secret, Str, Text } from './schema.ts';

// Cards, media and the visitor's calls around them (spec sections 3 and 7), as they travel.

const MediaType = Type.Enum(['photo', 'video']);
export type MediaType = Static<typeof MediaType>;

/** One format's renditions: its mime type, and `srcset` lists (`<path> <width>w, ...`) of the thumb and the preview. */
const ImageSource = Type.Object({ type: Type.String(), thumb_srcset: Type.String(), preview_srcset: Type.String() });
export type WireImageSource = Static<typeof ImageSource>;

const mediaFiles = {
  id: Type.String(),
  filename: Type.String(),
  thumb_filename: Type.String(),
  /** API path (no host) of the preview image: watermarked unless the media is sold or free. */
  preview_path: Type.String(),
  /** API path (no host) of the thumbnail: watermarked unless the media is sold or free. */
  thumb_path: Type.String(),
  /** The card code (normalised) the media belongs to. */
  card: Type.String(),
  /**
   * The original's size in pixels as viewers show it (EXIF orientation applied), so the gallery
   * lays out each thumbnail at its own ratio before any image arrives; a video's picture as
   * players show it (rotation applied), which its poster frame has too.
   */
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  /**
   * Modern renditions of the thumb and preview, once made (they are made after import): per
   * format, `srcset` lists of API paths with their widths, the same copy (clean or watermarked)
   * as thumb_path and preview_path. Absent: only the JPEGs exist.
   */
  image_sources: Type.Optional(Type.Array(ImageSource)),
};

export const Media = Type.Object({
  ...mediaFiles,
  type: MediaType,
  /** Only on unsold media. */
  selected: Type.Optional(Type.Boolean()),
  /**
   * Only on unsold videos: API path (no host) of the preview clip the gallery plays instead of
   * the original (MP4, the first 10 s at 480p or less, watermarked).
   */
  preview_clip_path: Type.Optional(Type.String()),
});
export type WireMedia = Static<typeof Media>;

export const Extra = Type.Object({
  ...mediaFiles,
  type: Type.Literal('extra'),
  /** Whether its clean files are the visitor's (an extra follows the sold rule like any media). */
  sold: Type.Boolean(),
});
export type WireExtra = Static<typeof Extra>;

export const Card = Type.Object({
  id: Type.String(),
  /** Normalised 9-character code. */
  card: Type.String(),
  medias_count: Type.Integer(),
});
export type WireCard = Static<typeof Card>;

/** GET /api/v1/card/{card}/medias. */
export const CardAnswer = Type.Object({ ...ok, card: Card, medias_count: Type.Integer() });
export type WireCardAnswer = Static<typeof CardAnswer>;

/** How many media each list holds in all, whichever page was answered (the lists' headings). */
export const MediaCounts = Type.Object({
  sold_photos: Type.Integer({ minimum: 0 }),
  sold_videos: Type.Integer({ minimum: 0 }),
  not_sold_photos: Type.Integer({ minimum: 0 }),
  not_sold_videos: Type.Integer({ minimum: 0 }),
  extras: Type.Integer({ minimum: 0 }),
});
export type WireMediaCounts = Static<typeof MediaCounts>;

const mediaPage = {
  ...ok,
  sold_medias: Type.Array(Media),
  not_sold_medias: Type.Array(Media),
  extras: Type.Array(Extra),
  /**
   * The media come in the gallery's order (sold, not sold, extras; each by capture time, then
   * id), a page at a time: `next` is the cursor of the following page (the body's `after`), null
   * after the last.
   */
  next: orNull(Type.String()),
  counts: MediaCounts,
};

/** POST /api/v1/medias/{org}/{firstCard}: one page (`limit`), or every media when the body gives no limit. */
export const MediasAnswer = Type.Object(mediaPage);
export type WireMediasAnswer = Static<typeof MediasAnswer>;

// No page is larger than the later pages the gallery asks for.
const PageLimit = Type.Integer({ minimum: 1, maximum: NEXT_PAGE_SIZE });
/** An opaque cursor (a `next` answered before). */
const Cursor = Str({ minLength: 1, maxLength: 200, description: 'a cursor from an earlier answer' });

export const MAX_CARDS = 50;
export const MediasBody = Type.Object({
  cards: Type.Array(CardCode, { minItems: 1, maxItems: MAX_CARDS }),
  after: Type.Optional(Cursor),
  limit: Type.Optional(PageLimit),
});

/**
 * GET /api/v1/medias/{org}/{firstCard}/gallery: what the gallery page starts with, in one answer a
 * page's first bytes can ask for (no preflight): the organization and the first page of media.
 * `cards`: the other cards, comma-separated.
 */
export const GalleryStartQuery = Type.Object({
  cards: Type.Optional(Str({ maxLength: MAX_CARDS * 12 })),
  secret: Type.Optional(Secret),
  limit: Type.Optional(PageLimit),
});
export const GalleryStartAnswer = Type.Object({ ...mediaPage, organization: Organization });
export type WireGalleryStartAnswer = Static<typeof GalleryStartAnswer>;

/** GET /api/v1/cover/:org/:card: the gallery's first thumbnail (or the one at place `at` of its first screen) for a grid row `h` device pixels high. */
export const CoverQuery = Type.Object({
  h: Int({ minimum: 1, maximum: 10_000 }),
  at: Type.Optional(Int({ minimum: 0, maximum: FIRST_SCREEN_MEDIA - 1 })),
  secret: Type.Optional(Secret),
});

/** The query of calls on a two-factor organization's cards. */
export const SecretQuery = Type.Object({ secret: Type.Optional(Secret) });
export const OrganizationQuery = Type.Object({ organization_id: PositiveId });

export const MAX_ZIP_MEDIA = 5000;
/** POST /api/v1/medias/zip. */
export const ZipBody = Type.Object({ media_ids: Type.Array(MediaId, { minItems: 1, maxItems: MAX_ZIP_MEDIA }) });
/** An absolute, unguessable link valid for one hour. */
export const ZipAnswer = Type.Object({ error: Type.Literal(false), url: Type.String() });
export type WireZipAnswer = Static<typeof ZipAnswer>;

/** GET /api/v1/card/customer/external_id/{credentialId}: the credential's cards that have media. */
export const CredentialCardsAnswer = Type.Object({ error: Type.Literal(false), cards: Type.Array(Card) });
export type WireCredentialCardsAnswer = Static<typeof CredentialCardsAnswer>;

const SearchText = Str({ maxLength: 200 });
/** POST /api/v1/customer/card/medias: the fields the organization asks for (the API checks which). */
export const CustomerSearchBody = Type.Object({
  organization_id: PositiveId,
  name: Type.Optional(SearchText),
  lastname: Type.Optional(SearchText),
  external_id: Type.Optional(SearchText),
  cpf: Type.Optional(SearchText),
  password: Type.Optional(SearchText),
});
export type CustomerSearch = Static<typeof CustomerSearchBody>;

/** The customer's most recent card with media. */
export const CustomerCardAnswer = Type.Object({ error: Type.Literal(false), card: Card, medias_count: Type.Integer() });
export type WireCustomerCardAnswer = Static<typeof CustomerCardAnswer>;

/** POST /api/v1/photo/{org}: the (normalised) code of the card the photos went to. */
export const UploadAnswer = Type.Object({
  error: Type.Literal(false),
  card_code: Type.String(),
  /** Under two-factor: the card's access code (a new card gets its own), needed to open it. */
  secret: Type.Optional(Type.String()),
});
export type WireUploadAnswer = Static<typeof UploadAnswer>;

/** How the sites spell yes in `must_edit` (section 7); the rest of MUST_EDIT is no. */
const YES = ['True', 'true', '1'] as const;
export const isYes = (value: string | undefined) => (YES as readonly (string | undefined)[]).includes(value);

export const UploadQuery = Type.Object({
  card_code: Type.Optional(CardCode),
  secret: Type.Optional(Secret),
  must_edit: Type.Optional(Type.Enum([...YES, 'False', 'false', '0'])),
});

/** POST /api/v1/card/search/photo: the period of the event (ISO dates). */
export const FaceSearchQuery = Type.Object({
  organization_id: PositiveId,
  from_date: Str({ minLength: 10, maxLength: 40 }),
  to_date: Str({ minLength: 10, maxLength: 40 }),
});
/**
 * The cards with photos of the visitor, best match first, each with the matching photos and how
 * sure the match is (`similarity`, 0 to 1, from its best photo); `pending`: the photos of the
 * period not indexed yet, which the search could not look at.
 */
export const FaceSearchAnswer = Type.Object({
  ...ok,
  cards: Type.Array(Type.Object({ card: Type.String(), similarity: Type.Number({ minimum: 0, maximum: 1 }), medias: Type.Array(Media) })),
  pending: Type.Integer({ minimum: 0 }),
});
export type WireFaceSearchAnswer = Static<typeof FaceSearchAnswer>;

/** DELETE /api/v1/media/{id}. */
export const DeleteAnswer = Type.Object(ok);
export type WireDeleteAnswer = Static<typeof DeleteAnswer>;

/** The branding files the API stores for an organization (names like `logo.svg`). */
export const BrandingList = Type.Object({ error: Type.Literal(false), files: Type.Array(Type.String()) });
export type WireBrandingList = Static<typeof BrandingList>;

/** A visitor customer file for the admin CLI's `customer:upsert`. */
export const CustomerFile = Type.Object(
  {
    /** The organization's web_name. */
    organization: Text(64),
    name: Type.Optional(orNull(Text(100))),
    lastname: Type.Optional(orNull(Text(100))),
    external_id: Type.Optional(orNull(Str({ pattern: '^[A-Za-z0-9._:-]{1,64}$', description: '1 to 64 letters, digits, . _ : or -' }))),
    cpf: Type.Optional(orNull(Cpf)),
    email: Type.Optional(orNull(Email)),
    phone: Type.Optional(orNull(Phone)),
    password: Type.Optional(orNull(Str({ minLength: 6, maxLength: 200, description: '6 to 200 characters' }))),
  },
  {
    additionalProperties: false,
    // Somebody to find: at least one of the fields the home's customer search asks for.
    anyOf: ['name', 'lastname', 'external_id', 'cpf'].map((key) => ({ required: [key], properties: { [key]: { type: 'string' } } })),
    description: 'one JSON object with at least one of name, lastname, external_id or cpf',
  },
);
export type CustomerFileInput = Static<typeof CustomerFile>;
