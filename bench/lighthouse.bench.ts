// Lighthouse mobile performance of the demo home and of its first card's gallery, in Debian's
// Chromium, against the real API and the real built site. Targets: a score of at least 98, the
// home's LCP at most 2.0 s (issue 10), the gallery's TBT at most 50 ms (issue 28), and each
// page's script budget.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { JS_BUDGETS } from '../scripts/page-weight.ts';
import { CHROMIUM_FLAGS, startDemoSite } from './support/demo-site.ts';

const site = await startDemoSite();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
try {
  // The gallery of the demo's first card too (issue 28): its first answer leaves from the HTML.
  for (const [name, url] of [
    ['home', site.url],
    ['gallery', new URL('/gallery/DE-MO00-001', site.url).href],
  ] as const) {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    const items = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
    const script = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
    console.log(`${name}:`);
    console.log(`  lighthouse mobile performance: ${Math.round((lhr.categories['performance']?.score ?? 0) * 100)} (target >= 98)`);
    console.log(`  first contentful paint:        ${audit('first-contentful-paint')}`);
    console.log(`  largest contentful paint:      ${audit('largest-contentful-paint')}${name === 'home' ? ' (target <= 2.0 s)' : ''}`);
    console.log(`  total blocking time:           ${audit('total-blocking-time')}${name === 'gallery' ? ' (target <= 50 ms)' : ''}`);
    console.log(`  cumulative layout shift:       ${audit('cumulative-layout-shift')}`);
    console.log(
      `  script transferred:            ${(script / 1024).toFixed(1)} KB (bytes on the wire, HTTP headers included; the budget of ${JS_BUDGETS[name] / 1024} KB gzipped is held by the build bench)`,
    );
  }
} finally {
  chrome.kill();
  await site.close();
}
