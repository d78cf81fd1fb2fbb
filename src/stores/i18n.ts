import { atom, computed } from 'nanostores';
import { bakedJson, CATALOGUES_ELEMENT_ID } from '../i18n/baked.ts';
import { createI18n, DEFAULT_LOCALE, translator, type Catalogues, type Translate } from '../i18n/index.ts';
import { $locale } from './locale.ts';

// The texts every island and the page's static parts share: i18next over the tenant's catalogues
// (base plus overrides), baked into the page, so no catalogue is fetched at run time.

/** The tenant's catalogues: set by the build before it renders a page, read from the page in the browser. */
export const $catalogues = atom<Catalogues | null>(typeof document === 'undefined' ? null : bakedJson<Catalogues>(CATALOGUES_ELEMENT_ID));

const $i18n = computed($catalogues, (catalogues) => {
  if (!catalogues) throw new Error('this page carries no catalogues');
  return createI18n(catalogues);
});

/** Translates in the visitor's language; a whole island switches language in one render. */
export const $t = computed([$i18n, $locale], (i18n, locale): Translate => translator(i18n, locale));

/** Translates as the page was prerendered (pt): what an island's hydrating render must show. */
export const $prerenderedT = computed($i18n, (i18n): Translate => translator(i18n, DEFAULT_LOCALE));
