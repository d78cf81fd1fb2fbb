// A progress line for the admin CLI's long commands, without a dependency: on a terminal one
// line redrawn in place, elsewhere (a log, a test) a plain line every few seconds and at the end.

const BAR_WIDTH = 30;
const PLAIN_EVERY_MS = 5000;

export interface Progress {
  update(done: number, total: number): void;
  /** Ends the line (prints the last figures). */
  finish(): void;
}

/** `unit` names what is counted (`photos`, `media`) in the rate. */
export function progressLine(label: string, unit: string, stream: NodeJS.WriteStream = process.stderr, now: () => number = Date.now): Progress {
  const started = now();
  let lastPlain = -Infinity;
  let last = { done: 0, total: 0 };
  const text = ({ done, total }: typeof last) => {
    const seconds = (now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const filled = total ? Math.round((done / total) * BAR_WIDTH) : BAR_WIDTH;
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${rate.toFixed(1)} ${unit}/s`;
  };
  return {
    update(done, total) {
      last = { done, total };
      if (stream.isTTY) stream.write(`\r${text(last)}`);
      else if (now() - lastPlain >= PLAIN_EVERY_MS) {
        lastPlain = now();
        stream.write(`${text(last)}\n`);
      }
    },
    finish() {
      stream.write(stream.isTTY ? `\r${text(last)}\n` : `${text(last)}\n`);
    },
  };
}
