import type { Locator } from '@playwright/test';

/**
 * An image as a visitor sees it: its box, its own ratio (natural width / height), how many square
 * pixels of the box its clipping ancestors hide, and its object-fit.
 */
export function shownPicture(image: Locator) {
  return image.evaluate((element) => {
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
      box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom, width: box.width, height: box.height },
      own: img.naturalWidth / img.naturalHeight,
      hidden: box.width * box.height - Math.max(0, right - left) * Math.max(0, bottom - top),
      fit: getComputedStyle(img).objectFit,
    };
  });
}
