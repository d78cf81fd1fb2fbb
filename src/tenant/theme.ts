// A tenant's theme (tenants/<webName>/theme.json): its accent colour and, optionally, a font
// family from a system stack (no web font to download). Everything else keeps the neutral
// default theme of src/styles/global.css.

/** System font stacks a tenant may choose (after modernfontstacks.com): nothing is downloaded. */
const THEME_FONTS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  rounded:
    "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', 'Arial Rounded MT Bold', Calibri, source-sans-pro, sans-serif",
  serif: "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif",
} as const;
type ThemeFont = keyof typeof THEME_FONTS;

export interface Theme {
  /** `#rrggbb`. */
  accent?: string;
  font?: ThemeFont;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The problems of a theme file's content, one sentence each; none when it is a valid theme. */
export function themeProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['the theme must be one JSON object'];
  const problems: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (key === 'accent') {
      if (typeof field !== 'string' || !HEX.test(field)) problems.push('accent must be a colour as #rrggbb');
    } else if (key === 'font') {
      if (typeof field !== 'string' || !(field in THEME_FONTS)) problems.push(`font must be one of ${Object.keys(THEME_FONTS).join(', ')}`);
    } else {
      problems.push(`${key} is not a known field`);
    }
  }
  return problems;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White on the accent when it reads (contrast at least 4.5:1), else near-black. */
export function accentInk(accent: string): string {
  return 1.05 / (luminance(accent) + 0.05) >= 4.5 ? '#ffffff' : '#17191e';
}

/** The CSS that applies a theme over the default tokens; empty for the default theme. */
export function themeCss(theme: Theme): string {
  const tokens = [
    ...(theme.accent ? [`--color-accent:${theme.accent}`, `--color-accent-ink:${accentInk(theme.accent)}`] : []),
    ...(theme.font ? [`--font-sans:${THEME_FONTS[theme.font]}`] : []),
  ];
  return tokens.length ? `:root{${tokens.join(';')}}` : '';
}
