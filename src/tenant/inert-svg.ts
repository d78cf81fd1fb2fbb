import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

// Branding SVGs come from organizations and are served from their site's origin (and the API's):
// opened on its own, an SVG's script would run there. Each one is made inert where it enters
// (branding:set, the site build) with DOMPurify's SVG profile: no script, no event handler, no
// foreignObject, no javascript: link; what draws stays. Node only (jsdom's DOM).

let dom: { purify: DOMPurify; serializer: XMLSerializer } | undefined;

/**
 * The SVG with nothing left that runs, serialised as XML (an .svg file must parse as XML), or
 * null when the text holds no SVG image.
 */
export function inertSvg(text: string): string | null {
  if (!dom) {
    const { window } = new JSDOM('');
    dom = { purify: createDOMPurify(window), serializer: new window.XMLSerializer() };
  }
  const fragment = dom.purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true });
  const root = fragment.firstElementChild;
  if (!root || root.localName !== 'svg' || fragment.childElementCount !== 1) return null;
  return dom.serializer.serializeToString(root);
}
