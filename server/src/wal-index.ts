import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The two copies of the WAL index's header: the first 96 bytes of a WAL database's `-shm` file,
 * laid out as SQLite documents (https://sqlite.org/walformat.html, "The WAL-Index Header").
 * Every commit, from any process, rewrites both with a new change count (and checkpoints with a
 * new salt), so bytes that did not move mean no commit since.
 */
const HEADER_BYTES = 96;

/**
 * Tells, with one read and no lock, that nothing was committed since the last look. It is a
 * shortcut before PRAGMA data_version, which takes and drops a read lock (three system calls,
 * dear on this machine under load): only "unchanged" is trusted; anything else (moved bytes, a
 * header caught half-written, no file yet) sends the caller to the pragma.
 */
export class WalIndexHeader {
  readonly #file: string;
  #fd: number | undefined;
  readonly #now = Buffer.alloc(HEADER_BYTES);
  readonly #kept = Buffer.alloc(HEADER_BYTES);
  #hasKept = false;

  /** `databaseFile`: the database's own path, in WAL mode. */
  constructor(databaseFile: string) {
    this.#file = `${databaseFile}-shm`;
  }

  /** True when the header is whole and the same as at the last look; either way this look is kept. */
  unchanged(): boolean {
    try {
      this.#fd ??= openSync(this.#file, 'r');
      if (readSync(this.#fd, this.#now, 0, HEADER_BYTES, 0) < HEADER_BYTES) return this.forget();
    } catch {
      return this.forget();
    }
    const same = this.#hasKept && this.#now.equals(this.#kept);
    const whole = this.#now.compare(this.#now, 0, HEADER_BYTES / 2, HEADER_BYTES / 2, HEADER_BYTES) === 0;
    this.#now.copy(this.#kept);
    this.#hasKept = whole;
    return same && whole;
  }

  /** Trusts nothing kept: the caller could not read the version the last look preceded. */
  forget(): false {
    this.#hasKept = false;
    return false;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#hasKept = false;
  }
}
