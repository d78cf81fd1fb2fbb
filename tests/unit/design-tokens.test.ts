import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 13: colours live in one place, the token block at the top of global.css; every other
// rule names a token, so a tenant's theme and a later palette change reach every component.
const SRC = path.resolve(import.meta.dirname, '../../src');
const GLOBAL_CSS = path.join(SRC, 'styles', 'global.css');
const RAW_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/i;
const TOKEN_BLOCK = /^:root \{[^}]*\}/;

/** The CSS of every stylesheet under src/: .css files and the <style> blocks of .astro files. */
async function stylesheets(): Promise<Array<{ file: string; css: string }>> {
  const files = (await readdir(SRC, { recursive: true })).filter((file) => file.endsWith('.css') || file.endsWith('.astro'));
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(SRC, file), 'utf8');
      const css = file.endsWith('.astro') ? [...text.matchAll(/<style\b[^>]*(?<!\/)>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n') : text;
      return { file, css };
    }),
  );
}

/** Each line of a stylesheet that holds a raw colour, as `file: line`; comments do not count. */
function rawColours(file: string, css: string): string[] {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return code
    .split('\n')
    .filter((line) => RAW_COLOUR.test(line))
    .map((line) => `${file}: ${line.trim()}`);
}

describe('design tokens', () => {
  it('global.css opens with the token block, where the raw colours are', async () => {
    const css = await readFile(GLOBAL_CSS, 'utf8');
    expect(css).toMatch(TOKEN_BLOCK);
    expect(rawColours('global.css', TOKEN_BLOCK.exec(css)![0])).not.toEqual([]);
  });

  it('no stylesheet under src/ uses a raw hex, rgb or hsl colour outside that block', async () => {
    const sheets = await stylesheets();
    expect(sheets.map((sheet) => sheet.file)).toContain('layouts/Legal.astro');
    const found = sheets.flatMap(({ file, css }) => rawColours(file, path.join(SRC, file) === GLOBAL_CSS ? css.replace(TOKEN_BLOCK, '') : css));
    expect(found).toEqual([]);
  });
});
