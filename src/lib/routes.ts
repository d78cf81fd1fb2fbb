import { formatCardCode, isValidCardCode, normalizeCardCode } from './card-code.ts';

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
