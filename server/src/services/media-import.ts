import { createHash } from 'node:crypto';
import { rmdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { transaction, type Db } from '../db.ts';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ApiError } from '../errors.ts';
import { insertMedia, type NewMedia } from '../repositories/media.ts';
import pLimit from 'p-limit';
import { queueFaceIndexing } from './face-jobs.ts';
import { insertRenditionJobs } from '../repositories/renditions.ts';
import { newId } from './ids.ts';
import {
  DERIVED_FILES,
  originalFileName,
  OWN_SCRATCH,
  PREVIEW_EDGE,
  renditionFileName,
  RENDITIONS,
  scratchFolderName,
  type RenditionSize,
} from './media-files.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { watermarkFor } from './watermark.ts';

const THUMB_EDGE = 480;
const PREVIEW_QUALITY = 82;
const THUMB_QUALITY = 80;
/** Accepted formats as sharp names them, with the mime type served for the original. */
const FORMATS: Partial<Record<string, { mime: string; extensions: readonly string[] }>> = {
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', extensions: ['.png'] },
};

// Two at a time: a large JPEG peaks near 300 MB while decoding, and libvips already uses
// several threads per image.
const limit = pLimit(2);

/**
 * The most pixels an image may have: a 100-megapixel camera's. Decoding memory grows with them,
 * so the header is checked before any decoding.
 */
const MAX_IMAGE_PIXELS = 100_000_000;

export class MediaImportError extends Error {}

/** An image whose header claims more than MAX_IMAGE_PIXELS. */
class ImageTooLargeError extends MediaImportError {}

/** What the API answers for a refused image: 413 when too large to decode, else 400 INVALID_IMAGE. */
export function refusedImage(error: MediaImportError): ApiError {
  return error instanceof ImageTooLargeError ? new ApiError(413, 'PAYLOAD_TOO_LARGE', error.message) : new ApiError(400, 'INVALID_IMAGE', error.message);
}

export interface MediaSource {
  organizationId: number;
  cardId: string;
  sourcePath: string;
  kind: 'photo' | 'extra';
  soldAtVenue: boolean;
  capturedAt: string;
}

/** The display name kept for a file: safe characters only, with the extension its content really has. */
export function safeFileName(sourceName: string, extensions: readonly string[]): string {
  const parsed = path.parse(path.basename(sourceName));
  const stem = parsed.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 100);
  const ext = parsed.ext.toLowerCase();
  return `${stem || 'media'}${extensions.includes(ext) ? ext : extensions[0]}`;
}

interface ImageInfo {
  mime: string;
  extensions: readonly string[];
  /** Size once EXIF orientation is applied, as viewers show it. */
  width: number;
  height: number;
}

/** The header of an image (bytes or a file) sharp can read and may decode; `expected` names what was wanted. */
export async function imageHeader(image: Buffer | string, name: string, expected = 'an image'): Promise<Metadata> {
  // sharp throws at once on an empty buffer and rejects on anything else it cannot read.
  const meta = await Promise.resolve()
    .then(() => sharp(image).metadata())
    .catch(() => undefined);
  if (!meta) throw new MediaImportError(`${name} is not ${expected}`);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new ImageTooLargeError(`${name} has ${meta.width}x${meta.height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} million are taken`);
  }
  return meta;
}

/** Checks an image (bytes or a file) is a PNG or JPEG that may be decoded; throws MediaImportError otherwise. */
export async function inspectImage(original: Buffer | string, name: string): Promise<ImageInfo> {
  const expected = 'a PNG or JPEG image';
  const meta = await imageHeader(original, name, expected);
  // The content decides, not the name: a renamed text file must not reach the gallery.
  const format = FORMATS[meta.format];
  if (!format) throw new MediaImportError(`${name} is not ${expected}`);
  return { ...format, ...meta.autoOrient };
}

/** An image decoded at preview size, clean and watermarked: every derivative starts from these pixels (bench/images.bench.ts compares with them). */
export interface PreviewPixels {
  clean: () => Sharp;
  marked: () => Sharp;
}

export async function previewPixels(image: Buffer, name: string): Promise<PreviewPixels> {
  // Decode once; a sound header over cut or damaged data (an interrupted transfer) fails only here.
  const clean = await sharp(image)
    .autoOrient()
    .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new MediaImportError(`${name} is damaged or cut short`, { cause: error });
    });
  const { width, height, channels } = clean.info;
  const overlay = await watermarkFor(width, height);
  const marked = await sharp(clean.data, { raw: { width, height, channels } })
    .composite([{ input: overlay }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    clean: () => sharp(clean.data, { raw: { width, height, channels } }),
    marked: () => sharp(marked.data, { raw: { width: marked.info.width, height: marked.info.height, channels: marked.info.channels } }),
  };
}

/**
 * Writes the four derivatives of an image (a photo's original, a video's poster frame) into
 * `dir`: clean and watermarked previews and thumbs.
 */
export async function writeDerivatives(dir: string, image: Buffer, name: string): Promise<void> {
  const { clean, marked } = await previewPixels(image, name);
  const thumb = { fit: 'inside', withoutEnlargement: true } as const;
  await Promise.all([
    clean().jpeg({ quality: PREVIEW_QUALITY }).toFile(path.join(dir, DERIVED_FILES.preview)),
    marked().jpeg({ quality: PREVIEW_QUALITY }).toFile(path.join(dir, DERIVED_FILES.previewWatermarked)),
    clean().resize(THUMB_EDGE, THUMB_EDGE, thumb).jpeg({ quality: THUMB_QUALITY }).toFile(path.join(dir, DERIVED_FILES.thumb)),
    marked().resize(THUMB_EDGE, THUMB_EDGE, thumb).jpeg({ quality: THUMB_QUALITY }).toFile(path.join(dir, DERIVED_FILES.thumbWatermarked)),
  ]);
}

/**
 * Writes the WebP renditions (RENDITIONS) of an image into `dir`, clean and watermarked, from
 * the same preview pixels as the JPEGs: the watermark is laid at preview size, then scaled.
 * Two encodes at a time, as imports decode: the machine's cores are shared with the API.
 */
export async function writeRenditions(dir: string, image: Buffer, name: string): Promise<void> {
  const pixels = await limit(() => previewPixels(image, name));
  const sizes = Object.entries(RENDITIONS.widths) as Array<[RenditionSize, readonly number[]]>;
  const encodes = sizes.flatMap(([size, widths]) =>
    widths.flatMap((width) =>
      [true, false].map(
        (sold) => () =>
          (sold ? pixels.clean() : pixels.marked())
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: RENDITIONS.quality })
            .toFile(path.join(dir, renditionFileName(size, width, sold))),
      ),
    ),
  );
  await Promise.all(encodes.map((encode) => limit(encode)));
}

/** This process's scratch folders (one per scratch root): a clean exit removes those left empty. */
const ownFolders = new Set<string>();
process.once('exit', () => {
  for (const folder of ownFolders) {
    try {
      rmdirSync(folder);
    } catch {
      // Not empty (scratch of work cut short: the next start's sweep takes it), or gone already.
    }
  }
});

/** A fresh local scratch folder named after `prefix`, in this process's own (OWN_SCRATCH). */
export async function makeScratch(store: MediaStore, prefix: string): Promise<string> {
  const own = path.join(store.scratchRoot, scratchFolderName(OWN_SCRATCH));
  await fs.mkdir(own, { recursive: true });
  ownFolders.add(own);
  return fs.mkdtemp(path.join(own, `${prefix}-`));
}

/**
 * Stores one media whole: `build` fills a scratch folder and answers the row; the files go
 * into the store (all or none), then the row is inserted; a failed insert removes the files
 * again, so a row never points at missing files. Photos and videos both come through here.
 * Without a database the row is left to the caller (uploads insert theirs together, in one
 * short transaction).
 */
export async function storeMedia(db: Db | null, store: MediaStore, id: string, build: (scratch: string) => Promise<NewMedia>): Promise<NewMedia> {
  const scratch = await makeScratch(store, id);
  try {
    const media = await build(scratch);
    await store.put(id, scratch);
    try {
      if (db) await insertMedia(db, media);
    } catch (error) {
      await store.remove(id);
      throw error;
    }
    return media;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Imports one image: the original and its four derivatives, stored whole by storeMedia. */
export async function importMedia(db: Db | null, store: MediaStore, source: MediaSource, id = newId()): Promise<NewMedia> {
  return limit(async () => {
    const original = await fs.readFile(source.sourcePath);
    const name = path.basename(source.sourcePath);
    const image = await inspectImage(original, name);
    return storeMedia(db, store, id, async (scratch) => {
      await fs.writeFile(path.join(scratch, originalFileName(image.mime)), original);
      await writeDerivatives(scratch, original, name);
      return {
        id,
        organization_id: source.organizationId,
        card_id: source.cardId,
        kind: source.kind,
        filename: safeFileName(source.sourcePath, image.extensions),
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: original.length,
        sha256: createHash('sha256').update(original).digest('hex'),
        captured_at: source.capturedAt,
        sold_at_venue: source.soldAtVenue ? 1 : 0,
      };
    });
  });
}

/**
 * Imports several images all-or-nothing: on any failure no row and no file remains. The
 * photos are queued for face indexing in the same unit.
 */
export async function importMedias(db: Db, store: MediaStore, sources: readonly MediaSource[]): Promise<NewMedia[]> {
  return transaction(db, async (db) => {
    // Wait for every import to settle before undoing: one still running would write after the rollback.
    const results = await Promise.allSettled(sources.map((source) => importMedia(db, store, source)));
    const failure = results.find((result) => result.status === 'rejected');
    if (!failure) {
      const imported = results.map((result) => (result as PromiseFulfilledResult<NewMedia>).value);
      for (const organizationId of new Set(imported.map((media) => media.organization_id))) {
        await queueFaceIndexing(
          db,
          organizationId,
          imported.filter((media) => media.organization_id === organizationId),
        );
      }
      await insertRenditionJobs(db, imported);
      return imported;
    }
    await Promise.all(results.map((result) => (result.status === 'fulfilled' ? store.remove(result.value.id) : undefined)));
    throw failure.reason;
  });
}
