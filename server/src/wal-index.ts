import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The two copies of the WAL index's header: the first 96 bytes of a WAL database's `-shm` file,
 * laid out as SQLite documents (https://sqlite.org/walformat.html, "The WAL-Index Header").
 * Every commit, from any process, rewrites both with a new change count (the second copy
 * first), so bytes that did not move mean no commit since.
 */
const HEADER_BYTES = 96;

/**
 * One descriptor per `-shm` file in this process, shared by every look at it and closed with the
 * last. Closing any descriptor of a file drops every POSIX lock this process holds on it, SQLite's
 * own among them (its hold on the `-shm`, which tells other processes the index is in use): so
 * it is closed only once no look at it is left, after the connections that hold those locks.
 */
const descriptors = new Map<string, { fd: number; looks: number }>();

/**
 * Tells, with one read and no lock, that nothing was committed since the last look. It is a
 * shortcut before PRAGMA data_version, which takes and drops a read lock (three system calls,
 * dear on this machine under load): only "unchanged" is trusted; anything else (moved bytes, a
 * header caught half-written, no file) sends the caller to the pragma.
 */
export class WalIndexHeader {
  readonly #shmFile: string;
  #fd: number | undefined;
  readonly #now = Buffer.alloc(HEADER_BYTES);
  readonly #kept = Buffer.alloc(HEADER_BYTES);
  #hasKept = false;

  /** `databaseFile`: the database's path as SQLite resolved it (its `-shm` lies beside it), in WAL mode. */
  constructor(databaseFile: string) {
    this.#shmFile = `${databaseFile}-shm`;
  }

  /** True when the header is whole and the same as at the last look; either way this look is kept. */
  unchanged(): boolean {
    try {
      this.#fd ??= open(this.#shmFile);
      if (readSync(this.#fd, this.#now, 0, HEADER_BYTES, 0) < HEADER_BYTES) return this.forget();
    } catch {
      return this.forget();
    }
    const same = this.#hasKept && this.#now.equals(this.#kept);
    this.#now.copy(this.#kept);
    // A look that caught a commit between its two copies is not kept: it matches no settled header.
    this.#hasKept = this.#now.compare(this.#now, 0, HEADER_BYTES / 2, HEADER_BYTES / 2, HEADER_BYTES) === 0;
    return same;
  }

  /** Trusts nothing kept: the caller could not read the version the last look preceded. */
  forget(): false {
    this.#hasKept = false;
    return false;
  }

  /** After the database's own connections: see `descriptors`. */
  close(): void {
    if (this.#fd !== undefined) release(this.#shmFile);
    this.#fd = undefined;
    this.#hasKept = false;
  }
}

function open(file: string): number {
  let shared = descriptors.get(file);
  if (!shared) descriptors.set(file, (shared = { fd: openSync(file, 'r'), looks: 0 }));
  shared.looks++;
  return shared.fd;
}

function release(file: string): void {
  const shared = descriptors.get(file);
  if (!shared || --shared.looks > 0) return;
  descriptors.delete(file);
  closeSync(shared.fd);
}
