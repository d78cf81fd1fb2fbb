// The media store's contract, run against both stores: the local folder and a real
// S3-compatible server (s3rver) started here on a random port, with its bucket.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import type { MediaStore } from '../../server/src/storage/media-store.ts';
import { createS3Store, PROBE_KEY, warnIfBucketIsPublic } from '../../server/src/storage/s3-store.ts';
import { proxyS3, S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '../support/s3rver.ts';
import { makeTempDir } from './helpers.ts';

const BUCKET = 'media';
const TEXT = Buffer.from('hello, media store');
const BINARY = randomBytes(5000);

let root: string;
let s3: TestS3;
let folders = 0;

beforeAll(async () => {
  root = await makeTempDir('media-store-');
  s3 = await startS3rver(root, [BUCKET]);
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const s3Config = (endpoint: string) => ({ endpoint, region: 'us-east-1', bucket: BUCKET, ...S3RVER_CREDENTIALS, forcePathStyle: true, signedUrls: false });

const STORES: Array<[string, () => MediaStore]> = [
  ['local', () => createLocalStore(path.join(root, `local-${++folders}`))],
  ['s3', () => createS3Store(s3Config(s3.endpoint), path.join(root, `s3-scratch-${++folders}`))],
];

/** A scratch folder holding `files`, as an import prepares one. */
async function prepared(store: MediaStore, files: Record<string, Buffer>): Promise<string> {
  await fs.mkdir(store.scratchRoot, { recursive: true });
  const folder = await fs.mkdtemp(path.join(store.scratchRoot, 'build-'));
  for (const [name, bytes] of Object.entries(files)) await fs.writeFile(path.join(folder, name), bytes);
  return folder;
}

const read = async (stream: Promise<Readable>) => buffer(await stream);

describe.each(STORES)('the %s media store', (_kind, make) => {
  let store: MediaStore;
  let id: string;

  beforeEach(async () => {
    store = make();
    // A fresh id per test: the S3 bucket is shared by the tests of this file.
    id = randomBytes(12).toString('base64url');
    await store.put(id, await prepared(store, { 'a.txt': TEXT, 'b.bin': BINARY }));
  });

  it('keeps what was put: sizes, whole streams and bytes', async () => {
    expect(await store.size(id, 'a.txt')).toBe(TEXT.length);
    expect(await store.size(id, 'b.bin')).toBe(BINARY.length);
    expect(await read(store.read(id, 'b.bin'))).toEqual(BINARY);
    expect(await store.bytes(id, 'a.txt')).toEqual(TEXT);
  });

  it('reads byte ranges, both ends included', async () => {
    expect(await read(store.read(id, 'b.bin', { start: 10, end: 19 }))).toEqual(BINARY.subarray(10, 20));
    // Safari's first probe of a video. (Not 0-0: s3rver 3.7.1 reads an end of 0 as "to the end".)
    expect(await read(store.read(id, 'b.bin', { start: 0, end: 1 }))).toEqual(BINARY.subarray(0, 2));
    expect(await read(store.read(id, 'b.bin', { start: 4990, end: 4999 }))).toEqual(BINARY.subarray(4990));
  });

  it('answers no size for a file or a media it does not have', async () => {
    expect(await store.size(id, 'missing.jpg')).toBeUndefined();
    expect(await store.size('NoSuchMedia0000', 'a.txt')).toBeUndefined();
    await expect(store.bytes(id, 'missing.jpg')).rejects.toThrow();
  });

  it('lists the media it holds and forgets a removed one whole', async () => {
    const other = randomBytes(12).toString('base64url');
    await store.put(other, await prepared(store, { 'c.txt': TEXT }));
    expect(await store.list()).toEqual(expect.arrayContaining([id, other]));
    await store.remove(id);
    expect(await store.size(id, 'a.txt')).toBeUndefined();
    expect(await store.size(id, 'b.bin')).toBeUndefined();
    const listed = await store.list();
    expect(listed).toContain(other);
    expect(listed).not.toContain(id);
    // Removing what is not there is no error (a retried delete, the sweep after a crash).
    await expect(store.remove(id)).resolves.toBeUndefined();
  });

  it('adds files beside a stored media (renditions), which its removal takes too', async () => {
    await store.add(id, await prepared(store, { 'thumb-240.webp': BINARY, 'a.txt': BINARY }));
    expect(await store.bytes(id, 'thumb-240.webp')).toEqual(BINARY);
    // A file of the same name is replaced; the others stay.
    expect(await store.bytes(id, 'a.txt')).toEqual(BINARY);
    expect(await store.size(id, 'b.bin')).toBe(BINARY.length);
    await store.remove(id);
    expect(await store.size(id, 'thumb-240.webp')).toBeUndefined();
  });

  it('keeps its scratch folder on local disk', async () => {
    expect(path.isAbsolute(store.scratchRoot)).toBe(true);
  });
});

describe('the s3 media store, when an upload fails', () => {
  let proxy: Awaited<ReturnType<typeof proxyS3>>;

  beforeAll(async () => {
    // Refuses the upload of any `refused.bin`, forwards everything else as is.
    proxy = await proxyS3(s3.port, (incoming, outgoing) => {
      if (incoming.method !== 'PUT' || !incoming.url?.split('?')[0]?.endsWith('/refused.bin')) return false;
      incoming.resume();
      outgoing.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return true;
    });
  });
  afterAll(() => proxy.close());

  it('removes the files that went up: no objects stay behind', async () => {
    const store = createS3Store(s3Config(proxy.endpoint), path.join(root, 's3-refused'));
    const id = randomBytes(12).toString('base64url');
    const folder = await prepared(store, { 'a.txt': TEXT, 'b.bin': BINARY, 'refused.bin': TEXT });
    await expect(store.put(id, folder)).rejects.toThrow();
    expect(await store.list()).not.toContain(id);
    expect(await store.size(id, 'a.txt')).toBeUndefined();
    expect(await store.size(id, 'b.bin')).toBeUndefined();
  });
});

describe('the s3 media store keeps its bucket private', () => {
  it('uploads every object without a public ACL', async () => {
    const acls: string[] = [];
    const proxy = await proxyS3(s3.port, (incoming) => {
      if (incoming.method === 'PUT') acls.push(String(incoming.headers['x-amz-acl'] ?? 'none'));
      return false;
    });
    try {
      const store = createS3Store(s3Config(proxy.endpoint), path.join(root, 's3-acl'));
      await store.put(randomBytes(12).toString('base64url'), await prepared(store, { 'a.txt': TEXT, 'b.bin': BINARY }));
      await warnIfBucketIsPublic(s3Config(proxy.endpoint), () => {});
    } finally {
      await proxy.close();
    }
    // No canned ACL leaves the object private to the bucket's owner.
    expect(acls).toEqual(['none', 'none', 'none']);
  });

  it('warns once, naming the bucket, when the bucket answers an anonymous read (s3rver does)', async () => {
    const warn = vi.fn();
    expect(await warnIfBucketIsPublic(s3Config(s3.endpoint), warn)).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/media bucket "media" answers anonymous reads.*readable by anyone/);
    // The probe is a top-level object, outside every media prefix: the sweep never lists it.
    expect(await createS3Store(s3Config(s3.endpoint), path.join(root, 's3-probe')).list()).not.toContain(PROBE_KEY);
  });

  it('stays quiet when the bucket refuses anonymous reads', async () => {
    const anonymous: string[] = [];
    // A private bucket: an unsigned request (no Authorization header, no signed query) is refused.
    const proxy = await proxyS3(s3.port, (incoming, outgoing) => {
      if (incoming.headers.authorization || incoming.url?.includes('X-Amz-Signature=')) return false;
      anonymous.push(`${incoming.method} ${incoming.url}`);
      incoming.resume();
      outgoing.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
      return true;
    });
    const warn = vi.fn();
    try {
      expect(await warnIfBucketIsPublic(s3Config(proxy.endpoint), warn)).toBe(false);
    } finally {
      await proxy.close();
    }
    expect(anonymous).toEqual([`GET /${BUCKET}/${PROBE_KEY}`]);
    expect(warn).not.toHaveBeenCalled();
  });
});
