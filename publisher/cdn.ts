// Publishing finished sites to S3-compatible object storage behind a CDN (issue #14): one prefix
// per web name, uploaded in an order that never serves a page whose assets are missing, then the
// CDN's purge or deploy hook.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, paginateListObjectsV2, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { isWebName } from '@gallery/contract/rules';
import { createS3Client } from '@gallery/contract/s3-client';
import { checkS3Variables, isHttpUrl, type S3Target } from '@gallery/contract/s3-settings';
import { contentTypeOf } from '@gallery/contract/content-types';
import { cacheControlOf } from '@gallery/contract/site-routing';

export interface CdnTarget extends S3Target {
  /** Called with POST after every publish or withdrawal; null for none. */
  purgeUrl: string | null;
}

export interface PublishResult {
  uploaded: number;
  deleted: number;
  unchanged: number;
  seconds: number;
}

const CONCURRENCY = 8;
const PURGE_TIMEOUT_MS = 30_000;
/**
 * PUBLISH_S3_ENDPOINT, PUBLISH_S3_REGION (us-east-1 when unset), PUBLISH_S3_BUCKET,
 * PUBLISH_S3_ACCESS_KEY_ID, PUBLISH_S3_SECRET_ACCESS_KEY and PUBLISH_PURGE_URL (optional). Null
 * when no PUBLISH_S3_ variable is set (sites stay in the local folder only); once one is, every
 * wrong or missing one is named in `problems`.
 */
export function loadCdnTarget(env: NodeJS.ProcessEnv, problems: string[]): CdnTarget | null {
  const read = (name: string): string | null => env[name]?.trim() || null;
  const endpoint = read('PUBLISH_S3_ENDPOINT')?.replace(/\/+$/, '') ?? null;
  const region = read('PUBLISH_S3_REGION');
  const bucket = read('PUBLISH_S3_BUCKET');
  const accessKeyId = read('PUBLISH_S3_ACCESS_KEY_ID');
  const secretAccessKey = read('PUBLISH_S3_SECRET_ACCESS_KEY');
  const purgeUrl = read('PUBLISH_PURGE_URL');
  if (!endpoint && !region && !bucket && !accessKeyId && !secretAccessKey) {
    // The hook runs after an upload: alone it would never be called, which is worth saying.
    if (purgeUrl) problems.push('PUBLISH_PURGE_URL is set without PUBLISH_S3_ENDPOINT and the other PUBLISH_S3_ variables');
    return null;
  }
  const found = problems.length;
  const missing = (name: string) => `${name} must be set when publishing to S3 (another PUBLISH_S3_ variable is set)`;
  checkS3Variables('PUBLISH_S3_', { endpoint, bucket, accessKeyId, secretAccessKey }, missing, problems);
  // Not echoed: hook addresses often carry their token.
  if (purgeUrl && !isHttpUrl(purgeUrl)) problems.push('PUBLISH_PURGE_URL must be an http(s) address');
  if (problems.length > found || !endpoint || !bucket || !accessKeyId || !secretAccessKey) return null;
  return { endpoint, region: region ?? 'us-east-1', bucket, accessKeyId, secretAccessKey, purgeUrl };
}

/** The key prefix of a site; a checked web name, so no site's prefix holds another's objects. */
function prefixOf(webName: string): string {
  if (!isWebName(webName)) throw new Error(`"${webName}" is not a web name`);
  return `${webName}/`;
}

/** Every object under the prefix, key → MD5 (its ETag, which is the MD5 of a single-part upload). */
async function listObjects(client: S3Client, bucket: string, prefix: string): Promise<Map<string, string>> {
  const objects = new Map<string, string>();
  for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
    for (const object of page.Contents ?? []) {
      if (object.Key) objects.set(object.Key, (object.ETag ?? '').replaceAll('"', ''));
    }
  }
  return objects;
}

/** Runs `work` over the items, CONCURRENCY at a time; after a failure starts no more, waits for the running ones and throws it. */
async function inPool<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = await Promise.allSettled(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  const failure = workers.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The files of a site folder, relative and `/` separated. */
async function filesIn(siteDir: string): Promise<string[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

// Single objects rather than DeleteObjects: its required checksum header is where S3-compatible
// servers disagree, and a publish deletes few objects.
async function deleteObjects(client: S3Client, bucket: string, keys: readonly string[]): Promise<void> {
  await inPool(keys, async (key) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  });
}

async function callPurgeHook(target: CdnTarget, webName: string, log: (line: string) => void): Promise<void> {
  if (!target.purgeUrl) return;
  const response = await fetch(target.purgeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ web_name: webName, paths: [`/${webName}/*`] }),
    signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
  });
  // Frees the connection: the hook's answer is not needed beyond its status.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`The purge hook answered ${response.status} for ${webName} (its objects are already in place)`);
  log(`  purged /${webName}/*`);
}

/**
 * Uploads a site folder under `<webName>/`, skipping files whose object has the same MD5. Assets
 * go first and pages last, so a page is never served before what it loads; objects no longer in
 * the folder are deleted after both; then the purge hook, whose failure rejects.
 */
export async function publishSite(target: CdnTarget, webName: string, siteDir: string, log: (line: string) => void): Promise<PublishResult> {
  const started = performance.now();
  const prefix = prefixOf(webName);
  const files = await filesIn(siteDir);
  // An empty or half-written folder would otherwise delete the published site.
  if (!files.includes('index.html')) throw new Error(`${siteDir} has no index.html: not publishing it as ${webName}`);
  const client = createS3Client(target);
  const result = { uploaded: 0, deleted: 0, unchanged: 0 };
  try {
    const published = await listObjects(client, target.bucket, prefix);
    const upload = async (file: string): Promise<void> => {
      const body = await readFile(path.join(siteDir, file));
      const md5 = createHash('md5').update(body).digest();
      const key = prefix + file;
      if (published.get(key) === md5.toString('hex')) {
        result.unchanged++;
        return;
      }
      await client.send(
        new PutObjectCommand({
          Bucket: target.bucket,
          Key: key,
          Body: body,
          ContentMD5: md5.toString('base64'),
          ContentType: contentTypeOf(file),
          CacheControl: cacheControlOf(file),
        }),
      );
      result.uploaded++;
    };
    const isPage = (file: string) => file.endsWith('.html');
    await inPool(
      files.filter((file) => !isPage(file)),
      upload,
    );
    await inPool(files.filter(isPage), upload);
    const current = new Set(files.map((file) => prefix + file));
    const stale = [...published.keys()].filter((key) => !current.has(key));
    await deleteObjects(client, target.bucket, stale);
    result.deleted = stale.length;
  } finally {
    client.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  log(
    `  ${webName} → s3://${target.bucket}/${prefix}: ${result.uploaded} uploaded, ${result.deleted} deleted, ` +
      `${result.unchanged} unchanged in ${seconds.toFixed(1)} s`,
  );
  await callPurgeHook(target, webName, log);
  return { ...result, seconds };
}

/** Deletes every object under `<webName>/` (a removed organization), then calls the purge hook. */
export async function withdrawSite(target: CdnTarget, webName: string, log: (line: string) => void): Promise<{ deleted: number }> {
  const prefix = prefixOf(webName);
  const client = createS3Client(target);
  let keys: string[];
  try {
    keys = [...(await listObjects(client, target.bucket, prefix)).keys()];
    await deleteObjects(client, target.bucket, keys);
  } finally {
    client.destroy();
  }
  log(`  ${webName} withdrawn from s3://${target.bucket}/${prefix}: ${keys.length} deleted`);
  await callPurgeHook(target, webName, log);
  return { deleted: keys.length };
}
