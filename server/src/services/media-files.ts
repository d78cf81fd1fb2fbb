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

export function originalFileName(mime: string): string {
  return mime === 'image/png' ? 'original.png' : 'original.jpg';
}

/** The derivative a thumb or preview download serves: watermarked unless the media is sold (originals: `originalName` in video.ts). */
export function downloadFileName(size: 'thumb' | 'preview', sold: boolean): string {
  if (size === 'preview') return sold ? DERIVED_FILES.preview : DERIVED_FILES.previewWatermarked;
  return sold ? DERIVED_FILES.thumb : DERIVED_FILES.thumbWatermarked;
}
