import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange } from '../services/range.ts';
import type { MediaStore, ServedAs } from './media-store.ts';
import { createS3Client } from '@gallery/contract/s3-client';
import type { S3StoreConfig } from '@gallery/contract/s3-settings';
import { contentDisposition } from '../services/download.ts';

/** How long a signed download link works: enough to follow the redirect, too short to pass around. */
export const SIGNED_URL_SECONDS = 60;

/** A few at a time: a media has five files, an upload batch up to twenty media. */
const UPLOADS_AT_ONCE = 5;

/** Top level, outside every `<mediaId>/` prefix, so the sweep of debris never sees it. */
export const PROBE_KEY = 'anonymous-read-probe.txt';

/**
 * Whether the bucket answers a read without credentials: unsold originals and clean previews
 * live there, so it must not (README, "Deploying"). Writes a small probe object with the API's
 * keys (the same bytes on every start, so instances starting together agree), then GETs it
 * unsigned at the address the SDK uses. Warns, without refusing to start.
 */
export async function warnIfBucketIsPublic(config: S3StoreConfig, warn: (message: string) => void): Promise<boolean> {
  const client = createS3Client(config, config.forcePathStyle);
  try {
    await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: PROBE_KEY, Body: 'Written at API start to check that anonymous reads are refused.' }));
    // A presigned link without its query string is the object's plain address, in whichever style.
    const signed = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket: config.bucket, Key: PROBE_KEY })));
    const answer = await fetch(`${signed.origin}${signed.pathname}`, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
    await answer?.body?.cancel();
    const open = answer?.status === 200;
    if (open) {
      warn(
        `WARNING: media bucket "${config.bucket}" answers anonymous reads: every original, sold or not, is readable by anyone who has its address. ` +
          'Make it private (no public ACL or bucket policy, Block Public Access on).',
      );
    }
    return open;
  } finally {
    client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible storage, keys `<mediaId>/<file>`. Scratch stays local, under `scratchRoot`.
 * `put` uploads every file before the caller commits the media's row; a failed upload deletes
 * what went up, so a row never points at missing objects and no objects stay behind.
 */
export function createS3Store(config: S3StoreConfig, scratchRoot: string): MediaStore {
  const client = createS3Client(config, config.forcePathStyle);
  const Bucket = config.bucket;
  const key = (mediaId: string, name: string) => `${mediaId}/${name}`;

  async function keysOf(prefix: string, delimiter?: string): Promise<{ keys: string[]; prefixes: string[] }> {
    const keys: string[] = [];
    const prefixes: string[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix, Delimiter: delimiter })) {
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      for (const common of page.CommonPrefixes ?? []) if (common.Prefix) prefixes.push(common.Prefix);
    }
    return { keys, prefixes };
  }

  async function remove(mediaId: string): Promise<void> {
    const { keys } = await keysOf(`${mediaId}/`);
    await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
  }

  async function get(mediaId: string, name: string, range?: ByteRange) {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(mediaId, name), Range: range && `bytes=${range.start}-${range.end}` }));
    if (!answer.Body) throw new Error(`${key(mediaId, name)} has no body`);
    return answer.Body;
  }

  /** Uploads every file of `folder` under the media's prefix, a few at a time. */
  async function upload(mediaId: string, folder: string): Promise<void> {
    const names = await fs.readdir(folder);
    const one = async (name: string) => {
      const file = path.join(folder, name);
      const { size } = await fs.stat(file);
      await client.send(new PutObjectCommand({ Bucket, Key: key(mediaId, name), Body: createReadStream(file), ContentLength: size }));
    };
    for (let i = 0; i < names.length; i += UPLOADS_AT_ONCE) {
      // Settled, not raced: an upload still running would land after the caller's clean-up.
      const results = await Promise.allSettled(names.slice(i, i + UPLOADS_AT_ONCE).map(one));
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
    }
  }

  const signedUrl = (mediaId: string, name: string, served: ServedAs) =>
    getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket,
        Key: key(mediaId, name),
        ResponseContentType: served.mime,
        ResponseCacheControl: served.cacheControl,
        ...(served.attachmentName && { ResponseContentDisposition: contentDisposition(served.attachmentName) }),
      }),
      { expiresIn: SIGNED_URL_SECONDS },
    );

  return {
    ...(config.signedUrls && { signedUrl }),
    scratchRoot,
    async put(mediaId, folder) {
      try {
        await upload(mediaId, folder);
      } catch (error) {
        await remove(mediaId);
        throw error;
      }
    },
    // A failed upload leaves what went up: the media's row does not list them until a run succeeds.
    add: upload,
    async size(mediaId, name) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key(mediaId, name) }))).ContentLength;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    // In Node the SDK answers a body that is a Readable (its typing also covers browsers).
    read: async (mediaId, name, range) => (await get(mediaId, name, range)) as Readable,
    bytes: async (mediaId, name) => Buffer.from(await (await get(mediaId, name)).transformToByteArray()),
    remove,
    async list() {
      const { prefixes } = await keysOf('', '/');
      return prefixes.map((prefix) => prefix.slice(0, -1));
    },
  };
}
