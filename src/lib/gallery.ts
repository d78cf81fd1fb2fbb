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
 * The gallery's lists in the viewer's order (sold, not sold, extras), each with its role; an
 * empty list is left out (its heading would only say "0 photos").
 */
export function gallerySections(lists: MediaLists, organization: SaleFlags): GallerySection[] {
  const sections: GallerySection[] = organization.freePhotos
    ? [{ role: 'toDownload', items: [...lists.sold, ...lists.notSold] }]
    : [
        { role: 'bought', items: lists.sold },
        { role: canBuy(organization) ? 'toBuy' : 'atVenue', items: lists.notSold },
      ];
  sections.push({ role: 'extras', items: lists.extras });
  return sections.filter((section) => section.items.length > 0);
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
 * Grid geometry: justified rows that keep every photo's ratio (its width and height from the
 * API). A row takes photos while it is still taller than the target height, keeps the last one
 * only if that brings it nearer the target (and not under the minimum), then is scaled to fill
 * the width exactly; the last row stays at the target, never stretched. All of it comes from the
 * data, never from a loaded image: the virtualiser knows every row's height up front and nothing
 * shifts while the thumbnails arrive.
 * A desktop row is at least 150 px high, so a 3:2 landscape is at least 225 px on its long edge
 * (220 after rounding, with room); a phone's rows hold about two photos, so a 390x844 phone shows
 * at least four whole above its cart bar.
 */
export const GRID = {
  desktop: { target: 220, min: 150, gap: 8 },
  phone: { target: 124, min: 80, gap: 4 },
  /** Lists narrower than this are laid out as a phone's. */
  phoneWidth: 600,
  /** Ratios (width / height) are held to these, so 9:16 portraits and 3:1 panoramas stay whole and nothing odder runs riot. */
  minRatio: 0.5,
  maxRatio: 3,
  /** The ratio of a media without a usable size (a photo is 3:2 more often than not). */
  fallbackRatio: 1.5,
} as const;

/** One media of a row: its index in the list, its left edge and width in whole pixels. */
export interface GridCell {
  index: number;
  left: number;
  width: number;
}

export interface GridRow {
  /** In whole pixels, without the gap below the row. */
  height: number;
  cells: GridCell[];
}

export interface GridLayout {
  gap: number;
  rows: GridRow[];
}

/** A media's own ratio (width / height) for the viewer, or null when the API gave no usable size. */
export function ownRatio({ width, height }: { width: number; height: number }): number | null {
  const ratio = width / height;
  // NaN (no size) and 0 fail the first test, Infinity (no height) the second.
  return ratio > 0 && Number.isFinite(ratio) ? ratio : null;
}

/** The ratio a media is laid out at: its own, held between minRatio and maxRatio. */
export function gridRatio({ width, height }: { width: number; height: number }): number {
  const ratio = width / height;
  // NaN (no size) fails the test; an infinite ratio (no height) is held to maxRatio.
  return ratio > 0 ? Math.min(GRID.maxRatio, Math.max(GRID.minRatio, ratio)) : GRID.fallbackRatio;
}

/** Media `start` to `end` (excluded) as one row `height` high; edges rounded so the gaps stay exact. */
function gridRow(ratios: readonly number[], start: number, end: number, height: number, gap: number): GridRow {
  const cells: GridCell[] = [];
  let x = 0;
  for (let index = start; index < end; index++) {
    const left = Math.round(x);
    x += ratios[index]! * height;
    cells.push({ index, left, width: Math.round(x) - left });
    x += gap;
  }
  return { height: Math.round(height), cells };
}

/** The justified rows of media of these sizes in a list `width` px wide (no rows before it has a width). */
export function gridLayout(sizes: ReadonlyArray<{ width: number; height: number }>, width: number): GridLayout {
  const { target, min, gap } = width < GRID.phoneWidth ? GRID.phone : GRID.desktop;
  const rows: GridRow[] = [];
  if (!(width > 0)) return { gap, rows };
  const ratios = sizes.map(gridRatio);
  // The height at which `count` media whose ratios add up to `sum` fill the width.
  const fit = (sum: number, count: number) => (width - gap * (count - 1)) / sum;
  let start = 0;
  while (start < ratios.length) {
    let end = start;
    let sum = 0;
    let height = Infinity;
    while (end < ratios.length && height > target) {
      sum += ratios[end]!;
      end++;
      height = fit(sum, end - start);
    }
    if (height > target) {
      rows.push(gridRow(ratios, start, end, target, gap));
      break;
    }
    if (end - start > 1) {
      const without = fit(sum - ratios[end - 1]!, end - start - 1);
      if (height < min || without - target < target - height) {
        end--;
        height = without;
      }
    }
    rows.push(gridRow(ratios, start, end, height, gap));
    start = end;
  }
  return { gap, rows };
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
