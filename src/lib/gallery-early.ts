// The gallery's first call, started by the page's inline script (gallery-early-script.ts) before
// any island code arrives: the stores adopt its answer (src/lib/api/client.ts) for the very URL
// they would ask for, once. The script also starts the gallery's first screen of thumbnails (its
// covers, whose addresses follow from the page's and their place), which the grid's first cells
// then show from those very URLs, and paints the grid's first rows until the grid shows.
import type { MessageKey } from '../i18n/index.ts';

/** What the page's script leaves for the stores (on window, under EARLY_GALLERY_KEY). */
export interface EarlyGallery {
  url: string;
  answer: Promise<{ status: number; text: string }>;
  /** The first screen's photos the script started, by their place (coverPath); only for a gallery of the address's card alone. */
  covers?: string[];
  /**
   * Settles once the grid's first rows show with the first screen's photos, at once when none will (another
   * language pending hides the page, an answer that is not a gallery), and after
   * FIRST_SCREEN_WAIT_MS at the latest: the island code starts then (afterFirstScreen).
   */
  firstScreen: Promise<void>;
}

/** The longest the island code waits for the first screen's photos (a photo that hangs holds nothing up longer). */
export const FIRST_SCREEN_WAIT_MS = 3000;

/** Marks the <template> where a page holds its island code until its first screen shows (scripts/island-loading.ts). */
export const HELD_CODE_ATTRIBUTE = 'data-held-code';

export const EARLY_GALLERY_KEY = '__earlyGallery';

/** The page's slot where the grid's first rows show while the gallery loads (the gallery page's markup, gallery.css). */
export const EARLY_SLOT = '[data-gallery-early]';

/** The loading head's texts (GalleryIntro, GalleryLists' Loading); the page's script carries them in every language. */
export const EARLY_TEXTS = [
  'gallery.loading',
  'gallery.hint',
  'gallery.hintPhone',
  'gallery.extrasNotice',
  'gallery.noneSold',
] as const satisfies readonly MessageKey[];
export type EarlyTextKey = (typeof EARLY_TEXTS)[number];

/**
 * A text of the loading head, named by its message key: while a visitor's language other than pt
 * is pending, the page's script sets it in that language before it paints the grid's first rows,
 * so they sit where that language's head puts the grid. The island hydrates over it (pt) without a
 * warning and renders the same text once it shows that language.
 */
export function earlyText(key: EarlyTextKey): { 'data-early-t': EarlyTextKey; suppressHydrationWarning: true } {
  return { 'data-early-t': key, suppressHydrationWarning: true };
}

/** The API path of the gallery's first answer for these cards (the address's first) and access code. */
export function galleryStartPath(organizationId: number, cards: readonly string[], secret: string | undefined, limit: number): string {
  const [first = '', ...others] = cards;
  let query = 'limit=' + limit;
  if (others.length) query += '&cards=' + others.join(',');
  if (secret) query += '&secret=' + encodeURIComponent(secret);
  return '/api/v1/medias/' + organizationId + '/' + encodeURIComponent(first) + '/gallery?' + query;
}

/** The API path of the thumbnail the gallery of `card` alone shows at `position` (0: its first), for a grid row `rowHeight` device pixels high. */
export function coverPath(organizationId: number, card: string, rowHeight: number, secret: string | undefined, position = 0): string {
  return (
    '/api/v1/cover/' +
    organizationId +
    '/' +
    encodeURIComponent(card) +
    '?h=' +
    rowHeight +
    (position ? '&at=' + position : '') +
    (secret ? '&secret=' + encodeURIComponent(secret) : '')
  );
}

/** What the page's script started, if it did (undefined at build time and on other pages). */
export function readEarlyGallery(): EarlyGallery | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as Record<string, EarlyGallery | undefined>)[EARLY_GALLERY_KEY];
}

/**
 * Resolves once the page's first screen of photos shows (at once on a page that has none), having
 * put in the page's <head> the island code it held back until then: the client:after-photos directives wait for it.
 */
export function afterFirstScreen(): Promise<void> {
  return (readEarlyGallery()?.firstScreen ?? Promise.resolve()).then(() => {
    const held = document.querySelector<HTMLTemplateElement>(`template[${HELD_CODE_ATTRIBUTE}]`);
    if (!held) return;
    // Once, for all the page's islands: whichever comes first takes the template out.
    held.remove();
    document.head.append(document.importNode(held.content, true));
  });
}
