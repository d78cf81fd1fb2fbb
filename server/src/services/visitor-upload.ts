import { randomInt } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { transaction, type Db } from '../db.ts';
import { CARD_CODE_LENGTH, SECRET_MIN_LENGTH } from '@gallery/contract/card-code';
import type { WireUploadAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import type { CardRow } from '../repositories/cards.ts';
import { insertMedias, type NewMedia } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { cardOrigin, insertCardWithId, setMustEdit } from '../repositories/visitor-cards.ts';
import { openCards, requiresAccessCode } from './card-access.ts';
import { exifCaptureTime } from './capture-time.ts';
import { newId } from './ids.ts';
import { queueFaceIndexing } from './face-jobs.ts';
import { queueArrivalNotices } from './notify.ts';
import { insertRenditionJobs } from '../repositories/renditions.ts';
import { importMedia, makeScratch, MediaImportError, refusedImage, safeFileName } from './media-import.ts';
import type { MediaStore } from '../storage/media-store.ts';

export const UPLOAD_MAX_FILES = 20;
export const UPLOAD_MAX_FILE_BYTES = 25 * 1024 * 1024;
/**
 * The largest multipart body of `maxFiles` photos: each at its limit, with room for the form's
 * framing and its other fields. A Content-Length above it is refused before the body is read.
 */
export const multipartBodyLimit = (maxFiles: number): number => maxFiles * UPLOAD_MAX_FILE_BYTES + 1024 * 1024;
const UPLOAD_FIELDS = new Set(['photos[]', 'photos']);

/** Letters without I and O, digits without 0 and 1: nothing a visitor can misread. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const randomCardCode = (): string => randomCode(CARD_CODE_LENGTH);
/** Already in normalised form (upper-case), as card secrets are stored. */
const randomAccessCode = (): string => randomCode(SECRET_MIN_LENGTH);

export interface UploadTarget {
  organization: WireOrganization;
  /** The visitor's own upload card, when adding to it. */
  card: CardRow | undefined;
  mustEdit: boolean;
}

/** Everything checked before a byte of the body is read. */
export async function uploadTarget(
  db: Db,
  organizationId: number,
  asked: { cardCode: string | undefined; secret: string | undefined; mustEdit: boolean },
): Promise<UploadTarget> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  if (!organization.features.site.can_send_photo) throw new ApiError(403, 'FORBIDDEN', 'this organization does not take photos from visitors');
  let card: CardRow | undefined;
  if (asked.cardCode !== undefined) {
    // Adding acts on the card, so it must open (under two-factor, with its access code); and
    // visitors may add only to cards made by an upload, never to a card from the venue.
    [card] = await openCards(db, organization, [asked.cardCode], asked.secret);
    if (!card || (await cardOrigin(db, card.id)) !== 'upload') throw new ApiError(404, 'CARD_NOT_FOUND');
  }
  return { organization, card, mustEdit: asked.mustEdit || organization.features.site.must_edit_photo };
}

export interface UploadPart {
  fieldname: string;
  filename: string;
  file: Readable & { truncated?: boolean };
}

/** Keeps the visitor's file name (made safe) so the stored display name follows it. */
function scratchName(filename: string): string {
  const ext = path.extname(filename).toLowerCase();
  return safeFileName(filename, [/^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.jpg']);
}

/**
 * The multipart parser's own errors (cut short, no boundary, garbled headers) are plain Errors:
 * the body is at fault, so 400. Errors with a status pass as they are, and the disk's (they name
 * a system call) stay server errors.
 */
function bodyError(error: unknown): unknown {
  const known = error as { statusCode?: unknown; syscall?: unknown };
  if (error instanceof ApiError || known.statusCode !== undefined || known.syscall !== undefined) return error;
  return new ApiError(400, 'VALIDATION_ERROR', 'the multipart body is malformed');
}

/** A file part sent under another field than photos[] is refused (its bytes skipped). */
function checkField(part: UploadPart): void {
  if (UPLOAD_FIELDS.has(part.fieldname)) return;
  part.file.resume();
  throw new ApiError(400, 'VALIDATION_ERROR', `unexpected file field "${part.fieldname}" (send photos[])`);
}

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', `each photo may have at most ${UPLOAD_MAX_FILE_BYTES} bytes`);

/** A photo held in memory only, with its (safe) name for error messages. */
export interface PhotoInMemory {
  name: string;
  bytes: Buffer;
}

/** Where a received file's bytes go, given its safe name and its place among the files. */
type KeepFile<T> = (file: UploadPart['file'], name: string, index: number) => Promise<T>;

/**
 * The one loop reading a multipart body's files, wherever their bytes go: refuses stray fields,
 * a file past `maxFiles` before reading it (so what is kept stays under maxFiles x
 * UPLOAD_MAX_FILE_BYTES), and an oversize file.
 */
async function receiveFiles<T>(parts: AsyncIterable<UploadPart | { type: 'field' }>, maxFiles: number, keep: KeepFile<T>): Promise<T[]> {
  const files: T[] = [];
  try {
    for await (const part of parts) {
      if (!('file' in part)) continue;
      checkField(part);
      if (files.length === maxFiles) {
        part.file.resume();
        throw new ApiError(400, 'VALIDATION_ERROR', `at most ${maxFiles} photos are taken`);
      }
      // A photo past its limit ends the request there: the rest of the body is never read.
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      const kept = await keep(part.file, scratchName(part.filename || 'photo.jpg'), files.length);
      if (part.file.truncated) throw tooLarge();
      files.push(kept);
    }
  } catch (error) {
    throw bodyError(error);
  }
  if (!files.length) throw new ApiError(400, 'VALIDATION_ERROR', `photos[] needs 1 to ${maxFiles} files`);
  return files;
}

/** Streams each file part into `folder/<n>/<name>`; answers the paths. */
export function receiveParts(parts: AsyncIterable<UploadPart | { type: 'field' }>, folder: string): Promise<string[]> {
  return receiveFiles(parts, UPLOAD_MAX_FILES, async (file, name, index) => {
    const dir = path.join(folder, String(index));
    await fs.mkdir(dir);
    const target = path.join(dir, name);
    await pipeline(file, createWriteStream(target));
    return target;
  });
}

/**
 * Reads each file part into memory, for photos that must never reach the disk (a face search's
 * selfies, LGPD): they are gone with the request.
 */
export function receiveInMemory(parts: AsyncIterable<UploadPart | { type: 'field' }>, maxFiles: number): Promise<PhotoInMemory[]> {
  return receiveFiles(parts, maxFiles, async (file, name) => ({ name, bytes: await buffer(file) }));
}

/**
 * Processes the received files and files them into the target card, all or nothing. Answers the
 * card's code and, under two-factor, its access code: the visitor's card opens like any other, so
 * a new one gets its own.
 */
export async function storeUpload(db: Db, store: MediaStore, target: UploadTarget, files: readonly string[]): Promise<WireUploadAnswer> {
  const cardId = target.card?.id ?? newId();
  const secret = requiresAccessCode(target.organization) ? (target.card?.secret ?? randomAccessCode()) : null;
  const uploadedAt = new Date().toISOString();
  let staged: NewMedia[] = [];
  try {
    const results = await Promise.allSettled(
      // Files only: rows must not sit in an open transaction while images are processed, so
      // they are inserted together at the end.
      files.map(async (sourcePath) =>
        importMedia(null, store, {
          organizationId: target.organization.id,
          cardId,
          sourcePath,
          kind: 'photo',
          // The visitor's own photos: delivered clean, never offered for sale.
          soldAtVenue: true,
          capturedAt: (await exifCaptureTime(sourcePath))?.toISOString() ?? uploadedAt,
        }),
      ),
    );
    staged = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) {
      const reason: unknown = failure.reason;
      if (reason instanceof MediaImportError) throw refusedImage(reason);
      throw reason;
    }
    return transaction(db, async (db) => {
      let code = target.card?.code;
      if (!code) {
        // A code taken meanwhile (by another upload too) is skipped by the insert itself.
        do code = randomCardCode();
        while (!(await insertCardWithId(db, { id: cardId, organizationId: target.organization.id, code, secret, origin: 'upload' })));
      }
      await insertMedias(db, staged);
      await queueFaceIndexing(db, target.organization.id, staged);
      await insertRenditionJobs(db, staged);
      await queueArrivalNotices(db, [cardId]);
      if (target.mustEdit)
        await setMustEdit(
          db,
          staged.map((media) => media.id),
        );
      return secret === null ? { error: false, card_code: code } : { error: false, card_code: code, secret };
    });
  } catch (error) {
    await Promise.all(staged.map((media) => store.remove(media.id)));
    throw error;
  }
}

/** A scratch folder for one upload's incoming files (the sweep at start clears what a crash leaves). */
export function uploadScratch(store: MediaStore): Promise<string> {
  return makeScratch(store, 'upload');
}
