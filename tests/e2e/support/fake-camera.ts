import { renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { CHROMIUM_ARGS } from '../../../playwright.config.ts';

export const CAMERA = { width: 640, height: 480 } as const;
const FRAMES = 5;

/**
 * A Y4M video for Chromium's fake camera: FRAMES identical grey frames of the image (YUV 4:2:0;
 * grey has no colour, so both chroma planes sit at the neutral 128). Answers the file's path.
 * The file stays: a worker's browser opens it for every test it runs, and with fullyParallel a
 * worker may come back to a spec after its afterAll. Written under a temporary name and renamed,
 * so a browser never reads half a file.
 */
export async function fakeCameraVideo(image: Sharp, name: string): Promise<string> {
  const luma = await image.resize(CAMERA.width, CAMERA.height, { fit: 'cover' }).greyscale().extractChannel(0).raw().toBuffer();
  const chroma = Buffer.alloc((CAMERA.width / 2) * (CAMERA.height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${CAMERA.width} H${CAMERA.height} F30:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(os.tmpdir(), `gallery-e2e-camera-${name}.y4m`);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  renameSync(partial, file);
  return file;
}

/** Launch options of a spec whose camera shows this video, allowed without asking. */
export function withFakeCamera(video: string) {
  return {
    permissions: ['camera'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream'],
    },
  };
}
