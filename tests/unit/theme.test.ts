import { describe, expect, it } from 'vitest';
import { accentInk, themeCss, themeProblems } from '../../src/tenant/theme.ts';

describe("a tenant's theme", () => {
  it('keeps the default tokens without a theme', () => {
    expect(themeCss({})).toBe('');
  });

  it('sets the accent with an ink that reads on it (WCAG 4.5:1), and a system font stack', () => {
    expect(accentInk('#1f4fd1')).toBe('#ffffff');
    expect(accentInk('#f5c400')).toBe('#17191e');
    expect(accentInk('#767676')).toBe('#ffffff');
    expect(accentInk('#777777')).toBe('#17191e');
    expect(themeCss({ accent: '#0b6e4f', font: 'rounded' })).toMatch(/^:root\{--color-accent:#0b6e4f;--color-accent-ink:#ffffff;--font-sans:ui-rounded,/);
  });

  it('names every wrong field of a theme file', () => {
    expect(themeProblems({ accent: '#0b6e4f', font: 'geometric' })).toEqual([]);
    expect(themeProblems({ accent: 'red', font: 'comic', size: 3 })).toEqual([
      'accent must be a colour as #rrggbb',
      'font must be one of system, humanist, geometric, rounded, serif',
      'size is not a known field',
    ]);
    expect(themeProblems([])).toEqual(['the theme must be one JSON object']);
  });
});
