import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import type { Media } from '../../lib/api/types.ts';
import { formatCardCode } from '../../lib/card-code.ts';
import { GRID, gridCell, gridColumns, gridGap, gridRow, gridRowCount, gridRowHeight } from '../../lib/gallery.ts';
import FallbackImage from '../shared/FallbackImage.tsx';
import CartToggle from './CartToggle.tsx';

interface Props {
  items: Media[];
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
 * One list of media as a virtual grid of justified rows: only the rows near the viewport are in
 * the DOM, every cell is a 3:2 box sized from the list's width (no layout shift while thumbnails
 * load), the window scrolls. A picked photo shows it on the whole cell (gallery.css).
 */
export default function MediaGrid({ items, label, onOpen }: Props) {
  const t = useTranslate();
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const { width, top } = useListBox(list);
  const gap = gridGap(width);
  const columns = gridColumns(width);
  const rowHeight = gridRowHeight(width, columns);
  const cell = gridCell(width, columns);

  const virtualizer = useWindowVirtualizer({
    count: width > 0 ? gridRowCount(items.length, columns) : 0,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin: top,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight, columns]);

  const altOf = (media: Media, n: number) => {
    const params = { n, code: formatCardCode(media.card) };
    if (media.type === 'video') return t('gallery.videoAlt', params);
    if (media.type === 'extra') return t('gallery.extraAlt', params);
    return t('gallery.photoAlt', params);
  };

  return (
    <section className="media-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      <ul
        ref={list}
        className="media-grid-virtual"
        style={{ height: width > 0 ? virtualizer.getTotalSize() : undefined }}
        data-count={items.length}
      >
        {virtualizer.getVirtualItems().flatMap((row) =>
          gridRow(items, row.index, columns).map((media, column) => {
            const n = row.index * columns + column + 1;
            const alt = altOf(media, n);
            return (
              <li
                key={media.id}
                className={media.sold ? 'media-cell sold' : 'media-cell not-sold'}
                aria-setsize={items.length}
                aria-posinset={n}
                style={{
                  width: cell,
                  height: cell * GRID.aspect,
                  transform: `translate(${column * (cell + gap)}px, ${row.start - top}px)`,
                }}
              >
                <button type="button" onClick={() => onOpen(media.id)} data-media-id={media.id}>
                  <FallbackImage sources={[media.thumbUrl]} alt={alt} loading="lazy" decoding="async" width={480} height={320} />
                  {media.type === 'video' && (
                    <span className="media-play" aria-hidden="true">
                      ▶
                    </span>
                  )}
                </button>
                {!media.sold && <CartToggle media={media} name={alt} compact />}
              </li>
            );
          }),
        )}
      </ul>
    </section>
  );
}
