import type { DOMPurify } from 'dompurify';

// Branding SVGs come from organizations and are served from their site's origin (and the API's):
// opened on its own, an SVG's script would run there. Each one is made inert where it enters
// (branding:set, the site build) with DOMPurify's SVG profile: no script, no event handler, no
// foreignObject, no javascript: link; what draws stays. Node only (jsdom's DOM), loaded on first
// use: it weighs a second and 120 MB, which an API or CLI start that sets no branding never pays.

let dom: Promise<{ purify: DOMPurify; serializer: XMLSerializer }> | undefined;

async function loadDom(): Promise<{ purify: DOMPurify; serializer: XMLSerializer }> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const { window } = new JSDOM('');
  return { purify: createDOMPurify(window), serializer: new window.XMLSerializer() };
}

/**
 * The SVG with nothing left that runs, serialised as XML (an .svg file must parse as XML), or
 * null when the text holds no SVG image.
 */
export async function inertSvg(text: string): Promise<string | null> {
  const { purify, serializer } = await (dom ??= loadDom());
  const fragment = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true });
  const root = fragment.firstElementChild;
  if (!root || root.localName !== 'svg' || fragment.childElementCount !== 1) return null;
  return serializer.serializeToString(root);
}
