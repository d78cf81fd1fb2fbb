import fs from 'node:fs/promises';
import exifReader from 'exif-reader';
import sharp from 'sharp';

/** "+02:00" / "-03:00" as minutes east of UTC, or undefined. */
function offsetMinutes(text: string | undefined): number | undefined {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * When an image was taken, from EXIF DateTimeOriginal (camera clock; corrected by
 * OffsetTimeOriginal when the camera wrote one, else read as UTC), or undefined.
 */
export async function exifCaptureTime(image: Buffer | string): Promise<Date | undefined> {
  try {
    const { exif } = await sharp(image).metadata();
    if (!exif) return undefined;
    const tags = exifReader(exif);
    const taken = tags.Photo?.DateTimeOriginal;
    if (!(taken instanceof Date) || Number.isNaN(taken.getTime())) return undefined;
    const offset = offsetMinutes((tags.Photo as { OffsetTimeOriginal?: string } | undefined)?.OffsetTimeOriginal);
    return offset === undefined ? taken : new Date(taken.getTime() - offset * 60_000);
  } catch {
    // Not an image sharp reads, or EXIF it cannot parse: the caller falls back.
    return undefined;
  }
}

/** EXIF capture time of an image file, else the file's modification time (ISO). */
export async function fileCaptureTime(sourcePath: string, isImage: boolean): Promise<string> {
  const taken = isImage ? await exifCaptureTime(sourcePath) : undefined;
  return (taken ?? (await fs.stat(sourcePath)).mtime).toISOString();
}
