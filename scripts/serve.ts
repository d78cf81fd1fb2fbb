// The preview server: serves every built site by host name, http://<webName>.localhost:PORT/,
// with the routing rules and headers of contract/site-routing.ts. `npm run serve`.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import path from 'node:path';
import { contentTypeOf } from '@gallery/contract/content-types';
import { routeSitePath, siteHeadersOf, tenantFromHost } from '@gallery/contract/site-routing';
import { SITES_DIR } from './build-tenants.ts';
import { configOrExit, loadSiteConfig } from './startup.ts';

/** On localhost without a sub-domain the demo organization answers (section 1: a fixed default). */
export const DEFAULT_TENANT = 'demo';

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

export interface SitesServer {
  url: string;
  /** The port it listens on (useful when asked for port 0). */
  port: number;
  close(): Promise<void>;
}

export function startSitesServer(options: { port: number; host?: string; sitesDir?: string }): Promise<SitesServer> {
  const sitesDir = options.sitesDir ?? SITES_DIR;
  const host = options.host ?? '127.0.0.1';
  const server = createServer((request, response) => {
    const webName = tenantFromHost(request.headers.host, DEFAULT_TENANT);
    const site = path.join(sitesDir, webName);
    if (!/^[a-z0-9-]+$/.test(webName) || !existsSync(site)) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`No site is built for "${webName}". Run npm run build.\n`);
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const route = routeSitePath(pathname, (file) => isFile(path.join(site, file)));
    if (route.kind === 'redirect') {
      response.writeHead(302, { location: route.location });
      response.end();
      return;
    }
    const file = path.join(site, route.file);
    const type = contentTypeOf(file);
    // Compress text as any CDN would, so what the benches measure is what visitors get.
    const gzip = /text|javascript|json|svg/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding']));
    response.writeHead(200, {
      ...siteHeadersOf(route.file),
      'content-type': type,
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : { 'content-length': statSync(file).size }),
    });
    if (request.method === 'HEAD') response.end();
    else if (gzip) createReadStream(file).pipe(createGzip()).pipe(response);
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${DEFAULT_TENANT}.localhost:${port}/`,
        port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (import.meta.main) {
  const config = configOrExit((problems) => loadSiteConfig(process.env, problems));
  const sites = await startSitesServer({ port: config.sitesPort });
  console.log(`Serving dist/sites/ at http://<webName>.localhost:${config.sitesPort}/ (demo: ${sites.url})`);
}
