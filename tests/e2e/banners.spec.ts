// A tenant's banner shows whole at its own ratio on a phone and a laptop, home and gallery alike
// (never cropped to its middle at a fixed height), and its background repeats a small tile.
import { expect, test, type Locator } from '@playwright/test';
import { site } from './support/sites.ts';

/** The picture's box against its own ratio, and the part of it its clipping ancestors hide. */
function shape(banner: Locator) {
  return banner.evaluate((element) => {
    const img = element as HTMLImageElement;
    const box = img.getBoundingClientRect();
    let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
    for (let parent = img.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
    }
    return {
      shown: box.width / box.height,
      own: img.naturalWidth / img.naturalHeight,
      right: box.right,
      hidden: box.width * box.height - Math.max(0, right - left) * Math.max(0, bottom - top),
      fit: getComputedStyle(img).objectFit,
    };
  });
}

for (const { width, height } of [
  { width: 360, height: 800 },
  { width: 1366, height: 768 },
]) {
  test(`at ${width} px the banner is whole at its own ratio, on the home and in the gallery`, async ({ browser }) => {
    const phone = width < 800;
    const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone, deviceScaleFactor: 1 });
    const page = await context.newPage();
    // parque's banners are 1200x120 text banners; its SITE_BANNER address is down, so its files show.
    for (const [path, selector] of [
      ['/', 'img.home-hero-image'],
      ['/gallery/AB-CDEF-123', 'img.gallery-banner'],
    ] as const) {
      await page.goto(site('parque', path));
      const banner = page.locator(selector);
      await expect(banner).toHaveAttribute('src', '/branding/banner-pt.svg');
      await expect.poll(() => banner.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      const { shown, own, right, hidden, fit } = await shape(banner);
      expect(Math.abs(shown - own) / own, `${path} at ${width}`).toBeLessThanOrEqual(0.01);
      expect(fit, `${path} at ${width}`).not.toBe('cover');
      expect(hidden, `${path} at ${width}`).toBeLessThanOrEqual(1);
      expect(right, `${path} at ${width}`).toBeLessThanOrEqual(width);
    }
    // Its background is a 48 px tile: it repeats at its own size, never blown up to the screen.
    const background = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { image: style.backgroundImage, repeat: style.backgroundRepeat, size: style.backgroundSize };
    });
    expect(background).toEqual({ image: expect.stringContaining('/branding/background.svg'), repeat: 'repeat', size: 'auto' });
    await context.close();
  });
}
