// Videos a buyer can judge (issue 25): a real frame as poster, clean or watermarked as photos
// are, and for unsold videos a short, small, watermarked preview clip made by ffmpeg at import.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireMedia, WireMediasAnswer } from '@gallery/contract/media';
import { startRenderer } from '../../server/src/services/renditions.ts';
import { watermarkFor } from '../../server/src/services/watermark.ts';
import { frameOf, makeSoundOnly, makeTestVideo, probe } from '../support/videos.ts';
import { createTestApi, makeTempDir, meanPixelDifference, row, runCli, testDatabaseUrl, type CliResult, type TestApi } from './helpers.ts';
import { count, jpeg } from './visitor-helpers.ts';

let api: TestApi;
let work: string;
let orgId: number;
let landscape: string;
let portrait: string;
let unsold: { landscape: WireMedia; portrait: WireMedia };
/** The unsold card's media by file name (videos of one capture time come in id order, not name order). */
let unsoldNames: string[];
let sold: WireMedia;
let importedUnsold: CliResult;

const CLI = path.resolve(import.meta.dirname, '../../server/src/cli.ts');
const folder = async (name: string, files: Record<string, string | Buffer>) => {
  const dir = path.join(work, name);
  await fs.mkdir(dir);
  for (const [file, from] of Object.entries(files)) {
    await (Buffer.isBuffer(from) ? fs.writeFile(path.join(dir, file), from) : fs.copyFile(from, path.join(dir, file)));
  }
  return dir;
};
const list = async (card: string) =>
  (await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/${card}`, payload: { cards: [card] } })).json<WireMediasAnswer>();
const get = (pathAndQuery: string, headers: Record<string, string> = {}) => api.app.inject({ url: pathAndQuery, headers });
const bytesOf = async (pathAndQuery: string) => {
  const res = await get(pathAndQuery);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const saved = async (name: string, bytes: Buffer) => {
  const file = path.join(work, name);
  await fs.writeFile(file, bytes);
  return file;
};
const size = async (image: Buffer) => {
  const meta = await sharp(image).metadata();
  return [meta.width, meta.height];
};
/** The image as the watermarked copies are made: the photos' watermark at its size, laid over it. */
const watermarked = async (image: Buffer) => {
  const { width, height } = await sharp(image).metadata();
  return sharp(image)
    .composite([{ input: await watermarkFor(width, height) }])
    .png()
    .toBuffer();
};

beforeAll(async () => {
  api = await createTestApi();
  work = await makeTempDir('video-previews-');
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
  landscape = path.join(work, 'landscape.mp4');
  portrait = path.join(work, 'portrait.mp4');
  const sound = path.join(work, 'sound.mp4');
  await Promise.all([
    // Longer than the clip's 10 s and larger than its 480p.
    makeTestVideo(landscape, { width: 1280, height: 720, seconds: 12, sound: true }),
    // Filmed on its side: 640x360 coded, shown upright at 360x640.
    makeTestVideo(portrait, { width: 640, height: 360, seconds: 2, rotate: 90 }),
    makeSoundOnly(sound),
  ]);
  // A valid `ftyp` head over a file cut short.
  const cut = (await fs.readFile(portrait)).subarray(0, 4000);
  const unsoldDir = await folder('unsold', { 'a-landscape.mp4': landscape, 'b-portrait.mp4': portrait, 'c-sound.mp4': sound, 'd-cut.mp4': cut });
  importedUnsold = await runCli(api.dataDir, 'media:import', '--org', 'demo', '--card', 'VIDEO0101', unsoldDir);
  const soldDir = await folder('sold', { 'a-landscape.mp4': landscape });
  expect((await runCli(api.dataDir, 'media:import', '--org', 'demo', '--card', 'VIDEO0102', '--sold', soldDir)).code).toBe(0);
  const videos = (await list('VIDEO0101')).not_sold_medias;
  const byName = (name: string) => videos.find((video) => video.filename === name) as WireMedia;
  unsold = { landscape: byName('a-landscape.mp4'), portrait: byName('b-portrait.mp4') };
  unsoldNames = videos.map((video) => video.filename).sort();
  sold = (await list('VIDEO0102')).sold_medias[0] as WireMedia;
}, 120_000);

afterAll(async () => {
  await api.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('importing videos with ffmpeg', () => {
  it('refuses a file without a picture (sound only, cut short) by name and imports the rest', () => {
    expect(importedUnsold.code).toBe(1);
    expect(importedUnsold.stderr).toContain('imported 2 of 4 media into VI-DEO0-101 (demo)');
    expect(importedUnsold.stderr).toContain('- c-sound.mp4: c-sound.mp4 has no video stream (sound only?): there is no picture to show');
    expect(importedUnsold.stderr).toContain(
      '- d-cut.mp4: d-cut.mp4 is damaged or cut short (ffprobe failed: moov atom not found; Invalid data found when processing input)',
    );
    expect(unsoldNames).toEqual(['a-landscape.mp4', 'b-portrait.mp4']);
  });

  it('answers each video at its size as shown, rotation applied', () => {
    expect([unsold.landscape.width, unsold.landscape.height]).toEqual([1280, 720]);
    expect([unsold.portrait.width, unsold.portrait.height]).toEqual([360, 640]);
    expect([sold.width, sold.height]).toEqual([1280, 720]);
  });

  it('makes the poster of a real frame past the fade-in, clean once sold and watermarked while unsold', async () => {
    // The bars, as ffmpeg shows them well past the first (black) frame.
    const frame = await frameOf(landscape, 6);
    const clean = await bytesOf(sold.preview_path);
    expect(await size(clean)).toEqual([1280, 720]);
    expect(await meanPixelDifference(clean, frame)).toBeLessThan(4);
    const marked = await bytesOf(unsold.landscape.preview_path);
    expect(await meanPixelDifference(marked, await watermarked(frame))).toBeLessThan(4);
    expect(await meanPixelDifference(marked, frame)).toBeGreaterThan(10);
    // Thumbnails are the same frame, smaller.
    const thumb = await bytesOf(sold.thumb_path);
    expect(await size(thumb)).toEqual([480, 270]);
    expect(await meanPixelDifference(thumb, await sharp(frame).resize(480, 270).toBuffer())).toBeLessThan(6);
    expect(await size(await bytesOf(unsold.landscape.thumb_path))).toEqual([480, 270]);
    // Upright, as players show it.
    const upright = await bytesOf(unsold.portrait.preview_path);
    expect(await size(upright)).toEqual([360, 640]);
    expect(await meanPixelDifference(upright, await watermarked(await frameOf(portrait, 1)))).toBeLessThan(4);
  });

  it('makes an unsold video a preview clip: H.264 and AAC, at most 480p and 10 s, index first, watermarked', async () => {
    const clipPath = unsold.landscape.preview_clip_path ?? '';
    expect(clipPath).toBe(unsold.landscape.preview_path.replace('size=preview', 'size=clip'));
    const res = await get(clipPath);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect((await get(clipPath, { range: 'bytes=0-99' })).statusCode).toBe(206);
    const clip = await saved('clip.mp4', res.rawPayload);
    const probed = await probe(clip);
    expect(probed.streams.map((stream) => [stream.codec_type, stream.codec_name, stream.width, stream.height])).toEqual([
      ['video', 'h264', 854, 480],
      ['audio', 'aac', undefined, undefined],
    ]);
    expect(probed.duration).toBeGreaterThan(9.5);
    expect(probed.duration).toBeLessThanOrEqual(10.1);
    // `+faststart`: the index comes before the data, so playing starts before the whole file is there.
    expect(res.rawPayload.indexOf('moov')).toBeLessThan(res.rawPayload.indexOf('mdat'));
    // The frame as the clip shows it is the bars under the photos' watermark, not the bars alone.
    const shown = await frameOf(clip, 5);
    const bars = await frameOf(landscape, 5, [854, 480]);
    const nearMarked = await meanPixelDifference(shown, await watermarked(bars));
    const nearClean = await meanPixelDifference(shown, bars);
    expect(nearMarked).toBeLessThan(6);
    expect(nearClean).toBeGreaterThan(nearMarked * 2);
    // A small upright clip stays at its size, and a silent one has no sound.
    const upright = await probe(await saved('upright.mp4', await bytesOf(unsold.portrait.preview_clip_path ?? '')));
    expect(upright.streams.map((stream) => [stream.codec_name, stream.width, stream.height])).toEqual([['h264', 360, 640]]);
  });

  it('makes no clip for a sold video, which plays its original as before', async () => {
    expect(sold.preview_clip_path).toBeUndefined();
    expect((await fs.readdir(path.join(api.dataDir, 'media', sold.id))).sort()).toEqual([
      'original.mp4',
      'preview-wm.jpg',
      'preview.jpg',
      'thumb-wm.jpg',
      'thumb.jpg',
    ]);
    const clip = await get(sold.preview_path.replace('size=preview', 'size=clip'));
    expect(clip.statusCode).toBe(404);
    expect(clip.json()).toEqual({ error: true, message: 'MEDIA_NOT_FOUND' });
    const original = await get(sold.preview_path.replace('size=preview', 'size=original'));
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(await fs.readFile(landscape))).toBe(true);
    // The unsold original stays refused; the clip is what a buyer sees.
    expect((await get(unsold.landscape.preview_path.replace('size=preview', 'size=original'))).statusCode).toBe(403);
  });

  it('makes WebP renditions of the poster, clean once sold and watermarked while unsold, served by the video route', { timeout: 120_000 }, async () => {
    const renderer = startRenderer(api.db, api.store, { busy: () => false, log: () => {} });
    try {
      await vi.waitFor(async () => expect(await count(api.db, 'rendition_jobs')).toBe(0), { timeout: 100_000, interval: 100 });
    } finally {
      await renderer.stop();
    }
    const widest = async (media: WireMedia) => {
      const [source] = media.image_sources ?? [];
      const url = source!.thumb_srcset.split(', ').at(-1)!.split(' ')[0]!;
      expect(url).toMatch(/^\/api\/v1\/video\/download\//);
      const res = await get(url);
      expect(res.headers['content-type']).toBe('image/webp');
      return res.rawPayload;
    };
    const frame = await sharp(await frameOf(landscape, 6))
      .resize(480, 270)
      .toBuffer();
    const clean = await widest((await list('VIDEO0102')).sold_medias[0] as WireMedia);
    expect(await size(clean)).toEqual([480, 270]);
    expect(await meanPixelDifference(clean, frame)).toBeLessThan(6);
    const marked = await widest((await list('VIDEO0101')).not_sold_medias[0] as WireMedia);
    expect(await meanPixelDifference(marked, frame)).toBeGreaterThan(10);
  });

  it('serves no clip for a photo', async () => {
    const photo = (await list('DE-MO00-001')).not_sold_medias[0] as WireMedia;
    expect(photo.preview_clip_path).toBeUndefined();
    expect((await get(photo.preview_path.replace('size=preview', 'size=clip'))).statusCode).toBe(404);
  });
});

describe('a machine without ffmpeg', () => {
  /** The admin CLI with a PATH where ffmpeg and ffprobe are not. */
  const cliWithoutFfmpeg = async (...args: string[]): Promise<CliResult> => {
    const empty = await makeTempDir('no-ffmpeg-');
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, PATH: empty, DATA_DIR: api.dataDir, DATABASE_URL: (await testDatabaseUrl(api.dataDir)) ?? '', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
    const code = await new Promise<number>((resolve) => child.once('close', (exitCode) => resolve(exitCode ?? 1)));
    await fs.rm(empty, { recursive: true });
    return { code, ...output };
  };

  it('refuses a folder with videos, saying what to install, and still imports photos', async () => {
    const before = await count(api.db, 'media');
    const mixed = await folder('no-ffmpeg-mixed', { 'a.jpg': await jpeg(), 'b.mp4': portrait });
    const refused = await cliWithoutFfmpeg('media:import', '--org', 'demo', '--card', 'VIDEO0103', mixed);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Videos cannot be imported: ffmpeg and ffprobe are not on this machine's PATH");
    expect(refused.stderr).toContain('apt-get install ffmpeg');
    expect(await count(api.db, 'media')).toBe(before);
    const photos = await folder('no-ffmpeg-photos', { 'a.jpg': await jpeg() });
    const imported = await cliWithoutFfmpeg('media:import', '--org', 'demo', '--card', 'VIDEO0103', photos);
    expect(imported.code).toBe(0);
    expect(await count(api.db, 'media')).toBe(before + 1);
  });
});
