import { formatCardCode, isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';

/** The gallery address of a card, keeping the credential as a query when there is one. */
export function galleryPath(code: string, credential?: string | null): string {
  const path = `/gallery/${formatCardCode(code)}`;
  return credential ? `${path}?credential=${encodeURIComponent(credential)}` : path;
}

/** The normalised card code in /gallery/{code}, or null when the path carries no valid code. */
export function cardCodeFromGalleryPath(pathname: string): string | null {
  const match = /^\/gallery\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return isValidCardCode(segment) ? normalizeCardCode(segment) : null;
}

export { galleryPathOfCards } from '@gallery/contract/site-routing';

/**
 * The gallery address with these cards (after the one in the path) in ?cards=, or without
 * ?cards= when there are none; the other parameters (credential, send) stay.
 */
export function withAddedCards(href: string, codes: readonly string[]): string {
  const url = new URL(href);
  url.searchParams.delete('cards');
  const query = url.search.slice(1);
  const cards = codes.length ? `cards=${codes.map(formatCardCode).join(',')}` : '';
  const search = [query, cards].filter(Boolean).join('&');
  return `${url.origin}${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** The valid card codes of a ?cards= list, normalised, each once. */
export function cardCodesFromQuery(value: string | null): string[] {
  const codes = (value ?? '').split(',').filter(isValidCardCode).map(normalizeCardCode);
  return [...new Set(codes)];
}

/** What a gallery address says: the card (path), more cards, the credential and whether to open send photos. */
export interface GalleryAddress {
  code: string | null;
  cards: string[];
  credential: string | null;
  send: boolean;
}

export function galleryAddress({ pathname, search }: Pick<Location, 'pathname' | 'search'>): GalleryAddress {
  const query = new URLSearchParams(search);
  return {
    code: cardCodeFromGalleryPath(pathname),
    cards: cardCodesFromQuery(query.get('cards')),
    credential: query.get('credential'),
    send: query.get('send') === '1',
  };
}
