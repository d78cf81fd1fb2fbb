import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMediasAnswer } from '@gallery/contract/media';
import { detectVideo } from '../../server/src/services/video.ts';
import { parseRange } from '../../server/src/services/range.ts';
import { makeTestVideo } from '../support/videos.ts';
import { createTestApi, importProgressOnly, makeTempDir, type TestApi, row, rows, runCli } from './helpers.ts';
import { count, jpeg, mediaFiles, sha256 } from './visitor-helpers.ts';

let api: TestApi;
let work: string;
let orgId: number;
let mp4: Buffer;
let webm: Buffer;

const cli = (...args: string[]) => runCli(api.dataDir, ...args);
const folder = async (name: string, files: Record<string, Buffer | string>) => {
  const dir = path.join(work, name);
  await fs.mkdir(dir);
  for (const [file, data] of Object.entries(files)) await fs.writeFile(path.join(dir, file), data);
  return dir;
};
const mediaOf = (code: string) =>
  rows(
    api.db,
    sql<{
      id: string;
      kind: string;
      filename: string;
      mime: string;
      bytes: number;
      sha256: string;
      captured_at: string;
    }>`SELECT m.id, m.kind, m.filename, m.mime, m.bytes, m.sha256, m.captured_at FROM media m JOIN cards c ON c.id = m.card_id WHERE c.code = ${code} ORDER BY m.filename`,
  );

beforeAll(async () => {
  api = await createTestApi();
  work = await makeTempDir('visitor-video-');
  await makeTestVideo(path.join(work, 'clip.mp4'), { width: 320, height: 180, seconds: 2, sound: true });
  await makeTestVideo(path.join(work, 'loop.webm'), { width: 320, height: 240, seconds: 1 });
  [mp4, webm] = await Promise.all([fs.readFile(path.join(work, 'clip.mp4')), fs.readFile(path.join(work, 'loop.webm'))]);
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
});
afterAll(async () => {
  await api.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('media:import with videos and EXIF capture times', () => {
  it('imports MP4 and WebM as videos with a poster frame, photos with their EXIF time', async () => {
    const dir = await folder('mixed', {
      'clip.mp4': mp4,
      'loop.webm': webm,
      'shot.jpg': await jpeg('#123456', '2024:05:06 07:08:09'),
      'plain.jpg': await jpeg(),
    });
    const mtime = new Date('2023-01-02T03:04:05Z');
    await fs.utimes(path.join(dir, 'plain.jpg'), mtime, mtime);
    const result = await cli('media:import', '--org', 'demo', '--card', 'VIDEO0001', '--sold', dir);
    expect(result.stderr).toMatch(importProgressOnly(4));
    expect(result.stdout).toContain('Imported 4 media');
    const rows = await mediaOf('VIDEO0001');
    expect(rows.map((row) => [row.filename, row.kind, row.mime])).toEqual([
      ['clip.mp4', 'video', 'video/mp4'],
      ['loop.webm', 'video', 'video/webm'],
      ['plain.jpg', 'photo', 'image/jpeg'],
      ['shot.jpg', 'photo', 'image/jpeg'],
    ]);
    expect(rows[0]?.sha256).toBe(sha256(mp4));
    expect(rows[3]?.captured_at).toBe('2024-05-06T07:08:09.000Z');
    expect(rows[2]?.captured_at).toBe(mtime.toISOString());
    const files = await fs.readdir(path.join(api.dataDir, 'media', rows[0]?.id ?? ''));
    expect(files.sort()).toEqual(['original.mp4', 'preview-wm.jpg', 'preview.jpg', 'thumb-wm.jpg', 'thumb.jpg']);
    const poster = await sharp(path.join(api.dataDir, 'media', rows[0]?.id ?? '', 'thumb.jpg')).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 320, 180]);
    const list = (
      await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/VIDEO0001`, payload: { cards: ['VIDEO0001'] } })
    ).json<WireMediasAnswer>();
    const videos = list.sold_medias.filter((media) => media.type === 'video');
    // Each video is laid out at its own size, as ffprobe reads it (the list is in capture order,
    // which for two files of one folder can be either).
    const sizeOf = Object.fromEntries(videos.map((media) => [media.filename, [media.width, media.height]]));
    expect(sizeOf).toEqual({ 'clip.mp4': [320, 180], 'loop.webm': [320, 240] });
  });

  it('refuses a fake video, importing nothing from the folder', async () => {
    const dir = await folder('fake', { 'a.jpg': await jpeg(), 'b.mp4': 'this is text, not a video' });
    const before = { media: await count(api.db, 'media'), cards: await count(api.db, 'cards'), files: await mediaFiles(api.dataDir) };
    const result = await cli('media:import', '--org', 'demo', '--card', 'VIDEO0002', dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('b.mp4 is not an MP4 or WebM video');
    expect({ media: await count(api.db, 'media'), cards: await count(api.db, 'cards'), files: await mediaFiles(api.dataDir) }).toEqual(before);
  });

  it('detects containers by content', () => {
    expect(detectVideo(mp4)?.mime).toBe('video/mp4');
    expect(detectVideo(webm)?.mime).toBe('video/webm');
    expect(detectVideo(Buffer.from('ftyp at the start'))).toBeUndefined();
  });
});

describe('GET /api/v1/video/download/:id/:filename', () => {
  let soldVideo = '';
  let unsoldVideo = '';
  beforeAll(async () => {
    soldVideo = (await mediaOf('VIDEO0001'))[0]?.id ?? '';
    const dir = await folder('unsold', { 'clip.mp4': mp4 });
    expect((await cli('media:import', '--org', 'demo', '--card', 'VIDEO0003', dir)).code).toBe(0);
    unsoldVideo = (await mediaOf('VIDEO0003'))[0]?.id ?? '';
  });
  const get = (id: string, size: string, range?: string) =>
    api.app.inject({ url: `/api/v1/video/download/${id}/clip.mp4?size=${size}`, headers: range ? { range } : {} });

  it('serves a sold original whole, then a middle slice with 206', async () => {
    const whole = await get(soldVideo, 'original');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const slice = await get(soldVideo, 'original', 'bytes=1000-1999');
    expect(slice.statusCode).toBe(206);
    expect(slice.headers['content-range']).toBe(`bytes 1000-1999/${mp4.length}`);
    expect(slice.headers['content-length']).toBe('1000');
    expect(slice.rawPayload.equals(mp4.subarray(1000, 2000))).toBe(true);
    const tail = await get(soldVideo, 'original', 'bytes=-10');
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);
    const open = await get(soldVideo, 'original', `bytes=${mp4.length - 5}-`);
    expect(open.headers['content-range']).toBe(`bytes ${mp4.length - 5}-${mp4.length - 1}/${mp4.length}`);
  });

  it('answers 416 for a range outside the file', async () => {
    const res = await get(soldVideo, 'original', `bytes=${mp4.length}-`);
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${mp4.length}`);
  });

  it('refuses an unsold original, serving only the watermarked poster', async () => {
    const res = await get(unsoldVideo, 'original', 'bytes=0-99');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_SOLD' });
    const thumb = await get(unsoldVideo, 'thumb');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.equals(await fs.readFile(path.join(api.dataDir, 'media', unsoldVideo, 'thumb-wm.jpg')))).toBe(true);
  });

  it('answers 404 for photos and unknown ids, 400 for bad sizes', async () => {
    const photoId = (await mediaOf('VIDEO0001'))[2]?.id ?? '';
    for (const id of [photoId, 'nope']) {
      const res = await get(id, 'original');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('MEDIA_NOT_FOUND');
    }
    expect((await get(soldVideo, 'huge')).statusCode).toBe(400);
  });

  it('parses ranges the RFC way', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=7-3', 10)).toBe('unsatisfiable');
  });
});
