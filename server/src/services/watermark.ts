import sharp from 'sharp';

// Vector shapes only: text would need fonts, and a fresh machine may have none.
const BAND_SPACING = 140;
const cache = new Map<string, Promise<Buffer>>();

function watermarkSvg(width: number, height: number): string {
  const glyph = Math.round(Math.min(width, height) * 0.28);
  const x = Math.round((width - glyph) / 2);
  const y = Math.round((height - glyph * 0.8) / 2);
  const stroke = Math.max(2, Math.round(glyph / 30));
  // Light bands with a dark edge stay visible on both bright and dark photos.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <pattern id="bands" width="${BAND_SPACING}" height="${BAND_SPACING}" patternUnits="userSpaceOnUse" patternTransform="rotate(-35)">
      <rect x="0" y="0" width="${BAND_SPACING}" height="34" fill="#ffffff" fill-opacity="0.38"/>
      <rect x="0" y="34" width="${BAND_SPACING}" height="6" fill="#000000" fill-opacity="0.28"/>
    </pattern>
  </defs>
  <rect width="100%" height="100%" fill="url(#bands)"/>
  <g transform="translate(${x} ${y}) scale(${glyph / 100})" fill="#ffffff" fill-opacity="0.7" stroke="#000000" stroke-opacity="0.45" stroke-width="${(stroke * 100) / glyph}">
    <rect x="0" y="18" width="100" height="62" rx="10"/>
    <rect x="32" y="6" width="36" height="16" rx="4"/>
    <circle cx="50" cy="49" r="22" fill="#000000" fill-opacity="0.35"/>
    <circle cx="50" cy="49" r="12"/>
    <rect x="78" y="26" width="12" height="7" rx="2"/>
  </g>
</svg>`;
}

/** The overlay for one output size as PNG, rendered once per size and then reused. */
export function watermarkFor(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let overlay = cache.get(key);
  if (!overlay) {
    overlay = sharp(Buffer.from(watermarkSvg(width, height)))
      .png()
      .toBuffer();
    // A failed render must not poison the cache for later imports.
    overlay.catch(() => cache.delete(key));
    cache.set(key, overlay);
  }
  return overlay;
}
