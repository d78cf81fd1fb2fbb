import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inertSvg } from '@gallery/contract/inert-svg';
import { FIXTURES_DIR } from '../support/fixtures.ts';

/** tests/fixtures/svg/hostile.svg tries every way to run a script on the origin that serves it. */
const HOSTILE_SVG = readFileSync(path.join(FIXTURES_DIR, 'svg', 'hostile.svg'), 'utf8');

describe('branding SVGs are made inert', () => {
  it('drops scripts, event handlers, foreignObject and javascript: links, keeping what draws', async () => {
    const inert = (await inertSvg(HOSTILE_SVG))!;
    expect(inert).not.toMatch(/<script|onload|onclick|onmouseover|foreignObject|javascript:|alert/i);
    expect(inert).toContain('<rect width="5" height="5" fill="#16324f"/>');
    expect(inert).toContain('viewBox="0 0 10 10"');
    // Still an SVG file: XML, in the SVG namespace (an HTML entity would not parse).
    expect(inert).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(inert).toContain('Parque\u00a0&amp; cia');
    // Inert once is inert for good.
    expect(await inertSvg(inert)).toBe(inert);
  });

  it('answers null for what is no SVG image', async () => {
    expect(await inertSvg('<p>hello</p>')).toBeNull();
    expect(await inertSvg('not markup at all')).toBeNull();
    expect(await inertSvg('')).toBeNull();
  });
});
