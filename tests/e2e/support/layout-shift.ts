import type { Page } from '@playwright/test';

interface ShiftState {
  layoutShift: number;
  /** Each counted shift's value and what moved, from where to where: a failing test says so. */
  layoutShiftSources: string[];
}

/**
 * From the page's first paint on, sums its layout shift as Chromium reports it: the entries without
 * recent input, or every entry with `untouched` (a test that never touches the page: Chromium flags
 * shifts in a navigation's first moments as after input, and Lighthouse counts them).
 */
export async function watchLayoutShift(page: Page, { untouched = false } = {}): Promise<void> {
  await page.addInitScript((everyEntry) => {
    const state = window as unknown as ShiftState;
    state.layoutShift = 0;
    state.layoutShiftSources = [];
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const name = (node?: Node | null) =>
      node instanceof Element
        ? node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).trim().replace(/\s+/g, '.') : '')
        : String(node?.nodeName);
    const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
        if (!everyEntry && entry.hadRecentInput) continue;
        state.layoutShift += entry.value;
        const moved = (entry.sources ?? []).map((source) => `${name(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
        state.layoutShiftSources.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, untouched);
}

/** The sum so far, once the page's answers are in and a last frame has painted (`shiftSources` says what moved). */
export async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  // Let a last frame paint after the final answers.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as ShiftState).layoutShift);
}

/** What moved so far, one line per counted shift (the message of a failing expectation). */
export async function shiftSources(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as ShiftState).layoutShiftSources.join('\n'));
}
