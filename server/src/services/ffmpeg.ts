import { execFile } from 'node:child_process';

// ffmpeg and ffprobe (Debian's `ffmpeg` package, on the PATH) as child processes: an argument
// list, never a shell; a time limit, then SIGKILL.

export type Tool = 'ffmpeg' | 'ffprobe';

/** The tool ran and refused (a non-zero exit): the file is what it cannot read. */
export class ToolFailed extends Error {}

/** A poster frame of a 4K video as PNG is about 20 MB. */
const MAX_OUTPUT_BYTES = 128 * 1024 * 1024;

/** Runs `tool` with `args` and answers its standard output; rejects after `timeoutMs`. */
export function runTool(tool: Tool, args: readonly string[], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      { encoding: 'buffer', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const detail = stderr
          .toString('utf8')
          .trim()
          .split('\n')
          .slice(-3)
          // Without the demuxer's address and our scratch path: the message is for people.
          .map((line) => line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/, '').replace(/^file:.*?: /, ''))
          .join('; ');
        if (error.killed) reject(new Error(`${tool} was stopped after ${timeoutMs / 1000} s`, { cause: error }));
        else if (typeof error.code === 'number') reject(new ToolFailed(`${tool} failed: ${detail || `exit code ${error.code}`}`, { cause: error }));
        // Not started at all (ENOENT: not installed), or its output overflowed.
        else reject(error);
      },
    );
  });
}

let version: Promise<string | undefined> | undefined;

/** ffmpeg's version line when both ffmpeg and ffprobe run on this machine, else undefined. Asked once per process. */
export function ffmpegVersion(): Promise<string | undefined> {
  version ??= Promise.all([runTool('ffmpeg', ['-version'], 10_000), runTool('ffprobe', ['-version'], 10_000)]).then(
    ([output]) => output.toString('utf8').split('\n')[0]?.trim(),
    () => undefined,
  );
  return version;
}

/** Why videos are refused on a machine without ffmpeg (a video import's error; the API's warning at start). */
export const FFMPEG_MISSING =
  "ffmpeg and ffprobe are not on this machine's PATH, and videos need them: install Debian's ffmpeg (apt-get install ffmpeg) and run again (the API checks at start); photos are not affected";
