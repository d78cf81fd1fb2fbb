import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';

// Test videos made by ffmpeg's own sources (no video ships with the project), and ffprobe's
// reading of what the API made. Server and browser tests share them.

const run = promisify(execFile);

export interface TestVideo {
  /** Coded size (before any rotation). */
  width: number;
  height: number;
  seconds: number;
  /** Display rotation in degrees, written as the stream's display matrix. */
  rotate?: number;
  /** A 440 Hz tone as AAC. */
  sound?: boolean;
}

/**
 * An H.264 MP4 (VP8 in a `.webm`) of SMPTE colour bars (the same picture on every frame, so any frame is the
 * reference), faded in from black over its first tenth of a second: the first frame is black.
 */
export async function makeTestVideo(file: string, video: TestVideo): Promise<void> {
  const { width, height, seconds } = video;
  // An encoding ffmpeg drops the rotation; a copy of the streams keeps it.
  const coded = video.rotate ? `${file}.coded.mp4` : file;
  await run('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `smptebars=size=${width}x${height}:rate=10:duration=${seconds}`,
    ...(video.sound ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    '-vf',
    'fade=t=in:st=0:d=0.1',
    ...(file.endsWith('.webm')
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', ...(video.sound ? ['-c:a', 'libopus'] : [])]
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(video.sound ? ['-c:a', 'aac'] : [])]),
    coded,
  ]);
  if (!video.rotate) return;
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', coded, '-c', 'copy', '-metadata:s:v:0', `rotate=${video.rotate}`, file]);
  await rm(coded);
}

/** An MP4 holding only sound: a valid `ftyp` head and no picture. */
export async function makeSoundOnly(file: string, seconds = 2): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', file]);
}

/** One frame of a video (upright, at `at` seconds) as PNG, optionally scaled. */
export async function frameOf(file: string, at: number, size?: [number, number]): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      ...(size ? ['-vf', `scale=${size[0]}:${size[1]}`] : []),
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
}

/** ffprobe's streams and duration of a file. */
export async function probe(file: string): Promise<{ streams: ProbedStream[]; duration: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const parsed = JSON.parse(stdout) as { streams: ProbedStream[]; format: { duration: string } };
  return { streams: parsed.streams, duration: Number(parsed.format.duration) };
}
