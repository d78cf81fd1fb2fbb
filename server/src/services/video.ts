import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db.ts';
import sharp from 'sharp';
import type { MediaRow, NewMedia } from '../repositories/media.ts';
import { newId } from './ids.ts';
import { MediaImportError, safeFileName, storeMedia } from './media-import.ts';
import { DERIVED_FILES, originalFileName } from './media-files.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { watermarkFor } from './watermark.ts';

export interface VideoFormat {
  mime: string;
  extension: string;
}

const MP4: VideoFormat = { mime: 'video/mp4', extension: '.mp4' };
const WEBM: VideoFormat = { mime: 'video/webm', extension: '.webm' };
export const VIDEO_FILE = /\.(mp4|webm)$/i;

/** By content: ISO-BMFF has `ftyp` at offset 4, Matroska/WebM starts with the EBML id 1A45DFA3. */
export function detectVideo(head: Buffer): VideoFormat | undefined {
  if (head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp') return MP4;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return WEBM;
  return undefined;
}

export function isVideoMime(mime: string): boolean {
  return mime.startsWith('video/');
}

/** The stored original's file name of any media: photos keep the shared naming, videos their container's extension. */
export function originalName(media: Pick<MediaRow, 'mime'>): string {
  return media.mime === WEBM.mime ? 'original.webm' : media.mime === MP4.mime ? 'original.mp4' : originalFileName(media.mime);
}

/** The sizes of every video's poster (16:9); the gallery lays a video out at the preview's. */
export const POSTER = { preview: [1600, 900], thumb: [480, 270] } as const;

function posterSvg(width: number, height: number): string {
  const r = Math.round(Math.min(width, height) * 0.18);
  const cx = width / 2;
  const cy = height / 2;
  const t = r * 0.45;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#3a3f47"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#000000" fill-opacity="0.35" stroke="#ffffff" stroke-width="${Math.max(2, r / 12)}"/>
  <polygon points="${cx - t * 0.7},${cy - t} ${cx - t * 0.7},${cy + t} ${cx + t},${cy}" fill="#ffffff"/>
</svg>`;
}

// No ffmpeg, so no real frame: every video shows the same neutral poster (clean and watermarked).
let posters: Promise<Record<keyof typeof DERIVED_FILES, Buffer>> | undefined;

function renderPosters(): Promise<Record<keyof typeof DERIVED_FILES, Buffer>> {
  posters ??= (async () => {
    const render = async ([width, height]: readonly [number, number], marked: boolean) => {
      const base = sharp(Buffer.from(posterSvg(width, height)));
      const layers = marked ? [{ input: await watermarkFor(width, height) }] : [];
      return base.composite(layers).flatten({ background: '#3a3f47' }).jpeg({ quality: 82 }).toBuffer();
    };
    const [preview, previewWatermarked, thumb, thumbWatermarked] = await Promise.all([
      render(POSTER.preview, false),
      render(POSTER.preview, true),
      render(POSTER.thumb, false),
      render(POSTER.thumb, true),
    ]);
    return { preview, previewWatermarked, thumb, thumbWatermarked };
  })();
  posters.catch(() => {
    posters = undefined;
  });
  return posters;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks a file is an MP4 or WebM by content; throws MediaImportError otherwise. */
export async function inspectVideo(sourcePath: string): Promise<VideoFormat> {
  const format = detectVideo(await readHead(sourcePath));
  if (!format) throw new MediaImportError(`${path.basename(sourcePath)} is not an MP4 or WebM video`);
  return format;
}

export interface VideoSource {
  organizationId: number;
  cardId: string;
  sourcePath: string;
  soldAtVenue: boolean;
  capturedAt: string;
}

/**
 * Imports one video the way photos are imported (storeMedia): the original copied, never read
 * whole into memory, plus the poster derivatives.
 */
export async function importVideo(db: Db | null, store: MediaStore, source: VideoSource, id = newId()): Promise<NewMedia> {
  const format = await inspectVideo(source.sourcePath);
  return storeMedia(db, store, id, async (scratch) => {
    const name = originalName({ mime: format.mime });
    await fs.copyFile(source.sourcePath, path.join(scratch, name));
    const hash = createHash('sha256');
    await pipeline(createReadStream(source.sourcePath), hash);
    const { size } = await fs.stat(path.join(scratch, name));
    const images = await renderPosters();
    await Promise.all(
      (Object.keys(DERIVED_FILES) as Array<keyof typeof DERIVED_FILES>).map((key) =>
        fs.writeFile(path.join(scratch, DERIVED_FILES[key]), images[key]),
      ),
    );
    return {
      id,
      organization_id: source.organizationId,
      card_id: source.cardId,
      kind: 'video',
      filename: safeFileName(source.sourcePath, [format.extension]),
      mime: format.mime,
      // Unknown without a demuxer: the API answers the poster's size instead (services/gallery.ts).
      width: 0,
      height: 0,
      bytes: size,
      sha256: hash.digest('hex'),
      captured_at: source.capturedAt,
      sold_at_venue: source.soldAtVenue ? 1 : 0,
    };
  });
}
