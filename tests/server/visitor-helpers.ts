import { row } from './helpers.ts';
import { sql } from 'kysely';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db.ts';
import { OWN_SCRATCH, scratchFolderName, scratchOwner } from '../../server/src/services/media-files.ts';
import sharp from 'sharp';

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export async function count(db: Db, table: string): Promise<number> {
  return (await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`))?.n ?? 0;
}

/** Every file under the data folder's media/ (relative paths), to prove nothing was written. */
export async function mediaFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.sort();
}

/**
 * Leftovers in the scratch folder (must stay empty after any request): what the processes' own
 * folders hold (`<folder>/<entry>`), and anything else under tmp/ as it is.
 */
export async function scratchFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'tmp');
  const entries = await fs.readdir(root).catch(() => [] as string[]);
  const inside = await Promise.all(
    entries.map(async (name) => (scratchOwner(name) ? (await fs.readdir(path.join(root, name))).map((entry) => `${name}/${entry}`) : [name])),
  );
  return inside.flat().sort();
}

/** The name of a scratch folder of a process of this host that has ended (what a kill -9 leaves). */
export async function deadProcessScratch(): Promise<string> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('no process');
  return scratchFolderName({ ...OWN_SCRATCH, pid: child.pid, token: randomBytes(6).toString('hex') });
}

export interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body for inject(). */
export function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined ? `form-data; name="${part.field}"` : `form-data; name="${part.field}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`) +
          '\r\n',
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real JPEG, optionally with an EXIF capture time ("YYYY:MM:DD hh:mm:ss"). */
export function jpeg(color = '#3366cc', taken?: string): Promise<Buffer> {
  const image = sharp({ create: { width: 120, height: 80, channels: 3, background: color } }).jpeg();
  return (taken ? image.withExif({ IFD2: { DateTimeOriginal: taken } }) : image).toBuffer();
}

/** A fresh folder of `count` tiny JPEGs, each its own colour, named p0000.jpg on: a large import, quick to check and copy. */
export async function photoFolder(count: number): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'provider-folder-'));
  for (let i = 0; i < count; i++) {
    const background = { r: i % 256, g: (i * 7) % 256, b: (i * 13) % 256 };
    await sharp({ create: { width: 48, height: 32, channels: 3, background } })
      .jpeg()
      .toFile(path.join(folder, `p${String(i).padStart(4, '0')}.jpg`));
  }
  return folder;
}

/** A small real JPEG whose header claims `width` x `height` pixels (what a decoder sizes its memory by). */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const data = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
    .jpeg()
    .toBuffer();
  // Walk the marker segments to the frame header (SOF0-2): precision, then height and width.
  for (let at = 2; at + 9 < data.length; at += 2 + data.readUInt16BE(at + 2)) {
    const marker = data[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      data.writeUInt16BE(height, at + 5);
      data.writeUInt16BE(width, at + 7);
      return data;
    }
  }
  throw new Error('no frame header');
}

/** Bodies that claim to be multipart/form-data and are not: cut short, no boundary, garbage. */
export const MALFORMED_MULTIPART: ReadonlyArray<{ headers: Record<string, string>; payload: string }> = [
  {
    headers: { 'content-type': 'multipart/form-data; boundary=cut' },
    payload: '--cut\r\nContent-Disposition: form-data; name="photos[]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
  },
  { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' },
  { headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: 'garbage without any boundary' },
  { headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: '--xyz\r\nno headers here\r\n\r\nx\r\n--xyz--\r\n' },
];
