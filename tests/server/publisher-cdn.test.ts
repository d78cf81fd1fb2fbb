// The CDN publisher against a real S3-compatible server (s3rver) behind a recording proxy, which
// shows the order of the requests and how many run at once.
import fs from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCdnTarget, publishSite, withdrawSite, type CdnTarget } from '../../publisher/cdn.ts';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '../support/s3rver.ts';

const BUCKET = 'sites';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let tempDir: string;
let s3: TestS3;
let proxy: Server;
let hook: Server;
let client: S3Client;
let target: CdnTarget;
/** `METHOD /bucket/key` of every request that went through the proxy, in arrival order. */
let requests: string[] = [];
let inFlight = 0;
let mostInFlight = 0;
/** What the purge hook received, and the status it answers with. */
let purges: Array<{ contentType: string | undefined; body: unknown }> = [];
let hookStatus = 200;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function readBody(message: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of message) text += String(chunk);
  return text;
}

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'publisher-cdn-'));
  s3 = await startS3rver(tempDir, [BUCKET]);
  const s3Port = s3.port;
  // Forwards as is (the Host header included, so the signatures hold); each answer waits 20 ms so
  // that requests the publisher sends together are seen together.
  proxy = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${new URL(incoming.url ?? '/', 'http://x').pathname}`);
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    outgoing.on('close', () => inFlight--);
    const upstream = request({ host: '127.0.0.1', port: s3Port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      setTimeout(() => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      }, 20);
    });
    incoming.pipe(upstream);
  });
  hook = createServer(async (incoming, outgoing) => {
    purges.push({ contentType: incoming.headers['content-type'], body: JSON.parse(await readBody(incoming)) });
    outgoing.writeHead(hookStatus).end();
  });
  const endpoint = `http://127.0.0.1:${await listen(proxy)}`;
  const credentials = S3RVER_CREDENTIALS;
  target = { endpoint, region: 'us-east-1', bucket: BUCKET, ...credentials, purgeUrl: `http://127.0.0.1:${await listen(hook)}/purge` };
  client = new S3Client({ endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', credentials, forcePathStyle: true });
});

afterAll(async () => {
  client?.destroy();
  await Promise.all([proxy && close(proxy), hook && close(hook), s3?.close()]);
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
});

/** A site folder in the shape scripts/build-tenants.ts writes, with `extra` files added. */
async function makeSite(name: string, extra: Record<string, string> = {}): Promise<string> {
  const dir = path.join(tempDir, 'sites', name);
  const files: Record<string, string> = {
    'index.html': '<script src="/_astro/app.abc123.js"></script>home',
    'gallery/index.html': 'gallery',
    '_astro/app.abc123.js': 'console.log("app")',
    'branding/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  return dir;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function textOf(key: string): Promise<string> {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return (await object.Body?.transformToString()) ?? '';
}

const quiet = () => {};
const noHook = (): CdnTarget => ({ ...target, purgeUrl: null });

describe('publishSite', () => {
  it('uploads the folder under <webName>/ with its content type and cache rule', async () => {
    const site = await makeSite('alpha');
    const lines: string[] = [];
    const result = await publishSite(noHook(), 'alpha', site, (line) => lines.push(line));

    expect(result).toMatchObject({ uploaded: 4, deleted: 0, unchanged: 0 });
    expect(result.seconds).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('alpha → s3://sites/alpha/: 4 uploaded, 0 deleted, 0 unchanged');
    expect(await keysUnder('alpha/')).toEqual(['alpha/_astro/app.abc123.js', 'alpha/branding/logo.svg', 'alpha/gallery/index.html', 'alpha/index.html']);
    const headers = async (key: string) => {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      return [head.ContentType, head.CacheControl];
    };
    expect(await headers('alpha/index.html')).toEqual(['text/html; charset=utf-8', 'no-cache']);
    expect(await headers('alpha/gallery/index.html')).toEqual(['text/html; charset=utf-8', 'no-cache']);
    expect(await headers('alpha/_astro/app.abc123.js')).toEqual(['text/javascript; charset=utf-8', IMMUTABLE]);
    expect(await headers('alpha/branding/logo.svg')).toEqual(['image/svg+xml', 'no-cache']);
    expect(await textOf('alpha/_astro/app.abc123.js')).toBe('console.log("app")');
  });

  it('uploads only what changed, pages after assets, and deletes what left the folder last', async () => {
    const site = await makeSite('beta');
    await publishSite(noHook(), 'beta', site, quiet);
    expect(await publishSite(noHook(), 'beta', site, quiet)).toMatchObject({ uploaded: 0, deleted: 0, unchanged: 4 });

    await fs.writeFile(path.join(site, 'gallery/index.html'), 'gallery, rebuilt');
    expect(await publishSite(noHook(), 'beta', site, quiet)).toMatchObject({ uploaded: 1, deleted: 0, unchanged: 3 });
    expect(await textOf('beta/gallery/index.html')).toBe('gallery, rebuilt');

    // A rebuild: the app gets a new hash, the home points at it, the logo is gone.
    await fs.rm(path.join(site, '_astro/app.abc123.js'));
    await fs.rm(path.join(site, 'branding/logo.svg'));
    await fs.writeFile(path.join(site, '_astro/app.def456.js'), 'console.log("app 2")');
    await fs.writeFile(path.join(site, 'index.html'), '<script src="/_astro/app.def456.js"></script>home');
    requests = [];
    expect(await publishSite(noHook(), 'beta', site, quiet)).toMatchObject({ uploaded: 2, deleted: 2, unchanged: 1 });
    expect(await keysUnder('beta/')).toEqual(['beta/_astro/app.def456.js', 'beta/gallery/index.html', 'beta/index.html']);
    const writes = requests.filter((line) => !line.startsWith('GET'));
    expect(writes.slice(0, 2)).toEqual(['PUT /sites/beta/_astro/app.def456.js', 'PUT /sites/beta/index.html']);
    // Deleted together: their order among themselves is free.
    expect(writes.slice(2).sort()).toEqual(['DELETE /sites/beta/_astro/app.abc123.js', 'DELETE /sites/beta/branding/logo.svg']);
  });

  it('sends at most 8 requests at once', async () => {
    const chunks = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`_astro/chunk-${i}.a1b2c3.js`, `export default ${i};`]));
    const site = await makeSite('many', chunks);
    mostInFlight = 0;
    expect(await publishSite(noHook(), 'many', site, quiet)).toMatchObject({ uploaded: 44 });
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(8);
  });

  it('calls the purge hook with the web name and its paths, and fails when the hook does', async () => {
    const site = await makeSite('gamma');
    purges = [];
    const lines: string[] = [];
    await publishSite(target, 'gamma', site, (line) => lines.push(line));
    expect(purges).toEqual([{ contentType: 'application/json', body: { web_name: 'gamma', paths: ['/gamma/*'] } }]);
    expect(lines.at(-1)).toBe('  purged /gamma/*');

    hookStatus = 500;
    try {
      await expect(publishSite(target, 'gamma', site, quiet)).rejects.toThrow('The purge hook answered 500 for gamma');
    } finally {
      hookStatus = 200;
    }
    expect(purges).toHaveLength(2);
  });

  it('refuses a folder without index.html and a prefix that is not a web name, touching nothing', async () => {
    const site = await makeSite('delta');
    await publishSite(noHook(), 'delta', site, quiet);
    await fs.rm(path.join(site, 'index.html'));
    await expect(publishSite(noHook(), 'delta', site, quiet)).rejects.toThrow('has no index.html');
    await expect(publishSite(noHook(), '../delta', await makeSite('other'), quiet)).rejects.toThrow('is not a web name');
    expect(await keysUnder('delta/')).toHaveLength(4);
  });
});

describe('withdrawSite', () => {
  it("deletes every object under the site's prefix and no other, then calls the purge hook", async () => {
    await publishSite(noHook(), 'epsilon', await makeSite('epsilon'), quiet);
    await publishSite(noHook(), 'epsilon-2', await makeSite('epsilon-2'), quiet);
    purges = [];
    expect(await withdrawSite(target, 'epsilon', quiet)).toEqual({ deleted: 4 });
    expect(await keysUnder('epsilon/')).toEqual([]);
    expect(await keysUnder('epsilon-2/')).toHaveLength(4);
    expect(purges).toEqual([{ contentType: 'application/json', body: { web_name: 'epsilon', paths: ['/epsilon/*'] } }]);
  });
});

describe('loadCdnTarget', () => {
  const complete = {
    PUBLISH_S3_ENDPOINT: 'https://s3.example.com/',
    PUBLISH_S3_BUCKET: 'event-sites',
    PUBLISH_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    PUBLISH_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
  };

  it('is off when no PUBLISH_S3_ variable is set', () => {
    const problems: string[] = [];
    expect(loadCdnTarget({}, problems)).toBeNull();
    expect(loadCdnTarget({ PUBLISH_S3_BUCKET: ' ' }, problems)).toBeNull();
    expect(problems).toEqual([]);
  });

  it('reads a complete target, us-east-1 and no hook by default', () => {
    const problems: string[] = [];
    expect(loadCdnTarget(complete, problems)).toEqual({
      endpoint: 'https://s3.example.com',
      region: 'us-east-1',
      bucket: 'event-sites',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI',
      purgeUrl: null,
    });
    const withHook = { ...complete, PUBLISH_S3_REGION: 'auto', PUBLISH_PURGE_URL: 'https://cdn.example.com/purge?token=x' };
    expect(loadCdnTarget(withHook, problems)).toMatchObject({ region: 'auto', purgeUrl: 'https://cdn.example.com/purge?token=x' });
    expect(problems).toEqual([]);
  });

  it('names every missing or wrong variable once one is set', () => {
    const problems: string[] = [];
    expect(loadCdnTarget({ PUBLISH_S3_ENDPOINT: 'https://s3.example.com' }, problems)).toBeNull();
    expect(problems).toEqual([
      expect.stringMatching(/^PUBLISH_S3_BUCKET must be set/),
      expect.stringMatching(/^PUBLISH_S3_ACCESS_KEY_ID must be set/),
      expect.stringMatching(/^PUBLISH_S3_SECRET_ACCESS_KEY must be set/),
    ]);

    problems.length = 0;
    const wrong = {
      ...complete,
      PUBLISH_S3_ENDPOINT: 's3.example.com',
      PUBLISH_S3_BUCKET: 'Event_Sites',
      PUBLISH_PURGE_URL: 'cdn.example.com/purge?token=secret',
    };
    expect(loadCdnTarget(wrong, problems)).toBeNull();
    expect(problems).toEqual([
      'PUBLISH_S3_ENDPOINT must be an http(s) address (got "s3.example.com")',
      expect.stringMatching(/^PUBLISH_S3_BUCKET must be a bucket name.*"Event_Sites"/),
      'PUBLISH_PURGE_URL must be an http(s) address',
    ]);
  });

  it('says so when a purge hook is set without a target', () => {
    const problems: string[] = [];
    expect(loadCdnTarget({ PUBLISH_PURGE_URL: 'https://cdn.example.com/purge' }, problems)).toBeNull();
    expect(problems).toEqual([expect.stringMatching(/^PUBLISH_PURGE_URL is set without PUBLISH_S3_ENDPOINT/)]);
  });
});
