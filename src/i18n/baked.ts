// What a page hands its islands travels once, as JSON scripts at the end of its body, not as island
// props: props are an attribute the browser parses before the island's HTML, and 60 KB of them kept
// the page's main text (its largest paint) a frame behind the first paint. The page stores
// (src/stores/page.ts) read them; the build sets the same stores before it renders a page.

export const CATALOGUES_ELEMENT_ID = 'i18n-catalogues';
export const PAGE_DATA_ELEMENT_ID = 'page-data';

// The elements close the body, and an island may load before the parser gets there.
if (typeof document !== 'undefined' && document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

/** The JSON a page carries in one of its elements, or null when it carries none. */
export function bakedJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}

/** A value as a script element's JSON text: no "</script>" inside can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
