// How the browser benches meet a visitor's phone: Lighthouse's mobile "Slow 4G" (DevTools
// throttling: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up) on its 412x823 phone.
import type { BrowserContextOptions, CDPSession } from '@playwright/test';

export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

export const PHONE: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Every request of the page from now on goes through the slow network. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}
