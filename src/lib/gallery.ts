// Pure rules of the gallery page: who may buy or download what, the order the viewer walks, the
// views and lists. No DOM, no stores: unit-tested in tests/unit.
import type { MessageKey, Translate } from '../i18n/index.ts';
import type { Sellable } from '@gallery/contract/cart';
import type { ApiErrorCode, Media, MediaLists } from './api/types.ts';
import type { Organization } from '../tenant/organization.ts';

type SaleFlags = Pick<Organization, 'hasOnlineSale' | 'canSellOnline' | 'freePhotos'>;

/** Buying is offered (9/3 layout, prices, cart) when the organization sells and photos are not free. */
export function canBuy(organization: SaleFlags): boolean {
  return (organization.hasOnlineSale || organization.canSellOnline) && !organization.freePhotos;
}

/** Sold media and, in free-photo organizations, everything can be downloaded clean. */
export function isDownloadable(media: Media, organization: Pick<Organization, 'freePhotos'>): boolean {
  return organization.freePhotos || media.sold;
}

/**
 * The lines under the list view's title besides the hint: the notice that extras wait at the end,
 * and the note that nothing is bought yet (not where photos are free). Self-contained: the page's
 * script (gallery-early-script.ts) runs it on the first answer, for the loading head's lines.
 */
export function headLines(counts: Pick<MediaLists['counts'], 'soldPhotos' | 'soldVideos' | 'extras'>, freePhotos: boolean) {
  return { extrasNotice: counts.extras > 0, noneSold: counts.soldPhotos + counts.soldVideos === 0 && !freePhotos };
}

/** Every media in the order the gallery shows them: sold, not sold, extras. */
export function allMedia(lists: MediaLists): Media[] {
  return [...lists.sold, ...lists.notSold, ...lists.extras];
}

/**
 * What a grid cell's image loads: the thumb, its modern renditions picked by the cell's width; or,
 * for a media a page's cover stands for, that very URL (already on its way: nothing loads
 * twice), then the thumb should it fail. The first screen's load at once (the page's script
 * preloads them), the others as they come near.
 */
export function cellImage(
  media: Media,
  firstScreen: boolean,
): { sources: string[]; modern?: Array<{ type: string; srcset: string }>; loading: 'eager' | 'lazy' } {
  if (media.coverUrl) return { sources: [media.coverUrl, media.thumbUrl], loading: 'eager' };
  const modern = media.imageSources?.map((source) => ({ type: source.type, srcset: source.thumbSrcset }));
  return { sources: [media.thumbUrl], ...(modern && { modern }), loading: firstScreen ? 'eager' : 'lazy' };
}

/** What the visitor owns (what the ZIP holds): the downloadable media, extras included. */
export function ownedMedia(lists: MediaLists, organization: Pick<Organization, 'freePhotos'>): Media[] {
  return allMedia(lists).filter((media) => isDownloadable(media, organization));
}

/** The lists without one media (after a delete it leaves every list, and its count). */
export function withoutMedia(lists: MediaLists, id: string): MediaLists {
  const keep = (media: Media) => media.id !== id;
  const gone = allMedia(lists).find((media) => media.id === id);
  if (!gone) return lists;
  const counts = { ...lists.counts };
  if (gone.type === 'extra') counts.extras--;
  else counts[`${gone.sold ? 'sold' : 'notSold'}${gone.type === 'video' ? 'Videos' : 'Photos'}`]--;
  return { ...lists, sold: lists.sold.filter(keep), notSold: lists.notSold.filter(keep), extras: lists.extras.filter(keep), counts };
}

/** A further page joins the lists loaded so far (the pages come in the lists' order). */
export function withPage(lists: MediaLists, page: MediaLists): MediaLists {
  return {
    sold: [...lists.sold, ...page.sold],
    notSold: [...lists.notSold, ...page.notSold],
    extras: [...lists.extras, ...page.extras],
    counts: page.counts,
    next: page.next,
  };
}

/** Every unsold media of the lists, loaded or not, as the cart's rules read them (what the package saves). */
export function unsoldMedia({ counts }: MediaLists): Sellable[] {
  const photo: Sellable = { type: 'photo', sold: false };
  const video: Sellable = { type: 'video', sold: false };
  return [...Array<Sellable>(counts.notSoldPhotos).fill(photo), ...Array<Sellable>(counts.notSoldVideos).fill(video)];
}

/** How many media the lists hold in all, loaded or not. */
export function mediaTotal({ counts }: MediaLists): number {
  return counts.soldPhotos + counts.soldVideos + counts.notSoldPhotos + counts.notSoldVideos + counts.extras;
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
    return mediaTotal(media.data) === 0 ? { kind: 'problem', problem: galleryProblem('CARD_EMPTY_PHOTO') } : { kind: 'list', lists: media.data };
  }
  return media.error ? { kind: 'problem', problem: galleryProblem(media.error) } : { kind: 'loading' };
}

/**
 * What one list holds for the visitor: bought, to buy online (only where buying is offered), to
 * buy at the venue (where it is not), to download (free photos: nothing there is "bought"), extras.
 */
type ListRole = 'bought' | 'toBuy' | 'atVenue' | 'toDownload' | 'extras';

export interface GallerySection {
  role: ListRole;
  /** Its media loaded so far. */
  items: Media[];
  /** How many it holds in all, and of those how many are videos. */
  total: number;
  videos: number;
}

/**
 * The gallery's lists in the viewer's order (sold, not sold, extras), each with its role; a list
 * with nothing loaded yet is left out (an empty one's heading would only say "0 photos"; a later
 * page brings the others).
 */
export function gallerySections(lists: MediaLists, organization: SaleFlags): GallerySection[] {
  const { counts } = lists;
  const sold = { items: lists.sold, total: counts.soldPhotos + counts.soldVideos, videos: counts.soldVideos };
  const notSold = { items: lists.notSold, total: counts.notSoldPhotos + counts.notSoldVideos, videos: counts.notSoldVideos };
  const sections: GallerySection[] = organization.freePhotos
    ? [{ role: 'toDownload', items: [...sold.items, ...notSold.items], total: sold.total + notSold.total, videos: sold.videos + notSold.videos }]
    : [
        { role: 'bought', ...sold },
        { role: canBuy(organization) ? 'toBuy' : 'atVenue', ...notSold },
      ];
  sections.push({ role: 'extras', items: lists.extras, total: counts.extras, videos: 0 });
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
export function sectionLabel(t: Translate, { role, total, videos }: Pick<GallerySection, 'role' | 'total' | 'videos'>): string {
  if (role === 'extras') return t('gallery.extras', { count: total });
  const [photoKey, videoKey] = LABELS[role];
  const photoText = t(photoKey, { count: total - videos });
  if (videos === 0) return photoText;
  const videoText = t(videoKey, { count: videos });
  return videos === total ? videoText : t('gallery.both', { photos: photoText, videos: videoText });
}

/** What the gallery says when its media cannot be shown (section 8), and what can help. */
export interface GalleryProblem {
  title: MessageKey;
  text: MessageKey | null;
  /**
   * reload: asking again may help (photos arrive up to 48 hours late, the network comes back);
   * home: only typing the card (and its access code) again can, which the home does.
   */
  action: 'reload' | 'home';
}

export function galleryProblem(code: ApiErrorCode): GalleryProblem {
  switch (code) {
    case 'CARD_EMPTY_PHOTO':
    case 'CARD_EMPTY_MEDIA':
      return { title: 'gallery.empty', text: 'home.availability', action: 'reload' };
    case 'NETWORK_ERROR':
      return { title: 'errors.network', text: null, action: 'reload' };
    case 'CARD_NOT_FOUND':
      return { title: 'errors.invalidCard', text: 'gallery.checkCode', action: 'home' };
    // Two-factor: the gallery was opened without its access code (or with a wrong one).
    case 'CUSTOMER_CODE_NOT_FOUND':
    case 'CARD_NOT_FROM_CUSTOMER':
    case 'TWO_FACTOR_REQUIRED':
      return { title: 'errors.accessCodeTitle', text: 'errors.twoFactor', action: 'home' };
    default:
      return { title: 'gallery.error', text: null, action: 'reload' };
  }
}
