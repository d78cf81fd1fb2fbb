// The first photo as a visitor on a phone meets it (issue 28): on Lighthouse's "Slow 4G" and its
// 412x823 phone (bench/support/network.ts), the time from navigation to the gallery's first
// thumbnail painted, against the same thumbnail loaded alone on the same network in the same run:
// for the demo card of 6 photos (DE-MO00-001) and for a card of 20,000. Prints each ratio and its
// target (at most 1.6): what the gallery adds to the photo itself (its HTML, its first answer, its
// island code) should cost at most 0.6 of the photo's own time. Beside it, the floor of any page
// that is fetched before its photo: a page whose HTML names the very same file (two round trips,
// where the photo alone takes one; the gallery's static page learns its card from the address).
import { chromium, type Browser } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { seedBigCard } from '../tests/support/big-card.ts';
import { DEFAULT_TENANT, startSitesServer } from '../scripts/serve.ts';
import { startDemoSite } from './support/demo-site.ts';
import { PHONE, throttle } from './support/network.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const TARGET = 1.6;
const BIG = 'FIRSTPH20';
const cards = [
  { name: 'DE-MO00-001 (6 media)', path: '/gallery/DE-MO00-001' },
  { name: '20,000 media', path: '/gallery/FI-RSTP-H20' },
];

const site = await startDemoSite((db, dataDir) => seedBigCard(db, dataDir, BIG, 20_000));
// The page naming the photo, served as the sites are (its file is written for each photo).
const floorSites = await mkdtemp(path.join(os.tmpdir(), 'bench-first-photo-'));
await mkdir(path.join(floorSites, DEFAULT_TENANT));
const floorSite = await startSitesServer({ port: 0, sitesDir: floorSites });
const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** A fresh phone on the slow network (nothing cached, no connection open). */
async function slowPage() {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await throttle(await context.newCDPSession(page));
  return { page, close: () => context.close() };
}

/** The gallery's first thumbnail: when it was painted (the frame after one was shown whole, ms since navigation) and its address; the grid's first rows the page paints while loading count. */
async function firstThumb(url: string): Promise<{ ms: number; src: string }> {
  const { page, close } = await slowPage();
  await page.addInitScript(() => {
    // Looked for at every frame: an image may load before it joins the page (the cover does).
    const look = () => {
      const shown = [...document.querySelectorAll<HTMLImageElement>('.media-cell img, .gallery-early img')].find(
        (img) => img.complete && img.naturalWidth > 0 && img.checkVisibility(),
      );
      if (!shown) return void requestAnimationFrame(look);
      requestAnimationFrame(
        () => ((window as unknown as { firstThumb?: { ms: number; src: string } }).firstThumb = { ms: performance.now(), src: shown.currentSrc }),
      );
    };
    requestAnimationFrame(look);
  });
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (window as unknown as { firstThumb?: unknown }).firstThumb, undefined, { timeout: 60_000, polling: 50 });
  const first = (await handle.jsonValue()) as { ms: number; src: string };
  await close();
  return first;
}

/** The same image named by a page's HTML (the gallery's slot, so the same look finds it): when it was painted, ms since navigation. */
async function namedInHtml(src: string): Promise<number> {
  const html = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><div class="gallery-early"><img src="${src}" alt=""></div>`;
  await writeFile(path.join(floorSites, DEFAULT_TENANT, 'index.html'), html);
  return (await firstThumb(floorSite.url)).ms;
}

/** The same image opened alone: its load, ms since navigation. */
async function alone(src: string): Promise<number> {
  const { page, close } = await slowPage();
  await page.goto(src, { waitUntil: 'load', timeout: 60_000 });
  const ms = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  await close();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const lines: string[] = [];
let held = true;
for (const card of cards) {
  const gallery: number[] = [];
  const single: number[] = [];
  const named: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const first = await firstThumb(new URL(card.path, site.url).href);
    gallery.push(first.ms);
    single.push(await alone(first.src));
    named.push(await namedInHtml(first.src));
  }
  const ratio = median(gallery) / median(single);
  held &&= ratio <= TARGET;
  const seconds = (times: number[]) => `${(median(times) / 1000).toFixed(2)} s`;
  lines.push(
    `${card.name.padEnd(22)} first thumbnail ${seconds(gallery)}, alone ${seconds(single)}: ratio ${ratio.toFixed(2)} (target <= ${TARGET}); ` +
      `a page naming it in its HTML ${seconds(named)}: ratio ${(median(named) / median(single)).toFixed(2)} (the floor of a page)`,
  );
}
console.log(`First thumbnail on Slow 4G (562.5 ms RTT, 1.44 Mbit/s, 412x823 phone), median of ${RUNS}:`);
for (const line of lines) console.log(`  ${line}`);
console.log(held ? 'target held' : 'TARGET MISSED');

await browser.close();
await floorSite.close();
await site.close();
await rm(floorSites, { recursive: true, force: true });
