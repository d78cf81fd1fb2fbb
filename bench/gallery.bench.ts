// The gallery at scale: one card with 5,000 media (rows inserted directly, every folder hard-linked
// to one of the demo's imported photos, so seeding takes seconds), the demo site built against the
// real API, and the page opened in Debian Chromium. Prints the time to the first thumbnails, the DOM
// size (at the top and after scrolling to the end: the grid is virtual, so it stays bounded) and the
// cumulative layout shift. Target: first thumbnails within 1.5 s of navigation on loopback.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { seedBigCard } from '../tests/support/big-card.ts';
import { startDemoSite } from './support/demo-site.ts';
import { throttle } from './support/network.ts';

const MEDIA = Number(process.env['BENCH_MEDIA'] ?? 5000);
const RUNS = 3;
const CARD = 'BENCH5000';
const started = Date.now();

const site = await startDemoSite((db, dataDir) => seedBigCard(db, dataDir, CARD, MEDIA));
const seeded = (Date.now() - started) / 1000;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

interface Figures {
  /** When the media list had arrived, ms after navigation, and its bytes on the wire. */
  listMs: number;
  listBytes: number;
  firstThumbMs: number;
  viewportThumbsMs: number;
  nodesAtTop: number;
  nodesAtEnd: number;
  cls: number;
  thumbsAtEnd: number;
}

async function measure({ slowNetwork = false } = {}): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (slowNetwork) {
    await throttle(await context.newCDPSession(page));
  }
  const listResponse = page.waitForResponse((response) => response.url().includes('/api/v1/medias/'), { timeout: 120_000 });
  await page.addInitScript(() => {
    const bench = { cls: 0, firstThumb: 0 };
    (window as unknown as { bench: typeof bench }).bench = bench;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) bench.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener(
      'load',
      (event) => {
        const target = event.target;
        if (!bench.firstThumb && target instanceof HTMLImageElement && target.closest('.media-cell')) {
          bench.firstThumb = performance.now();
        }
      },
      true,
    );
  });
  await page.goto(new URL('/gallery/BE-NCH5-000', site.url).href);
  const list = await listResponse;
  await list.finished();
  const listBytes = (await list.request().sizes()).responseBodySize;
  const listMs = await page.evaluate(
    () => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.name.includes('/api/v1/medias/'))?.responseEnd ?? 0,
  );
  // Every thumbnail in the viewport loaded: the time since navigation (performance.now()).
  const viewportThumbsMs = await page.waitForFunction(
    () => {
      const inView = [...document.querySelectorAll<HTMLImageElement>('.media-cell img')].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
      return inView.length > 0 && inView.every((img) => img.complete && img.naturalWidth > 0) ? performance.now() : 0;
    },
    undefined,
    { timeout: 120_000, polling: 'raf' },
  );
  const viewport = (await viewportThumbsMs.jsonValue()) as number;
  const top = await page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    ...(window as unknown as { bench: { cls: number; firstThumb: number } }).bench,
  }));
  // Scroll to the end in steps, as a visitor flicking through would.
  for (let i = 0; i < 20; i++) {
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(30);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  const end = await page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    thumbs: document.querySelectorAll('.media-cell img').length,
  }));
  await context.close();
  return {
    listMs,
    listBytes,
    firstThumbMs: top.firstThumb,
    viewportThumbsMs: viewport,
    nodesAtTop: top.nodes,
    nodesAtEnd: end.nodes,
    cls: top.cls,
    thumbsAtEnd: end.thumbs,
  };
}

const runs: Figures[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await measure());
const median = (pick: (f: Figures) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
const slow = await measure({ slowNetwork: true });

console.log(`media on the card:          ${MEDIA} (seeded and site built in ${seeded.toFixed(1)} s)`);
console.log(
  `media list:                 ${(median((f) => f.listBytes) / 1024).toFixed(0)} KB on the wire (compressed), arrived ${median((f) => f.listMs).toFixed(0)} ms after navigation`,
);
console.log(
  `on a slow mobile network:   list arrived ${(slow.listMs / 1000).toFixed(1)} s, first thumbnail ${(slow.firstThumbMs / 1000).toFixed(1)} s after navigation (Slow 4G: 1.44 Mbit/s, 563 ms RTT)`,
);
console.log(`first thumbnail:            ${median((f) => f.firstThumbMs).toFixed(0)} ms after navigation (median of ${RUNS}; target < 1500 ms)`);
console.log(`viewport thumbnails loaded: ${median((f) => f.viewportThumbsMs).toFixed(0)} ms after navigation`);
console.log(
  `DOM nodes:                  ${median((f) => f.nodesAtTop)} at the top, ${median((f) => f.nodesAtEnd)} after scrolling to the end (${median((f) => f.thumbsAtEnd)} thumbnails mounted)`,
);
console.log(`cumulative layout shift:    ${median((f) => f.cls).toFixed(4)} (target < 0.1)`);
console.log(`bench time:                 ${((Date.now() - started) / 1000).toFixed(1)} s`);

await browser.close();
await site.close();
