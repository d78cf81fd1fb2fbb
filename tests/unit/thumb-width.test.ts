// Which thumbnail rendition a cover is served in: the one that fills the grid's row, by the media's own shape.
import { describe, expect, it } from 'vitest';
import { RENDITIONS, thumbWidthForRow } from '../../server/src/services/media-files.ts';

describe('thumbWidthForRow', () => {
  it('takes the narrowest rendition at least as wide as the media is in the row: a portrait a narrower one than a landscape', () => {
    // A phone's row, 124 px high at a density of 1.75.
    expect(thumbWidthForRow(217, { width: 1920, height: 1280 })).toBe(360); // 326 px wide there
    expect(thumbWidthForRow(217, { width: 1280, height: 1920 })).toBe(240); // 145 px
    expect(thumbWidthForRow(160, { width: 1920, height: 1280 })).toBe(240); // exactly 240
    expect(thumbWidthForRow(161, { width: 1920, height: 1280 })).toBe(360);
  });

  it('takes the widest when none is wide enough, or when the size is unknown', () => {
    const widest = RENDITIONS.widths.thumb.at(-1);
    expect(thumbWidthForRow(220, { width: 3000, height: 1000 })).toBe(widest); // a panorama, 660 px
    expect(thumbWidthForRow(217, { width: 0, height: 0 })).toBe(widest);
    expect(thumbWidthForRow(217, { width: 1920, height: 0 })).toBe(widest);
  });
});
