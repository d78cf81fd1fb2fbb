import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

// The names of a media's files, and the local folders. Paths and keys are built only from the
// media id (random, base64url) and fixed names, never from anything a visitor sends.

/** `clip`: the watermarked preview clip of an unsold video (video.ts). */
export type DownloadSize = 'thumb' | 'preview' | 'original' | 'clip';

export const DERIVED_FILES = {
  thumb: 'thumb.jpg',
  thumbWatermarked: 'thumb-wm.jpg',
  preview: 'preview.jpg',
  previewWatermarked: 'preview-wm.jpg',
} as const;

/** The long edge of previews, and of the pixels every derivative starts from (media-import.ts). */
export const PREVIEW_EDGE = 1600;

/**
 * The modern renditions of the thumb and preview, beside their JPEGs: WebP (at equal SSIM about
 * half a JPEG's bytes, encoded in a third of AVIF's time on a small machine), in widths the
 * browser picks from by the slot it fills (`srcset`/`sizes`). Each width is a cap: a narrower
 * image keeps its own width. Changing any of this needs a new RENDITION_SET.
 */
export const RENDITIONS = {
  mime: 'image/webp',
  quality: 80,
  widths: { thumb: [240, 360, 480], preview: [800, 1200, 1600] },
} as const;
/** The set media made with RENDITIONS have; older sets' files are not listed (media:renditions makes them again). */
export const RENDITION_SET = 1;

export type RenditionSize = keyof typeof RENDITIONS.widths;

/**
 * The thumbnail rendition a grid row `rowHeight` device pixels high shows a media of this size in:
 * the narrowest at least as wide as the media is there (a portrait takes a narrower one than a
 * landscape); the widest when none is, or when the media's size is unknown.
 */
export function thumbWidthForRow(rowHeight: number, { width, height }: { width: number; height: number }): number {
  const caps = RENDITIONS.widths.thumb;
  const needed = width > 0 && height > 0 ? (rowHeight * width) / height : Infinity;
  return caps.find((cap) => cap >= needed) ?? caps.at(-1)!;
}

/** A rendition's file: clean for a sold media, watermarked otherwise, as the JPEGs are. */
export function renditionFileName(size: RenditionSize, width: number, sold: boolean): string {
  return `${size}-${width}${sold ? '' : '-wm'}.webp`;
}

/** An unsold video's short, small, watermarked MP4 the gallery plays instead of the original. */
export const PREVIEW_CLIP = 'clip-wm.mp4';

/** A file `media:import` staged for its job, stored under the job's id until the job ends. */
export const STAGED_SOURCE = 'source';

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

export function mediaDir(dataDir: string, mediaId: string): string {
  return path.join(mediaRoot(dataDir), mediaId);
}

/** Scratch space on the same file system as the local media, so finished folders move in by rename. */
export function scratchRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

/** Who made a process scratch folder of scratchRoot: `<host>-<pid>-<token>`. */
export interface ScratchOwner {
  host: string;
  pid: number;
  token: string;
}

const SCRATCH_OWNER = /^(.+)-(\d+)-([0-9a-f]{12})$/;
/** The host as a file name can carry it. */
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';

/**
 * This process's scratch folder under scratchRoot (every scratch it makes goes in there): named
 * by host, process id and a token drawn at start, so a starting instance tells its own, a live
 * neighbour's and a dead process's scratch apart on a shared data folder (services/sweep.ts).
 * The token tells a former process that had the same id (a container's pid 1) from this one.
 */
export const OWN_SCRATCH: ScratchOwner = { host: HOST, pid: process.pid, token: randomBytes(6).toString('hex') };

export function scratchFolderName({ host, pid, token }: ScratchOwner): string {
  return `${host}-${pid}-${token}`;
}

/** Whose process scratch folder `name` is; undefined for anything else (earlier versions' scratch). */
export function scratchOwner(name: string): ScratchOwner | undefined {
  const [, host, pid, token] = SCRATCH_OWNER.exec(name) ?? [];
  return host && pid && token ? { host, pid: Number(pid), token } : undefined;
}

export function originalFileName(mime: string): string {
  return mime === 'image/png' ? 'original.png' : 'original.jpg';
}

/** The stored original's file name of any media: photos keep the shared naming, videos their container's extension (video.ts). */
export function originalName(media: { mime: string }): string {
  return media.mime === 'video/webm' ? 'original.webm' : media.mime === 'video/mp4' ? 'original.mp4' : originalFileName(media.mime);
}

/** The derivative a thumb or preview download serves: watermarked unless the media is sold (originals: `originalName`). */
export function downloadFileName(size: 'thumb' | 'preview', sold: boolean): string {
  if (size === 'preview') return sold ? DERIVED_FILES.preview : DERIVED_FILES.previewWatermarked;
  return sold ? DERIVED_FILES.thumb : DERIVED_FILES.thumbWatermarked;
}
