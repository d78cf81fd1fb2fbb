import type { CSSProperties } from 'react';
import type { ImageSize } from '../../tenant/branding.ts';
import FallbackImage from './FallbackImage.tsx';

interface Props {
  /** Tried in order (FallbackImage); none loading shows nothing. */
  sources: readonly string[];
  /** The first source's size, when the build knows it: the box is laid out before the picture loads. */
  size: ImageSize | null;
  /** The tallest it may be, as a CSS length. */
  maxHeight: string;
  className: string;
  fetchPriority?: 'high';
}

/**
 * A tenant's banner, always whole at its own ratio (global.css .banner): as wide as its place
 * allows and no taller than maxHeight, centred. A text banner is never cropped to its middle.
 */
export default function Banner({ sources, size, maxHeight, className, fetchPriority }: Props) {
  const style: CSSProperties & Record<`--banner-${string}`, string | number> = { '--banner-height': maxHeight };
  if (size) style['--banner-ratio'] = size.width / size.height;
  return (
    <FallbackImage
      className={`banner ${size ? '' : 'unsized '}${className}`}
      sources={sources}
      fallback={null}
      alt=""
      style={style}
      {...(fetchPriority && { fetchPriority })}
    />
  );
}
