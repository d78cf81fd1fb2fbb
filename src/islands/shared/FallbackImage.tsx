import { useState, type ImgHTMLAttributes } from 'react';

/** What a media shows when its image cannot load (section 7); every tenant's site carries it. */
const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** A modern format of the first source, for `<picture>`: its mime type and its `srcset`. */
interface ModernSource {
  type: string;
  srcset: string;
}

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError' | 'alt'> {
  /** Required: what the image shows, or '' for a decorative one. */
  alt: string;
  /** Tried in order: each one that cannot load gives way to the next. */
  sources: readonly string[];
  /** Offered before the first source to browsers that take them, the first source staying the fallback; `sizes` picks among their widths. */
  modern?: readonly ModernSource[] | undefined;
  /** Shown when none loads: the placeholder, or null for nothing (never a broken image box). */
  fallback?: string | null;
}

interface Try {
  src: string;
  modern?: readonly ModernSource[];
}

/** An image that falls back, source by source, to the placeholder or to nothing. */
export default function FallbackImage({ sources, modern, fallback = PLACEHOLDER_IMAGE, alt, sizes, ...image }: Props) {
  const plain: Try[] = [...new Set(fallback === null ? sources : [...sources, fallback])].map((src) => ({ src }));
  // A modern file that fails (a rendition removed meanwhile) gives way to the first source alone.
  const tries: Try[] = modern?.length && plain[0] ? [{ ...plain[0], modern }, ...plain] : plain;
  const key = JSON.stringify(tries);
  // How many tries failed; another list of sources starts again.
  const [failed, setFailed] = useState({ key, count: 0 });
  const count = failed.key === key ? failed.count : 0;
  const shown = tries[count];
  // The error event and the check below may both report one failure: only the try shown moves on.
  const fail = (failedTry: number) =>
    setFailed((last) => {
      const current = last.key === key ? last.count : 0;
      return current === failedTry ? { key, count: current + 1 } : last;
    });
  if (shown === undefined) return null;
  // Keyed by the try, so each starts from a fresh element.
  const img = (
    <img
      key={count}
      {...image}
      alt={alt}
      src={shown.src}
      onError={() => fail(count)}
      // An image that had already failed when the island hydrated fired its error to nobody. A
      // finished image without pixels is broken, or an SVG without a size: decoding tells them apart.
      ref={(element) => {
        if (element?.complete && element.naturalWidth === 0) {
          element.decode().catch(() => element.isConnected && fail(count));
        }
      }}
    />
  );
  if (!shown.modern) return img;
  return (
    <picture key={count}>
      {shown.modern.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
