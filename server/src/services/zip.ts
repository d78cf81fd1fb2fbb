import { randomBytes } from 'node:crypto';
import type { Db } from '../db.ts';
import type { Readable } from 'node:stream';
import { ApiError } from '../errors.ts';
import type { WireOrganization } from '@gallery/contract/organization';
import { findCardMedia, type CardMediaRow } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { deleteExpiredZipDownloads, findLiveZipDownload, insertZipDownload } from '../repositories/zip-downloads.ts';
import { openCards } from './card-access.ts';
import pLimit from 'p-limit';
import { assertOriginalAllowed } from './sold.ts';
import { originalName } from './media-files.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { storedZip, storedZipLength, type StoredZipEntry } from './stored-zip.ts';

const ZIP_LIFETIME_MS = 60 * 60_000;
export const ZIP_FILE_NAME = 'fotos.zip';
/** 32 random bytes, base64url. */
const ZIP_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The media a visitor may have in a ZIP, in the given order: every id must be a media of the
 * organization (else MEDIA_NOT_FOUND) whose original a single download would give (else
 * MEDIA_NOT_SOLD). All or nothing.
 */
async function ownedMedia(db: Db, organizationId: number, ids: readonly string[]): Promise<{ organization: WireOrganization; rows: CardMediaRow[] }> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const media = await Promise.all(ids.map((id) => findCardMedia(db, id)));
  if (!media.every((row) => row !== undefined && row.organization_id === organizationId)) {
    throw new ApiError(404, 'MEDIA_NOT_FOUND');
  }
  const rows = media as CardMediaRow[];
  for (const row of rows) assertOriginalAllowed(row, organization);
  return { organization, rows };
}

/**
 * Checks the ids and stores a one-hour link; answers the absolute URL under `origin`. The media's
 * cards must open by the one rule (under two-factor, with their `secret`): ids alone never
 * stand in for the access code. The link itself is then the key, as a gallery's list is.
 */
export async function createZipLink(
  db: Db,
  request: { organizationId: number; mediaIds: readonly string[]; secret: string | undefined },
  origin: string,
): Promise<string> {
  const ids = [...new Set(request.mediaIds)];
  const { organization, rows } = await ownedMedia(db, request.organizationId, ids);
  await openCards(
    db,
    organization,
    rows.map((row) => row.card_code),
    request.secret,
  );
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  // Two statements, no transaction: the new link and the expired ones never meet.
  await deleteExpiredZipDownloads(db, now.toISOString());
  await insertZipDownload(db, {
    token,
    organization_id: request.organizationId,
    media_ids: ids,
    expires_at: new Date(now.getTime() + ZIP_LIFETIME_MS).toISOString(),
  });
  return `${origin}/api/v1/medias/zip/${token}/${ZIP_FILE_NAME}`;
}

/** `a.jpg`, `a (2).jpg`, `a (3).jpg`...; compared case-insensitively (Windows and macOS unzip). */
function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export interface ZipPlan {
  /** `file` is the stored original's name, `name` the entry's. */
  entries: Array<{ mediaId: string; file: string; name: string; date: Date; size: number }>;
}

/**
 * Resolves a link at download time: unknown or expired is 404 NOT_FOUND; the sold rule is
 * checked again (a media deleted or no longer sold since fails the whole download).
 */
export async function planZip(db: Db, store: MediaStore, token: string): Promise<ZipPlan> {
  const link = ZIP_TOKEN.test(token) ? await findLiveZipDownload(db, token, new Date().toISOString()) : undefined;
  if (!link) throw new ApiError(404, 'NOT_FOUND');
  const { rows } = await ownedMedia(db, link.organization_id, link.media_ids);
  // A look-up each (a request with S3), 16 at a time: a ZIP may hold 5000 media.
  const limit = pLimit(16);
  const sizes = await Promise.all(rows.map((row) => limit(() => store.size(row.id, originalName(row)))));
  const names = uniqueNames(rows.map((row) => row.filename));
  return {
    entries: rows.map((row, i) => {
      const size = sizes[i];
      if (size === undefined) throw new ApiError(404, 'MEDIA_NOT_FOUND');
      return { mediaId: row.id, file: originalName(row), name: names[i] ?? row.filename, date: new Date(row.captured_at), size };
    }),
  };
}

/** The originals as a streaming ZIP (stored-zip.ts), with its exact length. */
export function zipStream(plan: ZipPlan, store: MediaStore): { stream: Readable; length: number } {
  const entries: StoredZipEntry[] = plan.entries.map((entry) => ({ ...entry, open: () => store.read(entry.mediaId, entry.file) }));
  return { stream: storedZip(entries), length: storedZipLength(entries) };
}
