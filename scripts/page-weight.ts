// What a built page costs a visitor on arrival: the gzipped bytes of its HTML and of every
// script and style it loads before anything is clicked (chunks fetched later by a dynamic
// import(), such as the lazy customer form, are not counted).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  html: number;
  css: number;
  js: number;
}

/** The weight of `page` (a file of the built site folder `site`), in gzipped bytes. */
export async function pageWeight(site: string, page = 'index.html'): Promise<PageWeight> {
  const html = await readFile(path.join(site, page), 'utf8');
  const weight: PageWeight = { html: gzipSync(html).length, css: 0, js: 0 };
  const queue = [...html.matchAll(/(?:src|href|component-url|renderer-url)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const text = await readFile(path.join(site, url), 'utf8');
    if (url.endsWith('.css')) weight.css += gzipSync(text).length;
    if (url.endsWith('.js')) {
      weight.js += gzipSync(text).length;
      // Static imports load with the module; follow them.
      for (const m of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`/_astro/${m[1]}`);
    }
  }
  return weight;
}

/** Script budgets on arrival, gzipped (issue 10): React's client alone is about 63 KB. */
export const JS_BUDGETS = { home: 100 * 1024, gallery: 125 * 1024 } as const;
