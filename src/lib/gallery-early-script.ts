// The gallery's first call starts from the page's HTML, not from island code: a few inline lines in
// its <head> read the card from the address and ask for the organization and the first page of
// media in one GET (no preflight). The stores adopt that answer when they start
// (src/lib/api/client.ts) instead of asking again. The script is made, at build time, of the very
// functions the islands read the address and the access code with and lay the grid out with, so
// both sides name exactly the same URLs and cells; a store adopts the answer only for that URL (the
// same cards and the same access code, which travels as on every other call), once. For a gallery
// of the address's card alone it starts the first screen's photos too, by their place in that
// gallery at addresses the page knows from its own (its covers, the first foremost): on a phone
// network each request waits a round trip before its bytes come (0.56 s on Slow 4G), and these
// wait it beside the answer's instead of after it. With the answer in, it paints the grid's first
// rows; the grid then shows the very same files. The island code waits until these photos show
// (EarlyGallery.firstScreen): on a phone network it would share their bandwidth.
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import { FIRST_PAGE_SIZE } from '@gallery/contract/rules';
import type { WireGalleryStartAnswer } from '@gallery/contract/media';
import { scriptJson } from '../i18n/baked.ts';
import { createI18n, DEFAULT_LOCALE, LOCALES, translator, type Catalogues, type Locale } from '../i18n/index.ts';
import { readCardSecret, SECRET_KEY_PREFIX } from './card-secret.ts';
import { GRID, gridLayout, gridRatio, gridRow } from './grid-layout.ts';
import { absoluteSrcset, ANSWER_TIMEOUT_MS } from './api/client.ts';
import { headLines } from './gallery.ts';
import { EARLY_SLOT, EARLY_TEXTS, FIRST_SCREEN_WAIT_MS, coverPath, EARLY_GALLERY_KEY, galleryStartPath, type EarlyGallery } from './gallery-early.ts';
import { cardCodeFromGalleryPath, cardCodesFromQuery } from './routes.ts';

interface ScriptConfig {
  api: string;
  organizationId: number;
  limit: number;
  key: string;
  /** The selector of the page's slot for the grid's first rows while the gallery loads. */
  earlySlot: string;
  /** The loading head's texts (EARLY_TEXTS) in each language but the page's own. */
  texts: Partial<Record<Locale, Record<string, string>>>;
  /** How long the call may wait for its answer (the API client's own limit). */
  timeoutMs: number;
  firstScreenWaitMs: number;
}

/** Runs inline, serialized (no imports there: the functions it calls are written beside it). */
function startEarlyGallery(config: ScriptConfig): void {
  try {
    const code = cardCodeFromGalleryPath(location.pathname);
    if (!code) return;
    // The gallery's cards as its store starts them: the address's, then those of ?cards=.
    const others = cardCodesFromQuery(new URLSearchParams(location.search).get('cards')).filter((other) => other !== code);
    const secret = readCardSecret(code, sessionStorage);
    const row = document.documentElement.clientWidth < GRID.phoneWidth ? GRID.phone : GRID.desktop;
    const url = config.api + galleryStartPath(config.organizationId, [code, ...others], secret, config.limit);
    // The first screen's photos by their place, each in the file that fills a row of the screen's
    // kind at its density (the API knows each one's shape).
    const rowHeight = Math.round(row.target * devicePixelRatio);
    const covers: string[] = [];
    for (let position = 0; !others.length && position < GRID.firstScreen; position++)
      covers.push(config.api + coverPath(config.organizationId, code, rowHeight, secret, position));
    const answer = fetch(url, { signal: AbortSignal.timeout(config.timeoutMs) }).then((response) =>
      response.text().then((text) => ({ status: response.status, text })),
    );
    // The island code waits for these photos to show (EarlyGallery.firstScreen), never longer than
    // the wait's limit, and not at all while another language hides the page until the islands render it.
    let firstScreenShown!: () => void;
    const firstScreen = new Promise<void>((resolve) => (firstScreenShown = resolve));
    setTimeout(firstScreenShown, config.firstScreenWaitMs);
    if ('localePending' in document.documentElement.dataset) firstScreenShown();
    const early: EarlyGallery = { url, answer, firstScreen, ...(covers.length && { covers }) };
    (window as unknown as Record<string, EarlyGallery>)[config.key] = early;
    type Listed = { thumb_path: string; width: number; height: number; image_sources?: Array<{ type: string; thumb_srcset: string }> };
    // They load now, the first foremost; the grid's first cells, <img>s of the same URLs, take these
    // very responses (a document loads an image's URL once).
    const coverImages = covers.map((src, position) => {
      const image = new Image();
      if (!position) image.fetchPriority = 'high';
      image.src = src;
      return image;
    });
    // The slot, once the parser has reached it; none once the page is parsed: the lists showed first (gallery-shell.ts).
    const withSlot = (use: (slot: HTMLElement) => void) => {
      const find = () => document.querySelector<HTMLElement>(config.earlySlot);
      const slot = find();
      if (slot) return use(slot);
      if (document.readyState !== 'loading') return;
      const observer = new MutationObserver(() => {
        const found = find();
        if (!found) return;
        observer.disconnect();
        use(found);
      });
      observer.observe(document.documentElement, { childList: true, subtree: true });
      document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
    };
    // The loading head's texts in the visitor's language while it is pending (earlyText): the
    // rows go where that language's head puts the grid.
    const translateHead = () => {
      const root = document.documentElement;
      const texts = 'localePending' in root.dataset ? config.texts[root.lang as Locale] : undefined;
      if (!texts) return;
      for (const element of document.querySelectorAll<HTMLElement>('[data-early-t]')) {
        const text = texts[element.dataset['earlyT']!];
        if (text) element.textContent = text;
      }
    };
    // The grid's first rows in the slot: the cells the grid will lay out (grid-layout.ts, at the
    // list's width), each with the file the grid's <picture> will pick (the same srcset and sizes),
    // so every photo loads once.
    const paint = (slot: HTMLElement, items: Listed[]) => {
      const { rows, gap } = gridLayout(items, slot.parentElement?.clientWidth ?? 0);
      for (const { height, cells } of rows) {
        if (cells[0]!.index >= GRID.firstScreen) break;
        const line = document.createElement('div');
        line.style.gap = line.style.marginBottom = gap + 'px';
        for (const { index, width } of cells) {
          const media = items[index]!;
          const cover = coverImages[index];
          const image = cover ?? document.createElement('img');
          image.alt = '';
          image.style.width = width + 'px';
          image.style.height = height + 'px';
          const modern = cover ? undefined : media.image_sources?.[0];
          if (modern) {
            // Its <source> in place before the <img> picks a file.
            const picture = document.createElement('picture');
            const source = document.createElement('source');
            source.type = modern.type;
            source.srcset = absoluteSrcset(config.api, modern.thumb_srcset);
            source.sizes = width + 'px';
            picture.append(source, image);
            line.appendChild(picture);
          } else line.appendChild(image);
          if (!cover) image.src = config.api + media.thumb_path;
        }
        slot.appendChild(line);
      }
      if (rows.length) slot.removeAttribute('hidden');
      // Shown once the first screen's photos are in and painted (the rows' others were asked for a round trip later).
      const photos = [...slot.querySelectorAll('img')].slice(0, GRID.firstScreen).map((image) => image.decode().catch(() => undefined));
      void Promise.all(photos).then(() => requestAnimationFrame(() => setTimeout(firstScreenShown)));
    };
    // Shown until the grid shows, once the answer is in: the first screen then waits for the HTML,
    // the answer and its photos, not for the island code. Photos past the first screen's covers
    // start then.
    void answer
      .then(({ status, text }) => {
        if (status !== 200) return firstScreenShown();
        const page = JSON.parse(text) as Omit<WireGalleryStartAnswer, 'sold_medias' | 'not_sold_medias' | 'extras'> &
          Record<'sold_medias' | 'not_sold_medias' | 'extras', Listed[]>;
        // The grid lays out each list on its own; the first that has media comes first.
        const items = [page.sold_medias, page.not_sold_medias, page.extras].find((list) => list.length);
        // After the page's stylesheets (a frame waits for them): the list's width is then the grid's.
        // The loading head then keeps the lines the list view's will have (gallery.css).
        const { sold_photos, sold_videos, extras } = page.counts;
        const lines = headLines({ soldPhotos: sold_photos, soldVideos: sold_videos, extras }, page.organization.features.site.free_photos);
        if (!items) return firstScreenShown();
        requestAnimationFrame(() =>
          withSlot((slot) => {
            slot.dataset['extrasNotice'] = String(lines.extrasNotice);
            slot.dataset['noneSold'] = String(lines.noneSold);
            translateHead();
            paint(slot, items);
          }),
        );
      })
      .catch(firstScreenShown);
  } catch {
    // No storage, no fetch: the islands ask themselves.
  }
}

/** The page's inline script (its hash joins the page's policy). */
export function earlyGalleryScript(api: string, organizationId: number, catalogues: Catalogues): string {
  const i18n = createI18n(catalogues);
  const texts = Object.fromEntries(
    LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => {
      const t = translator(i18n, locale);
      return [locale, Object.fromEntries(EARLY_TEXTS.map((key) => [key, t(key)]))];
    }),
  );
  const config: ScriptConfig = {
    api: api.replace(/\/+$/, ''),
    organizationId,
    limit: FIRST_PAGE_SIZE,
    key: EARLY_GALLERY_KEY,
    earlySlot: EARLY_SLOT,
    texts,
    timeoutMs: ANSWER_TIMEOUT_MS,
    firstScreenWaitMs: FIRST_SCREEN_WAIT_MS,
  };
  const helpers = [
    normalizeCardCode,
    isValidCardCode,
    cardCodeFromGalleryPath,
    cardCodesFromQuery,
    readCardSecret,
    galleryStartPath,
    coverPath,
    gridRatio,
    gridRow,
    gridLayout,
    absoluteSrcset,
    headLines,
    startEarlyGallery,
  ];
  return `(function () {
var SECRET_KEY_PREFIX = ${scriptJson(SECRET_KEY_PREFIX)};
var GRID = ${scriptJson(GRID)};
${helpers.map(String).join('\n')}
startEarlyGallery(${scriptJson(config)});
})();`;
}
