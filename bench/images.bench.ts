// The first screen's image bytes, WebP renditions against today's JPEG thumbnails (target: at most
// 0.6 of them at equal quality). The demo card DE-MO00-001 (face-api's six samples, unsold, so
// watermarked) is made by the import's own code (JPEGs and renditions), laid out by the gallery's
// own grid (src/lib/grid-layout.ts) at each screen's list width, and each cell given the rendition
// Chromium takes from its `srcset` for `sizes` = the cell's width (tests/e2e/gallery-images.spec.ts
// checks the browser takes those). Before: every cell fetches the 480 px JPEG.
// Equal quality: each file's SSIM (luma, 8x8 windows) against the uncompressed pixels of its own
// size, from the same preview pixels; printed for both, with the SSIM of both as shown in the
// cell (scaled to the slot) for reference. Last, WebP against AVIF at equal SSIM, bytes and
// encode time (the format's choice). Run by `npm run bench -- images`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { gridLayout } from '../src/lib/grid-layout.ts';
import { DERIVED_FILES, RENDITIONS, renditionFileName } from '../server/src/services/media-files.ts';
import { previewPixels, writeDerivatives, writeRenditions } from '../server/src/services/media-import.ts';
import { demoSamplePath } from '../server/src/services/seed.ts';

const TARGET = 0.6;
/** Screens as the gallery lays out its list: CSS list width (the page's padding off) and device pixel ratio. */
const SCREENS = [
  { name: 'Lighthouse phone 412x823 @1.75', listWidth: 380, dpr: 1.75 },
  { name: 'phone 360x800 @2', listWidth: 328, dpr: 2 },
  { name: 'laptop 1366x768 @1', listWidth: 1168, dpr: 1 },
];
/** The first screen of DE-MO00-001 holds its six photos on every one of these screens. */
const SAMPLES = [1, 2, 3, 4, 5, 6];

/** Mean SSIM of two same-sized grey images over 8x8 windows, stride 4. */
function ssim(a: Buffer, b: Buffer, width: number, height: number): number {
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let ma = 0;
      let mb = 0;
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          ma += a[(y + j) * width + x + i]!;
          mb += b[(y + j) * width + x + i]!;
        }
      }
      ma /= 64;
      mb /= 64;
      let va = 0;
      let vb = 0;
      let cov = 0;
      for (let j = 0; j < 8; j++) {
        for (let i = 0; i < 8; i++) {
          const da = a[(y + j) * width + x + i]! - ma;
          const db = b[(y + j) * width + x + i]! - mb;
          va += da * da;
          vb += db * db;
          cov += da * db;
        }
      }
      sum += ((2 * ma * mb + c1) * (2 * (cov / 63) + c2)) / ((ma * ma + mb * mb + c1) * (va / 63 + vb / 63 + c2));
      windows++;
    }
  }
  return sum / windows;
}

const grey = (image: Sharp, width: number, height: number) => image.resize(width, height, { fit: 'fill' }).greyscale().raw().toBuffer();

/**
 * The candidate Chromium takes for a cell (HTMLSrcsetParser's PickBestImageCandidate): the
 * narrowest covering the slot; above a density of 1, the one below when the density is under the
 * geometric mean of the two.
 */
function chosen(candidates: ReadonlyArray<{ width: number }>, cssWidth: number, dpr: number): number {
  const slot = cssWidth * dpr;
  const index = candidates.findIndex((candidate) => candidate.width >= slot);
  if (index === -1) return candidates.length - 1;
  if (index === 0 || dpr <= 1) return index;
  return Math.sqrt(candidates[index - 1]!.width * candidates[index]!.width) > slot ? index - 1 : index;
}

interface Made {
  width: number;
  height: number;
  jpeg: { file: string; bytes: number; width: number; height: number };
  webp: Array<{ file: string; bytes: number; width: number; height: number }>;
  /** The watermarked preview pixels the files were made from. */
  marked: () => Sharp;
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'images-bench-'));
try {
  const made: Made[] = [];
  let renditionMs = 0;
  for (const n of SAMPLES) {
    const dir = path.join(root, String(n));
    await fs.mkdir(dir);
    const original = await fs.readFile(demoSamplePath(n));
    await writeDerivatives(dir, original, `sample${n}.jpg`);
    const started = performance.now();
    await writeRenditions(dir, original, `sample${n}.jpg`);
    renditionMs += performance.now() - started;
    const describe = async (file: string) => {
      const { width = 0, height = 0 } = await sharp(path.join(dir, file)).metadata();
      return { file: path.join(dir, file), bytes: (await fs.stat(path.join(dir, file))).size, width, height };
    };
    const jpeg = await describe(DERIVED_FILES.thumbWatermarked);
    const webp = await Promise.all(RENDITIONS.widths.thumb.map((width) => describe(renditionFileName('thumb', width, false))));
    const { marked } = await previewPixels(original, `sample${n}.jpg`);
    const { width = 0, height = 0 } = await marked().metadata();
    made.push({ width, height, jpeg, webp, marked });
  }
  console.log(`renditions: ${(renditionMs / SAMPLES.length).toFixed(0)} ms a photo (12 WebP files), on ${os.availableParallelism()} cores`);

  /** SSIM of a file against the preview pixels at the file's own size, and as shown in a slot. */
  const quality = async (media: Made, file: Made['jpeg'], slot: number) => {
    const slotHeight = Math.round((slot * media.height) / media.width);
    const [own, ownRef, shown, shownRef] = await Promise.all([
      grey(sharp(file.file), file.width, file.height),
      grey(media.marked(), file.width, file.height),
      grey(sharp(file.file), slot, slotHeight),
      grey(media.marked(), slot, slotHeight),
    ]);
    return { own: ssim(own, ownRef, file.width, file.height), shown: ssim(shown, shownRef, slot, slotHeight) };
  };

  let worst = 0;
  for (const screen of SCREENS) {
    const { rows } = gridLayout(made, screen.listWidth);
    let before = 0;
    let after = 0;
    const ssims = { before: { own: 0, shown: 0 }, after: { own: 0, shown: 0 } };
    const widths: number[] = [];
    for (const cell of rows.flatMap((row) => row.cells)) {
      const media = made[cell.index]!;
      const slot = Math.round(cell.width * screen.dpr);
      const webp = media.webp[chosen(media.webp, cell.width, screen.dpr)]!;
      widths.push(webp.width);
      before += media.jpeg.bytes;
      after += webp.bytes;
      const [old, now] = await Promise.all([quality(media, media.jpeg, slot), quality(media, webp, slot)]);
      for (const key of ['own', 'shown'] as const) {
        ssims.before[key] += old[key] / made.length;
        ssims.after[key] += now[key] / made.length;
      }
    }
    const ratio = after / before;
    worst = Math.max(worst, ratio);
    console.log(
      `${screen.name}: first screen ${(before / 1024).toFixed(1)} KiB JPEG -> ${(after / 1024).toFixed(1)} KiB WebP (widths ${widths.join(' ')}), ` +
        `ratio ${ratio.toFixed(2)}; SSIM at own size ${ssims.before.own.toFixed(4)} -> ${ssims.after.own.toFixed(4)}, ` +
        `as shown ${ssims.before.shown.toFixed(4)} -> ${ssims.after.shown.toFixed(4)}`,
    );
  }
  console.log(`first screen's image bytes, new/old: ${worst.toFixed(2)} at most (target <= ${TARGET}) ${worst <= TARGET ? 'OK' : 'MISSED'}`);

  // Why WebP: AVIF at the lowest quality that reaches WebP's SSIM on the same 360 px thumbnails,
  // its bytes and encode time against WebP's (sharp's default effort for WebP, a quick 2 for AVIF).
  const encode = async (format: 'webp' | 'avif', quality: number) => {
    let bytes = 0;
    let ms = 0;
    let sum = 0;
    for (const media of made) {
      const started = performance.now();
      const resized = media.marked().resize({ width: 360 });
      const image = await (format === 'avif' ? resized.avif({ quality, effort: 2 }) : resized.webp({ quality })).toBuffer();
      ms += performance.now() - started;
      bytes += image.length;
      const { width = 0, height = 0 } = await sharp(image).metadata();
      const [own, reference] = await Promise.all([grey(sharp(image), width, height), grey(media.marked(), width, height)]);
      sum += ssim(own, reference, width, height);
    }
    return { bytes, ms: ms / made.length, ssim: sum / made.length };
  };
  const webp = await encode('webp', RENDITIONS.quality);
  for (const quality of [50, 55, 60, 65, 70, 75]) {
    const avif = await encode('avif', quality);
    if (avif.ssim < webp.ssim && quality < 75) continue;
    console.log(
      `360 px thumbnails: WebP q${RENDITIONS.quality} SSIM ${webp.ssim.toFixed(4)}, ${webp.ms.toFixed(0)} ms; AVIF q${quality} SSIM ${avif.ssim.toFixed(4)}, ` +
        `${avif.ms.toFixed(0)} ms: AVIF bytes ${(avif.bytes / webp.bytes).toFixed(2)} of WebP's at ${(avif.ms / webp.ms).toFixed(1)} times the encode time`,
    );
    break;
  }
} finally {
  await fs.rm(root, { recursive: true, force: true });
}
