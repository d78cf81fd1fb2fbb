import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslate } from '../shared/page-stores.ts';
import type { Media } from '../../lib/api/types.ts';
import { formatCardCode } from '@gallery/contract/card-code';
import { cellImage } from '../../lib/gallery.ts';
import { GRID, gridLayout } from '../../lib/grid-layout.ts';
import FallbackImage from '../shared/FallbackImage.tsx';
import CartToggle from './CartToggle.tsx';

interface Props {
  /** Its media loaded so far (the pages come in order). */
  items: Media[];
  /** How many the list holds in all. */
  total: number;
  label: string;
  onOpen: (id: string) => void;
}

/** Width of the list and its distance from the top of the document, kept up to date. */
function useListBox(list: RefObject<HTMLUListElement | null>) {
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: element.clientWidth, top: Math.round(rect.top + window.scrollY) };
      setBox((old) => (old.width === next.width && old.top === next.top ? old : next));
    };
    measure();
    // Anything above the list that grows or shrinks moves it: watch the page as well.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  return box;
}

/**
 * One list of media as a virtual grid of justified rows (src/lib/gallery.ts): only the rows near
 * the viewport are in the DOM, every cell is sized from the media's own ratio and the list's width
 * before its thumbnail arrives (no layout shift), the window scrolls. A picked photo shows it on
 * the whole cell (gallery.css).
 */
export default function MediaGrid({ items, total, label, onOpen }: Props) {
  const t = useTranslate();
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const { width, top } = useListBox(list);
  // Laid out once per list and width: 20,000 media take a few milliseconds, not one per render.
  const { rows, gap } = useMemo(() => gridLayout(items, width), [items, width]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => rows[index]!.height + gap,
    overscan: 3,
    scrollMargin: top,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rows]);

  const altOf = (media: Media, n: number) => {
    const params = { n, code: formatCardCode(media.card) };
    if (media.type === 'video') return t('gallery.videoAlt', params);
    if (media.type === 'extra') return t('gallery.extraAlt', params);
    return t('gallery.photoAlt', params);
  };

  return (
    <section className="media-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      <ul ref={list} className="media-grid-virtual" style={{ height: width > 0 ? virtualizer.getTotalSize() : undefined }} data-count={total}>
        {virtualizer.getVirtualItems().flatMap(({ index: rowIndex, start }) => {
          const { height, cells } = rows[rowIndex]!;
          return cells.map(({ index, left, width: cellWidth }) => {
            const media = items[index]!;
            const n = index + 1;
            const alt = altOf(media, n);
            return (
              <li
                key={media.id}
                className={media.sold ? 'media-cell sold' : 'media-cell not-sold'}
                aria-setsize={total}
                aria-posinset={n}
                style={{ width: cellWidth, height, transform: `translate(${left}px, ${start - top}px)` }}
              >
                <button type="button" onClick={() => onOpen(media.id)} data-media-id={media.id}>
                  <FallbackImage
                    {...cellImage(media, index < GRID.firstScreen)}
                    // The cell's own width: the browser takes the narrowest rendition that fills it at the screen's density.
                    sizes={`${cellWidth}px`}
                    alt={alt}
                    decoding="async"
                    width={media.width}
                    height={media.height}
                  />
                  {media.type === 'video' && (
                    <span className="media-play" aria-hidden="true">
                      ▶
                    </span>
                  )}
                </button>
                {!media.sold && <CartToggle media={media} name={alt} compact />}
              </li>
            );
          });
        })}
      </ul>
    </section>
  );
}
