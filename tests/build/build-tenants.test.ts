import { openTestDatabase } from '../server/helpers.ts';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveRelease } from '@gallery/publisher/releases';
import { buildTenants, type BuildOptions } from '../../scripts/build-tenants.ts';
import { JS_BUDGETS, pageWeight } from '../../scripts/page-weight.ts';
import { buildApp } from '../../server/src/app.ts';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { setBranding } from '../../server/src/services/branding.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { inertSvg } from '@gallery/contract/inert-svg';
import { FIXTURES_DIR } from '../support/fixtures.ts';

// Real builds against the real API: each Astro build takes a few seconds.
let work: string;
let db: Db;
let app: FastifyInstance;
let options: BuildOptions;
const lines: string[] = [];
/** Kept outside every tenant folder: what a link out of one would copy into a public site. */
const SECRET = 'TOP-SECRET-KEY-3f9a';

const page = (tenant: string, file = 'index.html') => readFile(path.join(work, 'dist', 'sites', tenant, file), 'utf8');

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'build-test-'));
  db = await openTestDatabase(path.join(work, 'data'));
  await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'alpha', name: 'alpha' });
  await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'beta', name: 'Beta' });
  // alpha's logo lives in the API's database, not in a tenants folder.
  const logo = path.join(work, 'alpha-branding');
  await mkdir(logo, { recursive: true });
  await writeFile(path.join(logo, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await setBranding(db, 'alpha', logo);
  // beta's overrides are broken; gamma has a folder but the API does not know it.
  await mkdir(path.join(work, 'tenants', 'beta', 'messages'), { recursive: true });
  await writeFile(path.join(work, 'tenants', 'beta', 'messages', 'en.json'), '{"no.such.key": "x"}');
  // alpha has a theme (a light accent, so its ink turns dark); beta's is broken.
  await mkdir(path.join(work, 'tenants', 'alpha'), { recursive: true });
  await writeFile(path.join(work, 'tenants', 'alpha', 'theme.json'), '{"accent": "#f5c400", "font": "serif"}');
  await writeFile(path.join(work, 'tenants', 'beta', 'theme.json'), '{"accent": "red"}');
  await mkdir(path.join(work, 'tenants', 'gamma'), { recursive: true });
  // Links out of a tenant's folder (to a secret beside it) or to nothing; a hostile SVG inside.
  const secrets = path.join(work, 'secrets');
  await mkdir(secrets, { recursive: true });
  await writeFile(path.join(secrets, 'key.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><text>${SECRET}</text></svg>`);
  await writeFile(path.join(secrets, 'messages.json'), JSON.stringify({ 'home.title': SECRET }));
  await mkdir(path.join(work, 'tenants', 'beta', 'branding'), { recursive: true });
  await symlink(path.join(secrets, 'key.svg'), path.join(work, 'tenants', 'beta', 'branding', 'logo.svg'));
  await writeFile(path.join(work, 'tenants', 'beta', 'branding', 'favicon.svg'), await readFile(path.join(FIXTURES_DIR, 'svg', 'hostile.svg')));
  await writeFile(path.join(work, 'tenants', 'beta', 'branding', 'banner-pt.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"/>');
  await mkdir(path.join(work, 'tenants', 'alpha', 'messages'), { recursive: true });
  await symlink(path.join(secrets, 'messages.json'), path.join(work, 'tenants', 'alpha', 'messages', 'pt.json'));
  await symlink(path.join(work, 'gone.json'), path.join(work, 'tenants', 'gamma', 'theme.json'));
  app = buildApp({ db, dataDir: path.join(work, 'data') });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  options = {
    sourceUrl: url,
    publicApiUrl: url,
    outDir: path.join(work, 'dist'),
    cacheDir: path.join(work, 'cache'),
    tenantsDir: path.join(work, 'tenants'),
    log: (line) => lines.push(line),
  };
}, 60_000);

afterAll(async () => {
  await app.close();
  await db.destroy();
  await rm(work, { recursive: true, force: true });
});

describe('the tenant build', () => {
  it('builds every tenant; one bad tenant never fails the others', async () => {
    const summary = await buildTenants(options);
    expect(summary.built).toEqual(['alpha', 'beta']);
    expect(summary.failed.map((f) => f.tenant)).toEqual(['gamma']);
    // Nothing a tenant folder links to outside itself reaches a site; the build says why, per tenant.
    for (const file of (await readdir(path.join(work, 'dist', 'releases'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile())) {
      expect(await readFile(path.join(file.parentPath, file.name), 'utf8'), file.name).not.toContain(SECRET);
    }
    expect(lines).toContainEqual(expect.stringMatching(/! tenant "beta": branding\/logo\.svg leads outside the tenant's folder; left out$/));
    expect(lines).toContainEqual(expect.stringMatching(/! tenant "alpha": messages\/pt\.json leads outside the tenant's folder; using the base messages$/));
    expect(lines).toContainEqual(expect.stringMatching(/! tenant "gamma": theme\.json is a link leading nowhere; using the base theme$/));
    expect(await page('beta')).not.toContain('/branding/logo.svg');
    // A tenant's SVG comes out inert: nothing in it runs on the site's origin.
    expect(await page('beta')).toContain('href="/branding/favicon.svg"');
    const favicon = await page('beta', 'branding/favicon.svg');
    expect(favicon).toContain('<rect width="5" height="5" fill="#16324f"/>');
    expect(favicon).not.toMatch(/<script|onload|onclick|onmouseover|foreignObject|javascript:/i);

    expect(await page('alpha')).toContain('<title>Alpha</title>');
    expect(await page('alpha', 'gallery/index.html')).toContain('<title>Alpha - Galeria</title>');
    expect(await page('beta')).toContain('Encontre suas fotos');
    // A tenant's theme sets the accent, its readable ink and the font over the default tokens.
    expect(await page('alpha')).toContain(":root{--color-accent:#f5c400;--color-accent-ink:#17191e;--font-sans:'Iowan Old Style'");
    expect(await page('alpha', 'gallery/index.html')).toContain('--color-accent:#f5c400');
    expect(await page('beta')).not.toContain('--color-accent:red');
    expect(await page('gamma')).toContain('Desculpe o transtorno, mas houve um erro ao carregar a pagina.');
    expect(await page('gamma', 'gallery/index.html')).toContain('Tentar novamente');
    // Each site folder is self-contained: its own assets and routing rules.
    expect(await readdir(path.join(work, 'dist', 'sites', 'alpha', '_astro'))).not.toEqual([]);
    expect(await page('alpha', '_redirects')).toContain('/* / 302');
    expect(await page('alpha', '_headers')).toContain('immutable');
    expect(JSON.parse(await page('alpha', '_release.json'))).toMatchObject({ web_name: 'alpha' });
    // ...yet the files every site shares are stored once: hard links to one copy.
    const bundle = (await readdir(path.join(work, 'dist', 'sites', 'alpha', '_astro'))).find((f) => f.startsWith('client.') && f.endsWith('.js'))!;
    const [alphaBundle, betaBundle] = await Promise.all(['alpha', 'beta'].map((t) => stat(path.join(work, 'dist', 'sites', t, '_astro', bundle))));
    expect(betaBundle!.ino).toBe(alphaBundle!.ino);
    expect(alphaBundle!.nlink).toBe(4); // the store's copy, and alpha's, beta's and gamma's
    // The texts travel once, after the page's content, not in the islands' props: a props
    // attribute is parsed before the island's HTML and delayed its first paint (issue 10). The
    // islands meet in stores, so their props are all but empty.
    const alphaHome = await page('alpha');
    const props = [...alphaHome.matchAll(/<astro-island[^>]*?props="([^"]*)"/g)].map((m) => m[1]!.length);
    expect(props.length).toBeGreaterThan(1);
    expect(props.reduce((sum, length) => sum + length, 0)).toBeLessThan(4 * 1024);
    const catalogues = /<script type="application\/json" id="i18n-catalogues">(.*?)<\/script>/s.exec(alphaHome);
    expect(alphaHome.indexOf('i18n-catalogues')).toBeGreaterThan(alphaHome.indexOf('</main>'));
    expect(JSON.parse(catalogues![1]!).en['home.title']).toBe('Find your photos');
    // Branding from the API's storage lands in the site.
    expect(await page('alpha', 'branding/logo.svg')).toContain('<svg');
    expect(await page('alpha')).toContain('src="/branding/logo.svg"');
    // Home and gallery stay within their script budgets (issue 10), measured on the production
    // bundles the build makes even under Vitest (React's development build alone would exceed them).
    const alpha = path.join(work, 'dist', 'sites', 'alpha');
    const home = await pageWeight(alpha);
    const gallery = await pageWeight(alpha, 'gallery/index.html');
    expect(home.js).toBeGreaterThan(60 * 1024);
    expect(home.js).toBeLessThanOrEqual(JS_BUDGETS.home);
    expect(gallery.js).toBeLessThanOrEqual(JS_BUDGETS.gallery);
    const scripts = (await readdir(path.join(alpha, '_astro'))).filter((file) => file.endsWith('.js'));
    const bundled = (await Promise.all(scripts.map((file) => readFile(path.join(alpha, '_astro', file), 'utf8')))).join('\n');
    expect(bundled).not.toContain('react-dom.development');
    expect(bundled).not.toMatch(/preact/i);
  }, 120_000);

  it('builds the home and the gallery as static HTML with islands, each hydrated when it is needed (issue 27)', async () => {
    /** Each island of a page: its component and its hydration directive, in page order. */
    const islands = (html: string) =>
      [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => {
        const name = /opts="[^"]*?&quot;name&quot;:&quot;(\w+)&quot;/.exec(tag)?.[1];
        const client = /\bclient="([\w-]+)"/.exec(tag)?.[1];
        return `${name} ${client}`;
      });
    /** The page's content as a browser without JavaScript shows it: the islands' prerendered HTML taken out. */
    const withoutIslands = (html: string) =>
      (/<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '').replaceAll(/<astro-island\b[\s\S]*?<\/astro-island>/g, '');
    /** No frame before <main> is parsed whole: rendering waits for the element that follows it (a header painted half-parsed moved). */
    const expectFirstFrameAfterMain = (html: string) => {
      expect(html).toMatch(/<head>[\s\S]*<link rel="expect" href="#page-data" blocking="render">[\s\S]*<\/head>/);
      expect(html).toMatch(/<\/main><script type="application\/json" id="page-data">/);
    };

    const home = await page('alpha');
    expect(islands(home)).toEqual([
      'OrganizationError idle',
      'HomeFlags load',
      'HomeForms load',
      'HomeActions visible',
      'HomeQrScanner idle',
      'HomeFacial idle',
      'HomeErrorModal idle',
      'PrivacyBanner idle',
    ]);
    expectFirstFrameAfterMain(home);
    const staticHome = withoutIslands(home);
    expect(staticHome).toMatch(/<span class="home-hero-name"[^>]*>alpha<\/span>/);
    expect(staticHome).toMatch(/<h1 id="home-title"[^>]*>Encontre suas fotos<\/h1>/);
    expect(staticHome).toContain('As fotos podem levar até 48 horas para ficar disponíveis.');
    expect(staticHome).toMatch(/<footer class="site-footer"[^>]*>[\s\S]*Termos de uso[\s\S]*Política de privacidade[\s\S]*<\/footer>/);
    // The card form is an island: not in the static page.
    expect(staticHome).not.toContain('Código do cartão');

    const gallery = await page('alpha', 'gallery/index.html');
    // The gallery's islands wait for its first screen of photos (scripts/island-loading.ts).
    expect(islands(gallery)).toEqual([
      'OrganizationError after-photos-idle',
      'GalleryHeader after-photos',
      'GalleryLists after-photos',
      'CartPanel after-photos',
      'MediaViewer after-photos-idle',
      'GalleryCheckout after-photos-idle',
      'PricesModal after-photos-idle',
      'CardsModal after-photos-idle',
      'SendPhotosModal after-photos-idle',
    ]);
    // Its code is held in an inert template until then: its preloads and its module scripts, none of them in the page.
    const held = /<template data-held-code>([\s\S]*?)<\/template><\/head>/.exec(gallery)?.[1] ?? '';
    expect(held).toMatch(/^(<link rel="modulepreload" href="\/_astro\/[^"]+\.js">)+(<script type="module" src="\/_astro\/[^"]+\.js"><\/script>){2}$/);
    expect(gallery.replace(held, '')).not.toMatch(/modulepreload|<script type="module"/);
    // The home's start as it was: its preloads in its head, its scripts where Astro puts them.
    expect(home).not.toContain('<template data-held-code>');
    expect(home).toMatch(/<link rel="modulepreload" href="\/_astro\/[^"]+\.js"><\/head>/);
    expect(home).toMatch(/<body[\s\S]*<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
    expect(withoutIslands(gallery)).toMatch(/<div class="gallery [^"]*"[^>]*data-view="loading"[\s\S]*<footer class="site-footer"/);
    expectFirstFrameAfterMain(gallery);

    // A banner is static HTML too, with its files per language for the page's script.
    expect(withoutIslands(await page('beta'))).toMatch(/<img class="banner home-hero-image" src="\/branding\/banner-pt\.svg"[^>]*data-banner=/);
    expect(withoutIslands(await page('beta', 'gallery/index.html'))).toMatch(/<img class="banner gallery-banner" src="\/branding\/banner-pt\.svg"/);
  }, 120_000);

  it("gives the demo the branding of the repository's tenants/demo folder, as npm start does", async () => {
    await upsertOrganization(db, DEMO_ORGANIZATION);
    const tenantsDir = path.resolve(import.meta.dirname, '../../tenants');
    const summary = await buildTenants({ ...options, tenantsDir, tenants: ['demo'] });
    expect(summary.built).toEqual(['demo']);
    const home = await page('demo');
    expect(home).toContain('src="/branding/logo.svg"');
    expect(home).toContain('href="/branding/favicon.svg"');
    // The demo's background is a 1600x1000 picture: it covers the screen (a small tile would repeat).
    expect(home).toContain('url("/branding/background.svg") center/cover fixed');
    for (const file of ['logo', 'banner-pt', 'banner-en', 'banner-es', 'background', 'favicon', 'error-banner']) {
      expect(await page('demo', `branding/${file}.svg`), file).toBe(
        await inertSvg(await readFile(path.join(tenantsDir, 'demo', 'branding', `${file}.svg`), 'utf8')),
      );
    }
    // The gallery's banner per language comes from the same folder.
    expect(await page('demo', 'gallery/index.html')).toContain('/branding/banner-es.svg');
  }, 120_000);

  it('swaps a rebuilt site in whole, keeping the previous release for pages still loading', async () => {
    const live = () => liveRelease(path.join(work, 'dist'), 'alpha');
    const first = await live();
    const betaBefore = await liveRelease(path.join(work, 'dist'), 'beta');
    await buildTenants({ ...options, tenants: ['alpha'] });
    const second = await live();
    expect(second).not.toBe(first);
    expect(await page('alpha')).toContain('<title>Alpha</title>');
    expect((await readdir(path.dirname(second!))).sort()).toEqual([path.basename(first!), path.basename(second!)].sort());
    await buildTenants({ ...options, tenants: ['alpha'] });
    expect(await readdir(path.dirname(second!))).not.toContain(path.basename(first!));
    expect(await liveRelease(path.join(work, 'dist'), 'beta')).toBe(betaBefore);
  }, 120_000);

  it("builds into a folder outside the project whose path starts with the project's (a clone at /tmp/bench, the bench's /tmp/bench-build-*)", async () => {
    // Astro puts its server chunks in a static build's own output folder when that folder's path
    // starts with the working directory's text: out of node_modules' reach, they cannot find react.
    const outDir = await mkdtemp(`${path.resolve(import.meta.dirname, '../..')}-out-`);
    try {
      const summary = await buildTenants({ ...options, outDir, tenants: ['alpha'] });
      expect(summary.built).toEqual(['alpha']);
      expect(await readFile(path.join(outDir, 'sites', 'alpha', 'index.html'), 'utf8')).toContain('<title>Alpha</title>');
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('keeps the last good snapshot when the API cannot answer', async () => {
    await app.close();
    const summary = await buildTenants({ ...options, tenants: ['alpha'] });
    expect(summary.fromSnapshot).toEqual(['alpha']);
    expect(await page('alpha')).toContain('<title>Alpha</title>');
    expect(await page('alpha')).toContain('src="/branding/logo.svg"');
  }, 120_000);

  it('bundles error reporting only when a DSN is configured, sampling 10% of traces', async () => {
    const assets = async () => {
      const dir = path.join(work, 'dist', 'sites', 'alpha', '_astro');
      return (await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')))).join('\n');
    };
    expect(await assets()).not.toContain('tracesSampleRate');

    process.env['PUBLIC_SENTRY_DSN'] = 'https://key@errors.example/1';
    try {
      await buildTenants({ ...options, tenants: ['alpha'] });
    } finally {
      delete process.env['PUBLIC_SENTRY_DSN'];
    }
    const bundled = await assets();
    expect(bundled).toContain('https://key@errors.example/1');
    expect(bundled).toMatch(/tracesSampleRate:(0)?\.1\b/);
    const { version } = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(bundled).toContain(`release:\`${version}\``);
  }, 120_000);
});
