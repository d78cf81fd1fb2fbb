import { sql } from 'kysely';
// The API with MEDIA_STORE=s3, against a real S3-compatible server (s3rver) started here on a
// random port: every file a request writes or reads is an object of the bucket, none is in the
// data folder, and no failure leaves objects behind.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireMediasAnswer, WireUploadAnswer, WireZipAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { buildApp } from '../../server/src/app.ts';
import { loadMediaStore } from '@gallery/contract/s3-settings';
import { loadConfig } from '../../server/src/config.ts';
import { startApi } from '../../server/src/server.ts';
import type { FaceEngine } from '../../server/src/services/face-engine.ts';
import { drainOrganization } from '../../server/src/services/face-jobs.ts';
import { importMedias, MediaImportError } from '../../server/src/services/media-import.ts';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { sweepDebris } from '../../server/src/services/sweep.ts';
import { createMediaStore } from '../../server/src/storage/create-store.ts';
import { createS3Client } from '@gallery/contract/s3-client';
import { SIGNED_URL_SECONDS } from '../../server/src/storage/s3-store.ts';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '../support/s3rver.ts';
import { makeTestVideo } from '../support/videos.ts';
import { unzip } from '../support/zip.ts';
import { createTestApi, importProgressOnly, makeTempDir, runCli, type TestApi, row, rows, testDatabaseUrl } from './helpers.ts';
import { count, deadProcessScratch, jpeg, mediaFiles, multipart, scratchFiles, sha256 } from './visitor-helpers.ts';

const BUCKET = 'media';
const DERIVED = ['preview-wm.jpg', 'preview.jpg', 'thumb-wm.jpg', 'thumb.jpg'];

let root: string;
let s3: TestS3;
let env: Record<string, string>;
let client: S3Client;
let api: TestApi;
let orgId: number;
let sold: string[];
let unsold: string[];

async function keys(prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for await (const page of paginateListObjectsV2({ client }, { Bucket: BUCKET, Prefix: prefix })) {
    for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key);
  }
  return found.sort();
}

async function object(key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
}

const filesOf = (id: string, original = 'original.jpg') => [original, ...DERIVED].map((name) => `${id}/${name}`).sort();
const download = (id: string, size: string, type = 'photo', headers: Record<string, string> = {}) =>
  api.app.inject({ url: `/api/v1/${type}/download/${id}/x?size=${size}`, headers });
const mediaIds = async () => (await rows(api.db, sql<{ id: string }>`SELECT id FROM media ORDER BY id`)).map((row) => row.id);

async function setFeatures(site: Partial<WireOrganization['features']['site']>): Promise<void> {
  const found = (await row(api.db, sql`SELECT profile FROM organizations WHERE id = ${orgId}`)) as { profile: string };
  const profile = JSON.parse(found.profile) as Pick<WireOrganization, 'features'>;
  profile.features.site = { ...profile.features.site, ...site };
  await sql`UPDATE organizations SET profile = ${JSON.stringify(profile)} WHERE id = ${orgId}`.execute(api.db);
}

beforeAll(async () => {
  root = await makeTempDir('media-s3-api-');
  s3 = await startS3rver(root, [BUCKET]);
  env = {
    MEDIA_STORE: 's3',
    MEDIA_S3_ENDPOINT: s3.endpoint,
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
  const problems: string[] = [];
  const setting = loadMediaStore(env, problems);
  expect(problems).toEqual([]);
  client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', bucket: BUCKET, ...S3RVER_CREDENTIALS });
  // The demo seed imports through the store too.
  api = await createTestApi({ rateLimit: { max: 1000 }, store: (dataDir) => createMediaStore(setting, dataDir) });
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
  const list = (await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/DEMO00001`, payload: { cards: ['DEMO00002'] } })).json<WireMediasAnswer>();
  sold = list.sold_medias.map((media) => media.id);
  unsold = list.not_sold_medias.map((media) => media.id);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api?.close();
  client?.destroy();
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('MEDIA_STORE=s3', () => {
  it('imports into the bucket, keys <mediaId>/<file>, and nothing into the data folder', async () => {
    expect([sold.length, unsold.length]).toEqual([3, 6]);
    expect(await keys()).toEqual((await mediaIds()).flatMap((id) => filesOf(id)).sort());
    expect(await mediaFiles(api.dataDir)).toEqual([]);
    expect(await scratchFiles(api.dataDir)).toEqual([]);
  });

  it('serves thumbs and previews from the bucket: watermarked unless sold', async () => {
    for (const [ids, suffix] of [
      [unsold, '-wm'],
      [sold, ''],
    ] as const) {
      for (const size of ['thumb', 'preview']) {
        const res = await download(ids[0] ?? '', size);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.rawPayload).toEqual(await object(`${ids[0]}/${size}${suffix}.jpg`));
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }
    }
  });

  it('serves a sold original as an attachment and refuses an unsold one', async () => {
    expect((await download(unsold[0] ?? '', 'original')).json()).toMatchObject({ message: 'MEDIA_NOT_SOLD' });
    const res = await download(sold[0] ?? '', 'original');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sample1.jpg"');
    expect(sha256(res.rawPayload)).toBe(sha256(await fs.readFile(demoSamplePath(1))));
  });

  it('answers 404 when the object is missing', async () => {
    const id = sold[2] ?? '';
    const thumb = await object(`${id}/thumb.jpg`);
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${id}/thumb.jpg` }));
    try {
      expect((await download(id, 'thumb')).json()).toMatchObject({ message: 'MEDIA_NOT_FOUND' });
    } finally {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${id}/thumb.jpg`, Body: thumb }));
    }
  });

  it('streams a ZIP of the originals from the bucket, byte for byte', async () => {
    const link = await api.app.inject({ method: 'POST', url: `/api/v1/medias/zip?organization_id=${orgId}`, payload: { media_ids: sold } });
    const { url } = link.json<WireZipAnswer>();
    const res = await api.app.inject(new URL(url).pathname);
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(['sample1.jpg', 'sample2.jpg', 'sample3.jpg']);
    for (const [i, entry] of entries.entries()) {
      expect(sha256(entry.data)).toBe(sha256(await fs.readFile(demoSamplePath(i + 1))));
    }
  });

  it('describes faces from the originals in the bucket', async () => {
    const seen: Buffer[] = [];
    const engine: FaceEngine = {
      describe: async (image) => {
        seen.push(Buffer.from(image as Uint8Array));
        return [];
      },
    };
    const done = await drainOrganization(api.db, api.store, engine, { organizationId: orgId, concurrency: 1, onProgress: () => {}, log: () => {} });
    expect(done).toBe(9);
    const originals = await Promise.all((await mediaIds()).map((id) => object(`${id}/original.jpg`)));
    expect(seen.map(sha256).sort()).toEqual(originals.map(sha256).sort());
  });
});

describe('MEDIA_STORE=s3: media:import (the admin CLI) with a video', () => {
  let video: Buffer;
  let videoId: string;

  beforeAll(async () => {
    const folder = path.join(root, 'import');
    await fs.mkdir(folder);
    await makeTestVideo(path.join(folder, 'clip.mp4'), { width: 320, height: 180, seconds: 1 });
    video = await fs.readFile(path.join(folder, 'clip.mp4'));
    await fs.copyFile(demoSamplePath(4), path.join(folder, 'photo.jpg'));
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const run = await runCli(api.dataDir, 'media:import', '--org', 'demo', '--card', 'STORE0001', '--sold', folder);
    vi.unstubAllEnvs();
    expect(run.stderr).toMatch(importProgressOnly(2));
    expect(run.code).toBe(0);
    videoId = ((await row(api.db, sql`SELECT id FROM media WHERE kind = 'video'`)) as { id: string }).id;
  });

  it('stores the photo and the video in the bucket and lists them', async () => {
    const list = (
      await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/STORE0001`, payload: { cards: ['STORE0001'] } })
    ).json<WireMediasAnswer>();
    expect(list.sold_medias.map((media) => media.filename).sort()).toEqual(['clip.mp4', 'photo.jpg']);
    expect(await keys(`${videoId}/`)).toEqual(filesOf(videoId, 'original.mp4'));
    expect(await object(`${videoId}/original.mp4`)).toEqual(video);
    expect(await mediaFiles(api.dataDir)).toEqual([]);
  });

  it('answers ranges of the video from the bucket', async () => {
    const whole = await download(videoId, 'original', 'video');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(video);
    const part = await download(videoId, 'original', 'video', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload).toEqual(video.subarray(100, 200));
    const tail = await download(videoId, 'original', 'video', { range: 'bytes=-10' });
    expect(tail.rawPayload).toEqual(video.subarray(-10));
  });
});

describe('MEDIA_STORE=s3: visitors', () => {
  beforeAll(() => setFeatures({ can_send_photo: true, can_remove_photo: true }));

  it('stores an upload in the bucket; deleting the media removes its objects', async () => {
    const photo = await jpeg('#ff0000');
    const body = multipart([{ field: 'photos[]', filename: 'mine.jpg', contentType: 'image/jpeg', data: photo }]);
    const res = await api.app.inject({ method: 'POST', url: `/api/v1/photo/${orgId}`, ...body });
    expect(res.statusCode).toBe(200);
    const code = res.json<WireUploadAnswer>().card_code;
    const { id } = (await row(api.db, sql`SELECT media.id FROM media JOIN cards ON cards.id = media.card_id WHERE cards.code = ${code}`)) as { id: string };
    expect(await keys(`${id}/`)).toEqual(filesOf(id));
    expect((await download(id, 'original')).rawPayload).toEqual(photo);
    expect(await scratchFiles(api.dataDir)).toEqual([]);

    const removed = await api.app.inject({ method: 'DELETE', url: `/api/v1/media/${id}?organization_id=${orgId}` });
    expect(removed.statusCode).toBe(200);
    expect(await keys(`${id}/`)).toEqual([]);
    expect((await download(id, 'thumb')).statusCode).toBe(404);
  });

  it('leaves no objects when an upload is refused', async () => {
    const before = await keys();
    const body = multipart([
      { field: 'photos[]', filename: 'good.jpg', contentType: 'image/jpeg', data: await jpeg() },
      { field: 'photos[]', filename: 'bad.jpg', contentType: 'image/jpeg', data: 'not an image' },
    ]);
    const res = await api.app.inject({ method: 'POST', url: `/api/v1/photo/${orgId}`, ...body });
    expect(res.json()).toMatchObject({ message: 'INVALID_IMAGE' });
    expect(await keys()).toEqual(before);
  });
});

describe('MEDIA_STORE=s3: failures and debris', () => {
  it('leaves no objects and no rows when an import fails', async () => {
    const before = { keys: await keys(), media: await count(api.db, 'media') };
    const fake = path.join(root, 'fake.jpg');
    await fs.writeFile(fake, 'not an image');
    const card = (await row(api.db, sql`SELECT id FROM cards WHERE code = 'DEMO00001'`)) as { id: string };
    const source = (sourcePath: string) => ({
      organizationId: orgId,
      cardId: card.id,
      sourcePath,
      kind: 'photo' as const,
      soldAtVenue: false,
      capturedAt: new Date().toISOString(),
    });
    await expect(importMedias(api.db, api.store, [source(demoSamplePath(5)), source(fake)])).rejects.toThrow(MediaImportError);
    expect({ keys: await keys(), media: await count(api.db, 'media') }).toEqual(before);
  });

  it('sweeps objects whose row never came, keeping every stored media', async () => {
    const before = await keys();
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'NoRowForThis000/original.jpg', Body: 'left behind' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'NoRowForThis000/thumb.jpg', Body: 'left behind' }));
    const dead = await deadProcessScratch();
    await fs.mkdir(path.join(api.dataDir, 'tmp', dead, 'upload-AbC123'), { recursive: true });
    expect(await sweepDebris(api.db, api.store)).toEqual({ removed: ['media/NoRowForThis000', `tmp/${dead}`] });
    expect(await keys()).toEqual(before);
    expect(await scratchFiles(api.dataDir)).toEqual([]);
  });
});

describe('MEDIA_STORE=s3 with MEDIA_S3_SIGNED_URLS=1', () => {
  let signed: ReturnType<typeof buildApp>;
  const get = (id: string, size: string, type = 'photo') => signed.inject(`/api/v1/${type}/download/${id}/x?size=${size}`);

  beforeAll(() => {
    const store = createMediaStore(loadMediaStore({ ...env, MEDIA_S3_SIGNED_URLS: '1' }), api.dataDir);
    signed = buildApp({ db: api.db, dataDir: api.dataDir, store });
  });
  afterAll(() => signed.close());

  /** The redirect's link, checked to be signed and to point at `key` in the bucket for SIGNED_URL_SECONDS. */
  function linkOf(res: { statusCode: number; headers: Record<string, unknown> }, key: string): string {
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const link = new URL(String(res.headers['location']));
    expect(`${link.origin}${link.pathname}`).toBe(`${s3.endpoint}/${BUCKET}/${key}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
    // Signed with the API's keys: the link is all a private bucket lets through.
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    return link.href;
  }

  it('redirects a thumb to the watermarked object unless sold, the link serving it with our headers', async () => {
    const marked = await fetch(linkOf(await get(unsold[0] ?? '', 'thumb'), `${unsold[0]}/thumb-wm.jpg`));
    expect(marked.status).toBe(200);
    expect(marked.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await marked.arrayBuffer())).toEqual(await object(`${unsold[0]}/thumb-wm.jpg`));
    linkOf(await get(sold[0] ?? '', 'preview'), `${sold[0]}/preview.jpg`);
  });

  it('redirects a sold original as an attachment and still refuses an unsold one', async () => {
    expect((await get(unsold[0] ?? '', 'original')).json()).toMatchObject({ message: 'MEDIA_NOT_SOLD' });
    const original = await fetch(linkOf(await get(sold[0] ?? '', 'original'), `${sold[0]}/original.jpg`));
    expect(original.headers.get('content-disposition')).toBe('attachment; filename="sample1.jpg"');
    expect(sha256(Buffer.from(await original.arrayBuffer()))).toBe(sha256(await fs.readFile(demoSamplePath(1))));
  });

  it('redirects a video, whose link answers ranges', async () => {
    const { id } = (await row(api.db, sql`SELECT id FROM media WHERE kind = 'video'`)) as { id: string };
    const part = await fetch(linkOf(await get(id, 'original', 'video'), `${id}/original.mp4`), { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual((await object(`${id}/original.mp4`)).subarray(100, 200));
  });
});

// Last: the probe object it writes stays in the bucket, outside every media prefix.
describe('MEDIA_STORE=s3: the API at start', () => {
  it('warns that the bucket answers anonymous reads (s3rver does), and still starts', { timeout: 90_000 }, async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const started = await startApi({
        ...loadConfig({}),
        apiPort: 0,
        dataDir: api.dataDir,
        databaseUrl: await testDatabaseUrl(api.dataDir),
        mediaStore: loadMediaStore(env),
      });
      await started.close();
      const warnings = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('anonymous reads'));
      expect(warnings).toEqual([expect.stringContaining(`media bucket "${BUCKET}" answers anonymous reads`)]);
    } finally {
      warn.mockRestore();
    }
  });
});
