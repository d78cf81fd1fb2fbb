import { openTestDatabase } from '../server/helpers.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenants } from '../../scripts/build-tenants.ts';
import { startSitesServer, type SitesServer } from '../../scripts/serve.ts';
import type { Db } from '../../server/src/db.ts';
import { buildApp } from '../../server/src/app.ts';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { nginxSiteBlock, siteHeadersOf } from '@gallery/contract/site-routing';

// The README's nginx block (docs/nginx-site.conf) run by Debian's nginx (scripts/ensure-nginx.sh)
// over a real built site: it must route as _redirects and the preview server do, keep the hosts'
// files to itself, and send the headers of the one rule the preview server sends too.
const root = path.resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';
let work: string;
let db: Db;
let app: FastifyInstance;
let nginx: ChildProcess;
let nginxUrl: string;
let preview: SitesServer;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET, redirects not followed; `host` names the site to the preview server (Node cannot resolve *.localhost). */
function get(base: string, pathname: string, host?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(pathname, base), { headers: host ? { host } : {}, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${pathname} timed out`)));
    request.on('error', reject);
  });
}

/** Starts nginx in the foreground with its own prefix and configuration; resolves once it answers. */
async function startNginx(site: string, prefix: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const conf = `
    daemon off;
    # As root nginx would run its workers as nobody, who cannot read a private temp folder.
    user root;
    worker_processes 1;
    pid ${path.join(prefix, 'nginx.pid')};
    error_log stderr;
    events { worker_connections 64; }
    http {
      include /etc/nginx/mime.types;
      default_type application/octet-stream;
      access_log off;
      ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n      ')}
      server {
        listen 127.0.0.1:${port};
        root ${site};
        include ${path.join(root, 'docs', 'nginx-site.conf')};
      }
    }`;
  await writeFile(path.join(prefix, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped (exit ${child.exitCode}):\n${stderr}`);
    if (
      await get(url, '/').then(
        () => true,
        () => false,
      )
    )
      return { child, url };
    if (Date.now() > end) throw new Error(`nginx did not answer on ${url}:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'nginx-test-'));
  db = await openTestDatabase(path.join(work, 'data'));
  await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'alpha', name: 'alpha' });
  await mkdir(path.join(work, 'tenants', 'alpha', 'branding'), { recursive: true });
  await writeFile(path.join(work, 'tenants', 'alpha', 'branding', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = buildApp({ db, dataDir: path.join(work, 'data') });
  const api = await app.listen({ host: '127.0.0.1', port: 0 });
  const outDir = path.join(work, 'dist');
  const summary = await buildTenants({
    sourceUrl: api,
    publicApiUrl: api,
    tenants: ['alpha'],
    outDir,
    cacheDir: path.join(work, 'cache'),
    tenantsDir: path.join(work, 'tenants'),
    log: () => {},
  });
  expect(summary.built).toEqual(['alpha']);
  await mkdir(path.join(work, 'nginx'));
  ({ child: nginx, url: nginxUrl } = await startNginx(path.join(outDir, 'sites', 'alpha'), path.join(work, 'nginx')));
  preview = await startSitesServer({ port: 0, sitesDir: path.join(outDir, 'sites') });
}, 180_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const stopped = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await stopped;
  }
  await preview?.close();
  await app?.close();
  await db?.destroy();
  await rm(work, { recursive: true, force: true });
});

describe("the README's nginx block", () => {
  it('is the rule of contract/site-routing.ts, word for word in docs/nginx-site.conf and the README', async () => {
    const file = await readFile(path.join(root, 'docs', 'nginx-site.conf'), 'utf8');
    expect(file, 'docs/nginx-site.conf is not nginxSiteBlock(): write it out again').toBe(nginxSiteBlock());
    const readme = await readFile(path.join(root, 'README.md'), 'utf8');
    const block = /\n( *)```nginx\n([\s\S]*?)\n\1```\n/.exec(readme);
    expect(block, 'the README shows an nginx block').not.toBeNull();
    const [, indent, text] = block!;
    expect(
      text!
        .split('\n')
        .map((line) => line.slice(indent!.length))
        .join('\n') + '\n',
    ).toBe(file);
  });

  it("serves home and gallery pages, sends anything else home, and keeps the hosts' files to itself", async () => {
    const home = await get(nginxUrl, '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Alpha</title>');
    for (const gallery of ['/gallery', '/gallery/AB-CDEF-123']) {
      const answer = await get(nginxUrl, gallery);
      expect(answer.status, gallery).toBe(200);
      expect(answer.body, gallery).toContain('<title>Alpha - Galeria</title>');
    }
    const terms = await get(nginxUrl, '/terms');
    expect(terms.status).toBe(200);
    expect(terms.body).toContain('Termos de Uso');
    for (const unknown of ['/galleryx', '/gallery-old/AB', '/nope', '/_astro/nope.js']) {
      const answer = await get(nginxUrl, unknown);
      expect(answer.status, unknown).toBe(302);
      expect(new URL(String(answer.headers['location']), nginxUrl).pathname, unknown).toBe('/');
    }
    for (const hostFile of ['/_redirects', '/_headers', '/_release.json']) expect((await get(nginxUrl, hostFile)).status, hostFile).toBe(404);
  });

  it('sends the headers of the one rule, as the preview server does', async () => {
    const bundle = (await readdir(path.join(work, 'dist', 'sites', 'alpha', '_astro'))).find((file) => file.endsWith('.js'))!;
    const files: Array<[string, string]> = [
      ['/', 'index.html'],
      ['/gallery/AB-CDEF-123', 'gallery/index.html'],
      [`/_astro/${bundle}`, `_astro/${bundle}`],
      ['/branding/logo.svg', 'branding/logo.svg'],
    ];
    for (const [url, file] of files) {
      const [fromNginx, fromPreview] = await Promise.all([get(nginxUrl, url), get(`http://127.0.0.1:${preview.port}`, url, 'alpha.localhost')]);
      expect([fromNginx.status, fromPreview.status], url).toEqual([200, 200]);
      for (const [name, value] of Object.entries(siteHeadersOf(file))) {
        expect(fromNginx.headers[name.toLowerCase()], `nginx ${url} ${name}`).toBe(value);
        expect(fromPreview.headers[name.toLowerCase()], `preview ${url} ${name}`).toBe(value);
      }
    }
    // The rule itself: never framed, never sniffed, an SVG that runs nothing, assets for a year.
    expect(siteHeadersOf('index.html')['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(siteHeadersOf('branding/logo.svg')['Content-Security-Policy']).toContain('sandbox');
    expect(siteHeadersOf(`_astro/${bundle}`)['Cache-Control']).toContain('immutable');
  });
});
