// The gallery's first call starts from the page's HTML, not from island code: a few inline lines in
// its <head> read the card from the address and ask for the organization and the first page of
// media in one GET (no preflight), then preload the first thumbnails. The stores adopt that answer
// when they start (src/lib/api/client.ts) instead of asking again. The script is made, at build
// time, of the very functions the islands read the address and the access code with, so both
// sides name exactly the same URL; a store adopts the answer only for that URL (the same cards and
// the same access code, which travels as on every other call), once. For a gallery of the
// address's card alone it starts the cover first, that gallery's first thumbnail at an address
// the page knows from its own, and shows it while the gallery loads: the photo then waits for the
// HTML only, not for the answer or the island code; the rest of the first screen is preloaded once
// it has decoded. Other galleries get the first screen's thumbnails preloaded from the answer.
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import { FIRST_PAGE_SIZE } from '@gallery/contract/rules';
import { scriptJson } from '../i18n/baked.ts';
import { readCardSecret, SECRET_KEY_PREFIX } from './card-secret.ts';
import { GRID, gridRatio } from './grid-layout.ts';
import { absoluteSrcset } from './api/client.ts';
import { COVER_SLOT, coverPath, EARLY_GALLERY_KEY, galleryStartPath, type EarlyGallery } from './gallery-early.ts';
import { cardCodeFromGalleryPath, cardCodesFromQuery } from './routes.ts';

interface ScriptConfig {
  api: string;
  organizationId: number;
  limit: number;
  key: string;
  /** The selector of the page's slot for the cover while the gallery loads. */
  coverSlot: string;
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
    // The slot of a 3:2 photo, the most common, at the screen's density (the grid shows the cover whatever its shape).
    const cover = others.length
      ? undefined
      : config.api + coverPath(config.organizationId, code, Math.round(row.target * GRID.fallbackRatio * devicePixelRatio), secret);
    const answer = fetch(url).then((response) => response.text().then((text) => ({ status: response.status, text })));
    const early: EarlyGallery = { url, answer, ...(cover && { cover }) };
    (window as unknown as Record<string, EarlyGallery>)[config.key] = early;
    // The first screen's thumbnails from `from` on, preloaded once the answer names them.
    const preload = (from: number) =>
      answer
        .then(({ status, text }) => {
          if (status !== 200) return;
          type Listed = { thumb_path: string; width: number; height: number; image_sources?: Array<{ thumb_srcset: string }> };
          const page = JSON.parse(text) as Record<'sold_medias' | 'not_sold_medias' | 'extras', Listed[]>;
          for (const media of [...page.sold_medias, ...page.not_sold_medias, ...page.extras].slice(from, GRID.firstScreen)) {
            const link = document.createElement('link');
            link.rel = 'preload';
            link.as = 'image';
            link.href = config.api + media.thumb_path;
            const modern = media.image_sources?.[0];
            if (modern) {
              // The grid's cell for it is about the row's target height at its ratio (grid-layout.ts):
              // near enough that the browser picks the same width of the srcset as the <img> will.
              link.imageSrcset = absoluteSrcset(config.api, modern.thumb_srcset);
              link.imageSizes = `${Math.round(gridRatio(media) * row.target)}px`;
            }
            link.fetchPriority = 'high';
            document.head.appendChild(link);
          }
        })
        .catch(() => undefined);
    if (!cover) return void preload(0);
    // Loading now; the grid's first cell, an <img> of the same URL, takes this very response (a
    // document loads an image's URL once). Until the grid shows, the image itself is shown in the
    // page's slot for it, at a row's height, once it has decoded: the first photo then waits for
    // the HTML and itself, not for the island code.
    const image = new Image();
    image.fetchPriority = 'high';
    image.alt = '';
    image.style.height = row.target + 'px';
    image.src = cover;
    const decoded = image.decode();
    // The rest of the first screen after it: sooner, they would share the phone's bandwidth with
    // the cover (on Slow 4G the first photo came about 0.4 s later with them beside it).
    void decoded.finally(() => preload(1));
    const place = () => {
      const slot = document.querySelector<HTMLElement>(config.coverSlot);
      if (!slot) return false;
      slot.appendChild(image);
      decoded.then(
        () => slot.removeAttribute('hidden'),
        () => image.remove(),
      );
      return true;
    };
    if (!place()) {
      const observer = new MutationObserver(() => place() && observer.disconnect());
      observer.observe(document.documentElement, { childList: true, subtree: true });
    }
  } catch {
    // No storage, no fetch: the islands ask themselves.
  }
}

/** The page's inline script (its hash joins the page's policy). */
export function earlyGalleryScript(api: string, organizationId: number): string {
  const config: ScriptConfig = {
    api: api.replace(/\/+$/, ''),
    organizationId,
    limit: FIRST_PAGE_SIZE,
    key: EARLY_GALLERY_KEY,
    coverSlot: COVER_SLOT,
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
    absoluteSrcset,
    startEarlyGallery,
  ];
  return `(function () {
var SECRET_KEY_PREFIX = ${scriptJson(SECRET_KEY_PREFIX)};
var GRID = ${scriptJson(GRID)};
${helpers.map(String).join('\n')}
startEarlyGallery(${scriptJson(config)});
})();`;
}
