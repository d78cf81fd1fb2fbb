// A tenant's banner shows whole at its own ratio on a phone and a laptop, home and gallery alike
// (never cropped to its middle at a fixed height), and its background repeats a small tile.
import { expect, test } from '@playwright/test';
import { shownPicture } from './support/pictures.ts';
import { site } from './support/sites.ts';

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
      const { box, own, hidden, fit } = await shownPicture(banner);
      expect(Math.abs(box.width / box.height - own) / own, `${path} at ${width}`).toBeLessThanOrEqual(0.01);
      expect(fit, `${path} at ${width}`).not.toBe('cover');
      expect(hidden, `${path} at ${width}`).toBeLessThanOrEqual(1);
      expect(box.right, `${path} at ${width}`).toBeLessThanOrEqual(width);
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
