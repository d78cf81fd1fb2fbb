import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db.ts';
import type { MediaRow, NewMedia } from '../repositories/media.ts';
import { FFMPEG_MISSING, ffmpegVersion, runTool, ToolFailed } from './ffmpeg.ts';
import { newId } from './ids.ts';
import { MediaImportError, safeFileName, storeMedia, writeDerivatives } from './media-import.ts';
import { originalName, PREVIEW_CLIP } from './media-files.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { watermarkFor } from './watermark.ts';

export interface VideoFormat {
  mime: string;
  extension: string;
}

const MP4: VideoFormat = { mime: 'video/mp4', extension: '.mp4' };
const WEBM: VideoFormat = { mime: 'video/webm', extension: '.webm' };
export const VIDEO_FILE = /\.(mp4|webm)$/i;

/** By content: ISO-BMFF has `ftyp` at offset 4, Matroska/WebM starts with the EBML id 1A45DFA3. */
export function detectVideo(head: Buffer): VideoFormat | undefined {
  if (head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp') return MP4;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return WEBM;
  return undefined;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks a file is an MP4 or WebM by content; throws MediaImportError otherwise. */
export async function inspectVideo(sourcePath: string): Promise<VideoFormat> {
  const format = detectVideo(await readHead(sourcePath));
  if (!format) throw new MediaImportError(`${path.basename(sourcePath)} is not an MP4 or WebM video`);
  return format;
}

/**
 * Videos imported before they were read with ffmpeg have no stored size (0) and a grey 16:9
 * poster of this size, and no preview clip.
 */
export const EARLIER_POSTER = [1600, 900] as const;

/** Whether an unsold video has its preview clip: every one imported since videos are read with ffmpeg. */
export function hasPreviewClip(media: Pick<MediaRow, 'kind' | 'width'>): boolean {
  return media.kind === 'video' && media.width > 0;
}

/** The preview clip: at most 10 s, its short edge at most 480 px (854 the long), H.264 + AAC. */
const CLIP = { seconds: 10, shortEdge: 480, longEdge: 854 } as const;
/** Seconds ffmpeg may take: reading the streams, one frame, the clip (a long 4K source on a busy machine). */
const TIMEOUT_MS = { probe: 30_000, frame: 60_000, clip: 300_000 } as const;
/** The poster is the frame this far into the video: past fades in from black and title cards. */
const POSTER_AT = 0.1;

interface VideoInfo {
  /** ffprobe's index of the video stream shown. */
  stream: number;
  /** The picture as players show it: sample aspect ratio and rotation applied. */
  width: number;
  height: number;
  /** Seconds, when the container says. */
  duration: number | undefined;
}

interface ProbedStream {
  index: number;
  codec_type?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  side_data_list?: Array<{ rotation?: number }>;
  tags?: { rotate?: string };
}

/** A local file as ffmpeg's input or output: never read as an option or another protocol. */
const fileUrl = (file: string) => `file:${path.resolve(file)}`;

/** Runs ffmpeg or ffprobe on a video; a refusal of the tool refuses the file, with `what` it could not do. */
async function onVideo(tool: 'ffmpeg' | 'ffprobe', args: readonly string[], timeoutMs: number, what: string): Promise<Buffer> {
  return runTool(tool, ['-v', 'error', ...args], timeoutMs).catch((error: unknown) => {
    throw error instanceof ToolFailed ? new MediaImportError(`${what} (${error.message})`, { cause: error }) : error;
  });
}

/** Reads a video's streams with ffprobe; refuses a file without a picture to show (sound only, damaged, cut short). */
async function probeVideo(file: string, name: string): Promise<VideoInfo> {
  const output = await onVideo(
    'ffprobe',
    ['-print_format', 'json', '-show_format', '-show_streams', fileUrl(file)],
    TIMEOUT_MS.probe,
    `${name} is damaged or cut short`,
  );
  const probed = JSON.parse(output.toString('utf8')) as { streams?: ProbedStream[]; format?: { duration?: string } };
  // A cover picture (an MP4 of music with its album art) is a still, not a video.
  const video = probed.streams?.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  if (!video?.width || !video.height) throw new MediaImportError(`${name} has no video stream (sound only?): there is no picture to show`);
  const [num = 1, den = 1] = (video.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  const width = Math.round(video.width * (num > 0 && den > 0 ? num / den : 1));
  const rotation = Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0);
  const sideways = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const duration = Number(probed.format?.duration ?? video.duration);
  return {
    stream: video.index,
    width: sideways ? video.height : width,
    height: sideways ? width : video.height,
    duration: Number.isFinite(duration) && duration > 0 ? duration : undefined,
  };
}

/**
 * The poster: the frame POSTER_AT into the video (the first one when that finds none, as in a
 * file whose length is wrong), upright (ffmpeg applies the rotation) at its display size, as PNG.
 */
async function posterFrame(file: string, video: VideoInfo, name: string): Promise<Buffer> {
  const grab = (at: number) =>
    onVideo(
      'ffmpeg',
      [
        '-nostdin',
        ...(at > 0 ? ['-ss', at.toFixed(3)] : []),
        '-i',
        fileUrl(file),
        '-map',
        `0:${video.stream}`,
        '-frames:v',
        '1',
        '-vf',
        `scale=${video.width}:${video.height},setsar=1`,
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      TIMEOUT_MS.frame,
      `${name} is damaged: no frame could be read`,
    );
  const at = (video.duration ?? 0) * POSTER_AT;
  const frame = at > 0 ? await grab(at) : Buffer.alloc(0);
  const poster = frame.length ? frame : await grab(0);
  if (!poster.length) throw new MediaImportError(`${name} is damaged or cut short: no frame could be read`);
  return poster;
}

/** The clip's size: the video's shape within CLIP's edges, never enlarged, in even pixels (H.264's 4:2:0). */
function clipSize(width: number, height: number): [number, number] {
  const scale = Math.min(1, CLIP.shortEdge / Math.min(width, height), CLIP.longEdge / Math.max(width, height));
  const even = (edge: number) => Math.max(2, 2 * Math.round((edge * scale) / 2));
  return [even(width), even(height)];
}

/**
 * Writes the preview clip of an unsold video into `dir`: its first CLIP.seconds, small, with the
 * photos' watermark (watermark.ts, rendered at the clip's size) laid over every frame, sound
 * kept as AAC, its index up front (`+faststart`) so it starts playing at once, no metadata.
 */
async function writePreviewClip(dir: string, file: string, video: VideoInfo, name: string): Promise<void> {
  const [width, height] = clipSize(video.width, video.height);
  const overlay = path.join(dir, 'watermark.png');
  await fs.writeFile(overlay, await watermarkFor(width, height));
  try {
    await onVideo(
      'ffmpeg',
      [
        '-nostdin',
        '-i',
        fileUrl(file),
        '-i',
        fileUrl(overlay),
        '-t',
        String(CLIP.seconds),
        '-filter_complex',
        `[0:${video.stream}]scale=${width}:${height},setsar=1[base];[base][1:v]overlay=0:0,format=yuv420p[clip]`,
        '-map',
        '[clip]',
        '-map',
        '0:a:0?',
        '-fpsmax',
        '30',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-profile:v',
        'main',
        '-crf',
        '28',
        '-maxrate',
        '1M',
        '-bufsize',
        '2M',
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        '-ac',
        '2',
        '-map_metadata',
        '-1',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        fileUrl(path.join(dir, PREVIEW_CLIP)),
      ],
      TIMEOUT_MS.clip,
      `${name} could not be made into a preview clip`,
    );
  } finally {
    await fs.rm(overlay, { force: true });
  }
}

export interface VideoSource {
  organizationId: number;
  cardId: string;
  sourcePath: string;
  soldAtVenue: boolean;
  capturedAt: string;
}

/**
 * Imports one video the way photos are imported (storeMedia): the original copied, never read
 * whole into memory; a real frame as its poster, clean and watermarked as photos are; and, for
 * an unsold video, its watermarked preview clip. Refused (MediaImportError) without ffmpeg, or
 * when the file has no picture ffmpeg can show.
 */
export async function importVideo(db: Db | null, store: MediaStore, source: VideoSource, id = newId()): Promise<NewMedia> {
  const format = await inspectVideo(source.sourcePath);
  const name = path.basename(source.sourcePath);
  if (!(await ffmpegVersion())) throw new MediaImportError(`${name} was not imported: ${FFMPEG_MISSING}`);
  const video = await probeVideo(source.sourcePath, name);
  return storeMedia(db, store, id, async (scratch) => {
    const original = path.join(scratch, originalName({ mime: format.mime }));
    await fs.copyFile(source.sourcePath, original);
    const hash = createHash('sha256');
    await pipeline(createReadStream(original), hash);
    const { size } = await fs.stat(original);
    await writeDerivatives(scratch, await posterFrame(original, video, name), name);
    if (!source.soldAtVenue) await writePreviewClip(scratch, original, video, name);
    return {
      id,
      organization_id: source.organizationId,
      card_id: source.cardId,
      kind: 'video',
      filename: safeFileName(source.sourcePath, [format.extension]),
      mime: format.mime,
      width: video.width,
      height: video.height,
      bytes: size,
      sha256: hash.digest('hex'),
      captured_at: source.capturedAt,
      sold_at_venue: source.soldAtVenue ? 1 : 0,
    };
  });
}
