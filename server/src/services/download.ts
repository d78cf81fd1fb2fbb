import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findMedia, type MediaKind } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { downloadFileName, mediaDir, type DownloadSize } from './media-files.ts';
import { assertOriginalAllowed, isSold } from './sold.ts';
import { originalPath } from './video.ts';

export interface DownloadFile {
  path: string;
  mime: string;
  bytes: number;
  /** Set for sold originals: the name the browser saves the file under. */
  attachmentName?: string;
}

/**
 * Decides which file, if any, a download request may have: the one place for photos, extras and
 * videos (the video route adds only ranges), so originals always pass assertOriginalAllowed.
 */
export async function resolveDownload(
  db: Db,
  dataDir: string,
  request: { type: MediaKind; id: string; size: DownloadSize },
): Promise<DownloadFile> {
  const media = await findMedia(db, request.id);
  const organization = media && await findOrganizationById(db, media.organization_id);
  if (!media || !organization || media.kind !== request.type) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  if (request.size === 'original') assertOriginalAllowed(media, organization);
  const sold = isSold(media, organization);
  // Built from the stored id and fixed names only; the URL's file name is never used.
  const file =
    request.size === 'original'
      ? originalPath(dataDir, media)
      : path.join(mediaDir(dataDir, media.id), downloadFileName(request.size, sold));
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  const mime = request.size === 'original' ? media.mime : 'image/jpeg';
  return request.size === 'original'
    ? { path: file, mime, bytes: stat.size, attachmentName: media.filename }
    : { path: file, mime, bytes: stat.size };
}
