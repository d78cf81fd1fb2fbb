// The static parts of the home and the gallery (banner, titles, texts, footer) are Astro HTML,
// rendered in pt. This script keeps them in step with the stores the islands share: the texts in
// the visitor's language, the banner of that language, the help mail with the card code, and the
// page's controls hidden while the organization cannot be loaded (its island shows the error page).
import { computed } from 'nanostores';
import type { MessageKey, MessageParams } from '../i18n/index.ts';
import { $helpCardCode } from '../stores/help.ts';
import { $t } from '../stores/i18n.ts';
import { $locale } from '../stores/locale.ts';
import { $liveOrganization, $organizationFailed } from '../stores/organization.ts';
import type { BannerSources } from '../tenant/branding.ts';
import { helpLink } from './footer.ts';
import { staticTextsShown } from './locale-reveal.ts';

const root = document.documentElement;

$t.subscribe((t) => {
  for (const element of document.querySelectorAll<HTMLElement>('[data-t]')) {
    const params = element.dataset['tParams'];
    element.textContent = t(element.dataset['t'] as MessageKey, params ? (JSON.parse(params) as MessageParams) : undefined);
  }
  staticTextsShown();
});

$organizationFailed.subscribe((failed) => root.toggleAttribute('data-organization-failed', failed));

const $help = computed([$liveOrganization, $helpCardCode, $t], helpLink);
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-help-link]')) {
  const text = link.querySelector<HTMLElement>('[data-help-text]');
  $help.subscribe((help) => {
    // A help page stays the help page: only the mail follows the code and the language.
    if (help.external) return;
    link.href = help.href;
    if (text) text.textContent = help.text;
  });
}

// A banner shows the visitor's language's files, each that cannot load giving way to the next,
// and none at all (never a broken image) when none loads.
for (const image of document.querySelectorAll<HTMLImageElement>('img[data-banner]')) {
  const { sources, ratio } = (JSON.parse(image.dataset['banner'] ?? '{}') as BannerSources)[$locale.get()];
  let at = 0;
  const next = () => {
    at += 1;
    const source = sources[at];
    if (source) image.src = source;
    else image.remove();
  };
  image.addEventListener('error', next);
  if (sources[0] && image.getAttribute('src') !== sources[0]) {
    image.classList.toggle('unsized', ratio === null);
    if (ratio === null) image.style.removeProperty('--banner-ratio');
    else image.style.setProperty('--banner-ratio', String(ratio));
    image.src = sources[0];
  } else if (image.complete && image.naturalWidth === 0) {
    // It failed before this script ran: decoding tells a broken image from an SVG without a size.
    image.decode().catch(() => image.isConnected && next());
  }
}
