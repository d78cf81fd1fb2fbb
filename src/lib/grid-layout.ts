// The gallery's virtual grid: justified rows from the media's own sizes. No DOM: unit-tested in tests/unit.
import { FIRST_SCREEN_MEDIA } from '@gallery/contract/rules';

/**
 * Grid geometry: justified rows that keep every photo's ratio (its width and height from the
 * API). A row takes photos while it is still taller than the target height, keeps the last one
 * only if that brings it nearer the target (and not under the minimum), then is scaled to fill
 * the width exactly; the last row stays at the target, never stretched. All of it comes from the
 * data, never from a loaded image: the virtualiser knows every row's height up front and nothing
 * shifts while the thumbnails arrive.
 * A desktop row is at least 150 px high, so a 3:2 landscape is at least 225 px on its long edge
 * (220 after rounding, with room); a phone's rows hold about two photos, so a 390x844 phone shows
 * at least four whole above its cart bar.
 */
export const GRID = {
  desktop: { target: 220, min: 150, gap: 8 },
  phone: { target: 124, min: 80, gap: 4 },
  /** Lists narrower than this are laid out as a phone's. */
  phoneWidth: 600,
  /** Ratios (width / height) are held to these, so 9:16 portraits and 3:1 panoramas stay whole and nothing odder runs riot. */
  minRatio: 0.5,
  maxRatio: 3,
  /** The ratio of a media without a usable size (a photo is 3:2 more often than not). */
  fallbackRatio: 1.5,
  /** A gallery's first media, its first row or two on any screen: loaded eagerly, and preloaded by the page's script. */
  firstScreen: FIRST_SCREEN_MEDIA,
} as const;

/** One media of a row: its index in the list, its left edge and width in whole pixels. */
interface GridCell {
  index: number;
  left: number;
  width: number;
}

interface GridRow {
  /** In whole pixels, without the gap below the row. */
  height: number;
  cells: GridCell[];
}

export interface GridLayout {
  gap: number;
  rows: GridRow[];
}

/** A media's own ratio (width / height) for the viewer, or null when the API gave no usable size. */
export function ownRatio({ width, height }: { width: number; height: number }): number | null {
  const ratio = width / height;
  // NaN (no size) and 0 fail the first test, Infinity (no height) the second.
  return ratio > 0 && Number.isFinite(ratio) ? ratio : null;
}

/** The ratio a media is laid out at: its own, held between minRatio and maxRatio. */
export function gridRatio({ width, height }: { width: number; height: number }): number {
  const ratio = width / height;
  // NaN (no size) fails the test; an infinite ratio (no height) is held to maxRatio.
  return ratio > 0 ? Math.min(GRID.maxRatio, Math.max(GRID.minRatio, ratio)) : GRID.fallbackRatio;
}

/** Media `start` to `end` (excluded) as one row `height` high; edges rounded so the gaps stay exact. Exported for the page's script (gallery-early-script.ts). */
export function gridRow(ratios: readonly number[], start: number, end: number, height: number, gap: number): GridRow {
  const cells: GridCell[] = [];
  let x = 0;
  for (let index = start; index < end; index++) {
    const left = Math.round(x);
    x += ratios[index]! * height;
    cells.push({ index, left, width: Math.round(x) - left });
    x += gap;
  }
  return { height: Math.round(height), cells };
}

/** The justified rows of media of these sizes in a list `width` px wide (no rows before it has a width). */
export function gridLayout(sizes: ReadonlyArray<{ width: number; height: number }>, width: number): GridLayout {
  const { target, min, gap } = width < GRID.phoneWidth ? GRID.phone : GRID.desktop;
  const rows: GridRow[] = [];
  if (!(width > 0)) return { gap, rows };
  const ratios = sizes.map(gridRatio);
  // The height at which `count` media whose ratios add up to `sum` fill the width.
  const fit = (sum: number, count: number) => (width - gap * (count - 1)) / sum;
  let start = 0;
  while (start < ratios.length) {
    let end = start;
    let sum = 0;
    let height = Infinity;
    while (end < ratios.length && height > target) {
      sum += ratios[end]!;
      end++;
      height = fit(sum, end - start);
    }
    if (height > target) {
      rows.push(gridRow(ratios, start, end, target, gap));
      break;
    }
    if (end - start > 1) {
      const without = fit(sum - ratios[end - 1]!, end - start - 1);
      if (height < min || without - target < target - height) {
        end--;
        height = without;
      }
    }
    rows.push(gridRow(ratios, start, end, height, gap));
    start = end;
  }
  return { gap, rows };
}
