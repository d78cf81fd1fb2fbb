// What "send photos" accepts, checked before anything is sent. No DOM: unit-tested in tests/unit.

export const MAX_UPLOAD_FILES = 20;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * The real type of a file from its first bytes: PNG or JPEG signatures only. A text file named
 * photo.jpg is refused before anything is sent.
 */
export function sniffImageType(head: Uint8Array): UploadType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}
