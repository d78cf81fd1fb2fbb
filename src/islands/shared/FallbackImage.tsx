import { useState, type ImgHTMLAttributes } from 'react';

/** What a media shows when its image cannot load (section 7); every tenant's site carries it. */
const PLACEHOLDER_IMAGE = '/placeholder.svg';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError' | 'alt'> {
  /** Required: what the image shows, or '' for a decorative one. */
  alt: string;
  /** Tried in order: each one that cannot load gives way to the next. */
  sources: readonly string[];
  /** Shown when none loads: the placeholder, or null for nothing (never a broken image box). */
  fallback?: string | null;
}

/** An image that falls back, source by source, to the placeholder or to nothing. */
export default function FallbackImage({ sources, fallback = PLACEHOLDER_IMAGE, alt, ...image }: Props) {
  const tries = [...new Set(fallback === null ? sources : [...sources, fallback])];
  const key = tries.join('\n');
  // How many of these sources failed; another list of sources starts again.
  const [failed, setFailed] = useState({ key, count: 0 });
  const count = failed.key === key ? failed.count : 0;
  const src = tries[count];
  // The error event and the check below may both report one failure: only the shown source moves on.
  const fail = (failedSrc: string) =>
    setFailed((last) => {
      const shown = last.key === key ? last.count : 0;
      return tries[shown] === failedSrc ? { key, count: shown + 1 } : last;
    });
  if (src === undefined) return null;
  return (
    <img
      {...image}
      alt={alt}
      key={src}
      src={src}
      onError={() => fail(src)}
      // An image that had already failed when the island hydrated fired its error to nobody. A
      // finished image without pixels is broken, or an SVG without a size: decoding tells them apart.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) {
          img.decode().catch(() => img.isConnected && img.getAttribute('src') === src && fail(src));
        }
      }}
    />
  );
}
