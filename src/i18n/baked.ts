// A page's catalogues travel once, as a JSON script at the end of its body, not as island props:
// props are an attribute the browser parses before the island's HTML, and 60 KB of them kept
// the page's main text (its largest paint) a frame behind the first paint.
import type { Catalogues } from './index.ts';

export const CATALOGUES_ELEMENT_ID = 'i18n-catalogues';

// The element closes the body, and an island may load before the parser gets there.
if (typeof document !== 'undefined' && document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

const atBuild = new Map<string, Catalogues>();

/** Build time: a page hands its tenant's catalogues to the islands it renders. */
export function bakeCatalogues(webName: string, catalogues: Catalogues): void {
  atBuild.set(webName, catalogues);
}

/** The tenant's catalogues: as the page handed them at build time, as the page carries them in the browser. */
export function bakedCatalogues(webName: string): Catalogues {
  if (typeof document === 'undefined') {
    const catalogues = atBuild.get(webName);
    if (!catalogues) throw new Error(`no catalogues baked for tenant "${webName}"`);
    return catalogues;
  }
  const element = document.getElementById(CATALOGUES_ELEMENT_ID);
  if (!element?.textContent) throw new Error('this page carries no catalogues');
  return JSON.parse(element.textContent) as Catalogues;
}

/** The JSON of the catalogues as a script element's text: no "</script>" inside can end it early. */
export function cataloguesJson(catalogues: Catalogues): string {
  return JSON.stringify(catalogues).replaceAll('<', '\\u003c');
}
