import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findMedia, type MediaKind } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { mediaAt } from './gallery.ts';
import {
  downloadFileName,
  originalName,
  PREVIEW_CLIP,
  RENDITION_SET,
  renditionFileName,
  RENDITIONS,
  thumbWidthForRow,
  type DownloadSize,
} from './media-files.ts';
import { assertOriginalAllowed, isSold } from './sold.ts';

/** Downloads may be kept a while: a media bought meanwhile is listed under new URLs (`copy=`). */
export const DOWNLOAD_CACHE_CONTROL = 'private, max-age=300';

/**
 * A cover keeps its URL while what it shows changes (an import, a sale): a browser may keep it
 * but asks again each time, and its ETag answers 304 while it is the same file.
 */
export const COVER_CACHE_CONTROL = 'private, no-cache';

/** How an original is offered: saved under its stored name. */
export function contentDisposition(attachmentName: string): string {
  return `attachment; filename="${attachmentName}"`;
}

export interface DownloadFile {
  mediaId: string;
  /** The stored file's name (media-files.ts), for the store to read. */
  name: string;
  mime: string;
  bytes: number;
  /** Set for sold originals: the name the browser saves the file under. */
  attachmentName?: string;
}

/**
 * Decides which file, if any, a download request may have: the one place for photos, extras and
 * videos (the video route adds only ranges), so originals always pass assertOriginalAllowed and
 * an unsold video's preview clip is served only while it is unsold.
 */
export async function resolveDownload(
  db: Db,
  store: MediaStore,
  request: { type: MediaKind; id: string; size: DownloadSize; rendition?: { width: number } },
): Promise<DownloadFile> {
  const media = await findMedia(db, request.id);
  const organization = media && (await findOrganizationById(db, media.organization_id));
  if (!media || !organization || media.kind !== request.type) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  if (request.size === 'original') assertOriginalAllowed(media, organization);
  const sold = isSold(media, organization);
  // A sold video plays its original: the clip is only for those still to be bought.
  if (request.size === 'clip' && (media.kind !== 'video' || sold)) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  // Built from the stored id and fixed names only; the URL's file name is never used.
  const name = request.rendition ? renditionName(request.size, request.rendition.width, sold) : fileName(media, request.size, sold);
  const bytes = await store.size(media.id, name);
  if (bytes === undefined) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  const file = { mediaId: media.id, name, bytes };
  if (request.size === 'original') return { ...file, mime: media.mime, attachmentName: media.filename };
  return { ...file, mime: request.rendition ? RENDITIONS.mime : request.size === 'clip' ? 'video/mp4' : 'image/jpeg' };
}

function fileName(media: { mime: string }, size: DownloadSize, sold: boolean): string {
  return size === 'original' ? originalName(media) : size === 'clip' ? PREVIEW_CLIP : downloadFileName(size, sold);
}

/** A rendition's file, clean or watermarked by the same sold rule as the JPEGs (a width never made is simply missing). */
function renditionName(size: DownloadSize, width: number, sold: boolean): string {
  if (size !== 'thumb' && size !== 'preview') throw new ApiError(404, 'MEDIA_NOT_FOUND');
  return renditionFileName(size, width, sold);
}

export interface CoverFile extends DownloadFile {
  etag: string;
}

/**
 * A cover of a card's gallery: the thumbnail of the media its gallery shows at `position` (0
 * first), opened by the gallery's rule (two-factor included) and served by resolveDownload's
 * (clean once sold), in the WebP rendition that fills a row `rowHeight` device pixels high
 * (thumbWidthForRow; the JPEG while it has none). Its address follows from the gallery's own, so
 * the page can ask for it at once.
 */
export async function resolveCover(
  db: Db,
  store: MediaStore,
  {
    organizationId,
    card,
    secret,
    rowHeight,
    position,
  }: { organizationId: number; card: string; secret: string | undefined; rowHeight: number; position: number },
): Promise<CoverFile> {
  const media = await mediaAt(db, organizationId, [card], secret, position);
  const rendition = media.renditions === RENDITION_SET ? { width: thumbWidthForRow(rowHeight, media) } : undefined;
  const file = await resolveDownload(db, store, { type: media.kind, id: media.id, size: 'thumb', ...(rendition && { rendition }) });
  // Another media, the other copy or a remade rendition is another tag.
  return { ...file, etag: `"${file.mediaId}.${file.name}.${media.renditions}.${file.bytes}"` };
}
