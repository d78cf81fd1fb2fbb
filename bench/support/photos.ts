// Photos for the import benches: small but real JPEGs (480x320, each its own picture), made
// with sharp once and kept in the OS temporary folder for later runs.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 480;
const HEIGHT = 320;

/** One photo: bands of colour that move with `n`, and some grain, so no two files are alike. */
function pixels(n: number): Buffer {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = n * 2654435761;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 24) % 24;
      const i = (y * WIDTH + x) * 3;
      data[i] = ((x + n * 7) % 256) ^ grain;
      data[i + 1] = ((y * 2 + n * 13) % 256) ^ grain;
      data[i + 2] = (((x + y) >> 1) + n * 29) % 256;
    }
  }
  return data;
}

/** The folder of `count` photos (photo-00001.jpg...), made on first use. */
export async function benchPhotos(count: number): Promise<string> {
  const dir = path.join(os.tmpdir(), `event-photo-bench-photos-${count}`);
  if ((await readdir(dir).catch(() => [])).length === count) return dir;
  // Made aside and renamed whole: a run stopped halfway leaves no short folder behind.
  const making = `${dir}.making-${process.pid}`;
  await rm(making, { recursive: true, force: true });
  await mkdir(making, { recursive: true });
  for (let n = 1; n <= count; n++) {
    const jpeg = await sharp(pixels(n), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    await writeFile(path.join(making, `photo-${String(n).padStart(5, '0')}.jpg`), jpeg);
  }
  await rm(dir, { recursive: true, force: true });
  await rename(making, dir);
  return dir;
}
