// Pure rules of the gallery page: who may buy or download what, the order the viewer walks, the
// virtual grid's geometry and the upload checks. No DOM, no stores: unit-tested in tests/unit.
import type { MessageKey, Translate } from '../i18n/index.ts';
import type { ApiErrorCode, Media, MediaLists } from './api/types.ts';
import type { Organization } from '../tenant/organization.ts';
import { galleryProblem, type GalleryProblem } from './error-messages.ts';

type SaleFlags = Pick<Organization, 'hasOnlineSale' | 'canSellOnline' | 'freePhotos'>;

/** Buying is offered (9/3 layout, prices, cart) when the organization sells and photos are not free. */
export function canBuy(organization: SaleFlags): boolean {
  return (organization.hasOnlineSale || organization.canSellOnline) && !organization.freePhotos;
}

/** Sold media and, in free-photo organizations, everything can be downloaded clean. */
export function isDownloadable(media: Media, organization: Pick<Organization, 'freePhotos'>): boolean {
  return organization.freePhotos || media.sold;
}

/** Every media in the order the gallery shows them: sold, not sold, extras. */
export function allMedia(lists: MediaLists): Media[] {
  return [...lists.sold, ...lists.notSold, ...lists.extras];
}

/** What the visitor owns (what the ZIP holds): the downloadable media, extras included. */
export function ownedMedia(lists: MediaLists, organization: Pick<Organization, 'freePhotos'>): Media[] {
  return allMedia(lists).filter((media) => isDownloadable(media, organization));
}

/** The lists without one media (after a delete it leaves every list). */
export function withoutMedia(lists: MediaLists, id: string): MediaLists {
  const keep = (media: Media) => media.id !== id;
  return { sold: lists.sold.filter(keep), notSold: lists.notSold.filter(keep), extras: lists.extras.filter(keep) };
}

/** Where a media sits in the viewer's walk, with its neighbours (null at either end). */
export function neighbours(list: readonly Media[], id: string | null) {
  const index = id === null ? -1 : list.findIndex((media) => media.id === id);
  return {
    index,
    previous: index > 0 ? (list[index - 1] ?? null) : null,
    next: index >= 0 && index < list.length - 1 ? (list[index + 1] ?? null) : null,
  };
}

// ---- The views and the lists ----

/** What the gallery shows: its title and lists only when there are media (section 2's views). */
export type GalleryView =
  | { kind: 'loading' }
  /** Opened to send photos, with no card yet. */
  | { kind: 'noCard' }
  | { kind: 'problem'; problem: GalleryProblem }
  | { kind: 'list'; lists: MediaLists };

/**
 * The view of the gallery: loading until the address is read and the media have answered (never
 * an error before the first call has even left); an address without a card is an invalid card.
 */
export function galleryView(
  address: { code: string | null; sendWithoutCard: boolean } | undefined,
  media: { error: ApiErrorCode | null; data: MediaLists | null },
): GalleryView {
  if (!address) return { kind: 'loading' };
  if (address.code === null) return address.sendWithoutCard ? { kind: 'noCard' } : { kind: 'problem', problem: galleryProblem('CARD_NOT_FOUND') };
  if (media.data) {
    return allMedia(media.data).length > 0 ? { kind: 'list', lists: media.data } : { kind: 'problem', problem: galleryProblem('CARD_EMPTY_PHOTO') };
  }
  return media.error ? { kind: 'problem', problem: galleryProblem(media.error) } : { kind: 'loading' };
}

/**
 * What one list holds for the visitor: bought, to buy online (only where buying is offered), to
 * buy at the venue (where it is not), to download (free photos: nothing there is "bought"), extras.
 */
export type ListRole = 'bought' | 'toBuy' | 'atVenue' | 'toDownload' | 'extras';

export interface GallerySection {
  role: ListRole;
  items: Media[];
}

/**
 * The gallery's lists in the viewer's order (sold, not sold, extras), each with its role. Every
 * role but extras is there even when empty: the counts under the title show it at zero.
 */
export function gallerySections(lists: MediaLists, organization: SaleFlags): GallerySection[] {
  const main: GallerySection[] = organization.freePhotos
    ? [{ role: 'toDownload', items: [...lists.sold, ...lists.notSold] }]
    : [
        { role: 'bought', items: lists.sold },
        { role: canBuy(organization) ? 'toBuy' : 'atVenue', items: lists.notSold },
      ];
  return lists.extras.length > 0 ? [...main, { role: 'extras', items: lists.extras }] : main;
}

const LABELS = {
  bought: ['gallery.photosBought', 'gallery.videosBought'],
  toBuy: ['gallery.photosToBuy', 'gallery.videosToBuy'],
  atVenue: ['gallery.photosAtVenue', 'gallery.videosAtVenue'],
  toDownload: ['gallery.photosToDownload', 'gallery.videosToDownload'],
} as const satisfies Record<Exclude<ListRole, 'extras'>, readonly [MessageKey, MessageKey]>;

/**
 * A list's heading and count: its photos and its videos each counted as what they are ("2 photos
 * bought", "1 video bought", "2 photos bought and 1 video bought"); no videos, no video count.
 */
export function sectionLabel(t: Translate, { role, items }: GallerySection): string {
  if (role === 'extras') return t('gallery.extras', { count: items.length });
  const videos = items.filter((media) => media.type === 'video').length;
  const [photoKey, videoKey] = LABELS[role];
  const photoText = t(photoKey, { count: items.length - videos });
  if (videos === 0) return photoText;
  const videoText = t(videoKey, { count: videos });
  return videos === items.length ? videoText : t('gallery.both', { photos: photoText, videos: videoText });
}

/**
 * Grid geometry. The API gives no photo sizes (its demo thumbnails are 3:2 landscape, 480x320),
 * so the grid is justified rows of equal 3:2 cells: each row fills the width, every cell keeps the
 * thumbnail's ratio, and the page knows every row's height before a thumbnail arrives (no layout
 * shift, and the virtualiser needs no measuring). Cells are at least `minCell` px wide (the long
 * edge: 220 px and more on a desktop), a phone keeps two columns, the gap is tighter on a phone.
 */
export const GRID = { minCell: 220, phoneColumns: 2, phoneWidth: 600, phoneMinCell: 140, gap: 8, phoneGap: 4, aspect: 2 / 3 } as const;

/** The space between cells for a list `width` px wide. */
export function gridGap(width: number): number {
  return width > 0 && width < GRID.phoneWidth ? GRID.phoneGap : GRID.gap;
}

export function gridColumns(width: number, minCell: number = GRID.minCell, gap: number = gridGap(width)): number {
  if (!(width > 0)) return 1;
  const wide = Math.floor((width + gap) / (minCell + gap));
  // A phone keeps two columns while each is still a useful thumbnail.
  const phone = width >= GRID.phoneColumns * GRID.phoneMinCell + gap ? GRID.phoneColumns : 1;
  return Math.max(1, wide, phone);
}

/** The width of one cell (its long edge) in a list `width` px wide. */
export function gridCell(width: number, columns: number, gap: number = gridGap(width)): number {
  return Math.max(1, (width - gap * (columns - 1)) / columns);
}

/** Height of one row (cell plus the gap below it) for a container `width` px wide. */
export function gridRowHeight(width: number, columns: number, gap: number = gridGap(width)): number {
  return gridCell(width, columns, gap) * GRID.aspect + gap;
}

export function gridRowCount(items: number, columns: number): number {
  return Math.ceil(items / Math.max(1, columns));
}

/** The media of one row of the grid. */
export function gridRow<T>(items: readonly T[], row: number, columns: number): T[] {
  return items.slice(row * columns, row * columns + columns);
}

// ---- Send photos ----

export const MAX_UPLOAD_FILES = 20;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * The real type of a file from its first bytes: PNG or JPEG signatures only. A text file named
 * photo.jpg is refused before anything is sent.
 */
export function sniffImageType(head: Uint8Array): UploadType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}
