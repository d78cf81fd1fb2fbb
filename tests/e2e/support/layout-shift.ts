import type { Page } from '@playwright/test';

/**
 * From the page's first paint on, sums its layout shift as Chromium reports it: the entries without
 * recent input, or every entry with `untouched` (a test that never touches the page: Chromium flags
 * shifts in a navigation's first moments as after input, and Lighthouse counts them).
 */
export async function watchLayoutShift(page: Page, { untouched = false } = {}): Promise<void> {
  await page.addInitScript((everyEntry) => {
    const state = window as unknown as { layoutShift: number };
    state.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (everyEntry || !entry.hadRecentInput) state.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, untouched);
}

/** The sum so far, once the page's answers are in and a last frame has painted. */
export async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  // Let a last frame paint after the final answers.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}
