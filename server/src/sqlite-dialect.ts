import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { SqliteVersions } from './read-cache.ts';
import { WalIndexHeader } from './wal-index.ts';

// Kysely's own SqliteDialect drives better-sqlite3; this one drives Node's built-in node:sqlite,
// so the embedded database needs no native package.

/** Statements kept prepared; lists of varying length make new SQL texts, so the oldest go. */
const STATEMENT_CACHE_SIZE = 500;

/** SQLite's result code when another connection holds the lock a statement needs. */
const SQLITE_BUSY = 5;

/** How long a write waits for another process (the admin CLI, another instance) to let go of the database. */
export const WRITE_WAIT_MS = 5_000;
/** The longest pause between two tries for a busy database. */
const MAX_PAUSE_MS = 50;

/**
 * A write that could not get in before its deadline: another process held the database that
 * long. It carries SQLITE_BUSY's code, as node:sqlite's own errors do.
 */
class DatabaseBusyError extends Error {
  readonly errcode = SQLITE_BUSY;

  constructor() {
    super(`the database stayed locked by another process for ${WRITE_WAIT_MS / 1000} s`);
    this.name = 'DatabaseBusyError';
  }
}

function isBusy(error: unknown): boolean {
  const { errcode } = error as { errcode?: unknown };
  // Extended codes (SQLITE_BUSY_RECOVERY...) keep the primary code in their low byte.
  return typeof errcode === 'number' && (errcode & 0xff) === SQLITE_BUSY;
}

/**
 * Runs `attempt` until SQLite stops answering busy, pausing between tries on the event loop:
 * node:sqlite's own busy_timeout would wait synchronously and freeze every request meanwhile.
 */
async function whenFree<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() + pause > deadline) throw new DatabaseBusyError();
    }
    await sleep(pause);
  }
}

/** One holder at a time, the others queued in arrival order, each until its deadline. */
class Mutex {
  #locked = false;
  #waiting: Array<() => void> = [];

  get isLocked(): boolean {
    return this.#locked;
  }

  async lock(deadline = Infinity): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = Number.isFinite(deadline)
        ? setTimeout(() => {
            this.#waiting.splice(this.#waiting.indexOf(take), 1);
            reject(new DatabaseBusyError());
          }, deadline - Date.now())
        : undefined;
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#waiting.push(take);
    });
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** A SELECT (by Kysely's query tree): it may run on the read-only connection. */
function isRead(query: CompiledQuery): boolean {
  return query.query.kind === 'SelectQueryNode';
}

/** One node:sqlite connection with its prepared statements. */
class NodeSqliteConnection {
  readonly #db: DatabaseSync;
  /** Prepared statements by SQL text, each with whether it returns columns (asking costs microseconds). */
  readonly #statements = new Map<string, { statement: StatementSync; returnsRows: boolean }>();
  /** Statements run so far: on the writer, it moves with every write of this process (read-cache.ts, sqliteChanges). */
  statementsRun = 0;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Each SQL text is prepared once; a hit moves to the back, so the cache drops the least used. */
  #prepare(sql: string): { statement: StatementSync; returnsRows: boolean } {
    let prepared = this.#statements.get(sql);
    if (prepared) this.#statements.delete(sql);
    else {
      const statement = this.#db.prepare(sql);
      prepared = { statement, returnsRows: statement.columns().length > 0 };
    }
    this.#statements.set(sql, prepared);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value as string);
    return prepared;
  }

  exec(sql: string): void {
    this.statementsRun++;
    this.#db.exec(sql);
  }

  close(): void {
    this.#db.close();
  }

  get isTransaction(): boolean {
    return this.#db.isTransaction;
  }

  run<R>(query: CompiledQuery): QueryResult<R> {
    this.statementsRun++;
    const { statement, returnsRows } = this.#prepare(query.sql);
    const parameters = query.parameters as SQLInputValue[];
    // A statement that returns columns (SELECT, or a write with RETURNING) is read whole.
    if (returnsRows) return { rows: statement.all(...parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** Prepared apart from the cache: a cached statement run again meanwhile would reset this one. */
  *stream<R>(query: CompiledQuery, chunkSize: number): Generator<QueryResult<R>> {
    let rows: R[] = [];
    for (const row of this.#db.prepare(query.sql).iterate(...(query.parameters as SQLInputValue[]))) {
      rows.push(row as R);
      if (rows.length >= chunkSize) {
        yield { rows };
        rows = [];
      }
    }
    if (rows.length) yield { rows };
  }
}

/**
 * What Kysely holds for one query or one transaction. Outside a transaction a statement takes a
 * connection only for itself (NodeSqliteDriver.runAlone); a transaction holds the writer from
 * BEGIN to its end.
 */
class NodeSqliteSession implements DatabaseConnection {
  readonly #driver: NodeSqliteDriver;
  /** The writer, while this session's transaction holds it. */
  writer: NodeSqliteConnection | undefined;

  constructor(driver: NodeSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.writer ? this.writer.run(query) : this.#driver.runAlone(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.writer) yield* this.writer.stream<R>(query, chunkSize);
    else if (isRead(query)) yield* this.#driver.reader().stream<R>(query, chunkSize);
    else throw new Error('only a SELECT streams outside a transaction');
  }
}

/**
 * Two connections for the whole process. The writer takes every transaction and every write,
 * one at a time (a mutex), as SQLite takes one writer anyway. The reader (read-only) takes the
 * SELECTs outside transactions: WAL lets it read while a write is under way, here or in another
 * process, so a look-up never queues behind a write waiting for the lock.
 *
 * No statement waits synchronously: both connections have busy_timeout 0, and a busy database
 * is tried again after short pauses on the event loop (whenFree), until WRITE_WAIT_MS after the
 * write asked (queueing for the mutex included). Then DatabaseBusyError, a 503 to clients.
 */
class NodeSqliteDriver implements Driver {
  readonly #file: string;
  readonly #writes = new Mutex();
  #writer: NodeSqliteConnection | undefined;
  #reader: NodeSqliteConnection | undefined;
  /** Undefined unless the database is in WAL mode: the pragma is then asked every time. */
  #walIndex: WalIndexHeader | undefined;
  /** The reader's last data_version, while the WAL index's header has not moved since it was read. */
  #dataVersion: number | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  async init(): Promise<void> {
    const writer = new DatabaseSync(this.#file);
    // WAL lets readers (this process's reader, other processes) read while one writes.
    // synchronous NORMAL: a COMMIT writes to the WAL without waiting for the disk (an fsync,
    // which node:sqlite would wait for on the event loop, 100 ms and more while an import writes
    // its files); the WAL reaches the disk at each checkpoint. A commit survives a crash of any
    // process; a power cut may lose the last ones, never the database. (PostgreSQL syncs every
    // commit.)
    writer.exec('PRAGMA busy_timeout = 0; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
    const { journal_mode } = await whenFree(() => writer.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string }, Date.now() + WRITE_WAIT_MS);
    const location = writer.location();
    if (journal_mode === 'wal' && location) this.#walIndex = new WalIndexHeader(location);
    this.#writer = new NodeSqliteConnection(writer);
    this.#reader = new NodeSqliteConnection(new DatabaseSync(this.#file, { readOnly: true }));
  }

  reader(): NodeSqliteConnection {
    if (!this.#reader) throw new Error('the SQLite database is closed');
    return this.#reader;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#writer) throw new Error('the SQLite database is closed');
    return new NodeSqliteSession(this);
  }

  async releaseConnection(): Promise<void> {}

  /**
   * Runs one statement at once when it can (answering undefined otherwise): a SELECT on the
   * reader, a write when no transaction holds the writer and no other process the database.
   * Each statement is atomic and synchronous, so running it now is what queueing it would do,
   * minus Kysely's rounds through the event loop.
   */
  runNow<R>(query: CompiledQuery): QueryResult<R> | undefined {
    try {
      if (isRead(query)) return this.#reader?.run(query);
      return this.#writes.isLocked ? undefined : this.#writer?.run(query);
    } catch (error) {
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  /** How many statements this process has run on the writer (see NodeSqliteConnection.statementsRun). */
  get writerStatements(): number {
    return this.#writer?.statementsRun ?? 0;
  }

  /** The rows of a read on the reader, now or never (undefined when busy or closed): see read-cache.ts (sqliteChanges). */
  readNow<R>(sql: string): R[] | undefined {
    try {
      return this.#reader?.run<R>(CompiledQuery.raw(sql)).rows;
    } catch (error) {
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  /** PRAGMA data_version on the reader (undefined when busy or closed), not asked again while no commit moved the WAL index. */
  dataVersion(): number | undefined {
    if (this.#dataVersion !== undefined && this.#walIndex?.unchanged()) return this.#dataVersion;
    this.#dataVersion = this.readNow<{ data_version: number }>('PRAGMA data_version')?.[0]?.data_version;
    if (this.#dataVersion === undefined) this.#walIndex?.forget();
    return this.#dataVersion;
  }

  /** One statement outside a transaction: at once if it can, else once the database is free. */
  async runAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + WRITE_WAIT_MS;
    const now = this.runNow<R>(query);
    if (now) return now;
    if (isRead(query)) return whenFree(() => this.reader().run<R>(query), deadline);
    const writer = await this.#takeWriter(deadline);
    try {
      return await whenFree(() => writer.run<R>(query), deadline);
    } finally {
      this.#writes.unlock();
    }
  }

  async #takeWriter(deadline: number): Promise<NodeSqliteConnection> {
    await this.#writes.lock(deadline);
    if (this.#writer) return this.#writer;
    this.#writes.unlock();
    throw new Error('the SQLite database is closed');
  }

  /**
   * IMMEDIATE takes the write lock at once: a deferred transaction that reads first and then
   * writes fails with "database is locked" when another process (the admin CLI) wrote meanwhile.
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as NodeSqliteSession;
    const deadline = Date.now() + WRITE_WAIT_MS;
    const writer = await this.#takeWriter(deadline);
    try {
      await whenFree(() => writer.exec('BEGIN IMMEDIATE'), deadline);
    } catch (error) {
      this.#writes.unlock();
      throw error;
    }
    session.writer = writer;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as NodeSqliteSession;
    // A COMMIT that fails leaves the transaction open: Kysely rolls it back next, which lets go.
    session.writer?.exec('COMMIT');
    this.#letGo(session);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as NodeSqliteSession;
    try {
      // SQLite may have rolled back already (some errors end the transaction themselves).
      if (session.writer?.isTransaction) session.writer.exec('ROLLBACK');
    } finally {
      this.#letGo(session);
    }
  }

  #letGo(session: NodeSqliteSession): void {
    if (!session.writer) return;
    session.writer = undefined;
    this.#writes.unlock();
  }

  async destroy(): Promise<void> {
    // Writes under way finish first: closing takes the writer like any of them.
    await this.#writes.lock();
    this.#reader?.close();
    this.#writer?.close();
    this.#walIndex?.close();
    this.#reader = this.#writer = this.#walIndex = this.#dataVersion = undefined;
    this.#writes.unlock();
  }
}

/**
 * Kysely queues every query of a single-connection dialect behind the one before; this driver
 * orders them itself, so that a read need not wait for a write waiting for the lock.
 */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }

  // SQLite runs DDL in transactions: so Kysely's Migrator applies the pending migrations in one,
  // whose BEGIN IMMEDIATE also keeps another process (a second instance, the admin CLI) waiting.
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** A Kysely dialect over `node:sqlite`, for the database file at `file`. */
export class NodeSqliteDialect implements Dialect {
  readonly #file: string;
  #driver: NodeSqliteDriver | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  createDriver(): Driver {
    return (this.#driver = new NodeSqliteDriver(this.#file));
  }

  /** See NodeSqliteDriver.runNow: the hottest reads skip the queue when nothing holds the connection. */
  runNow<R>(query: CompiledQuery): QueryResult<R> | undefined {
    return this.#driver?.runNow(query);
  }

  /** What the read cache asks on every read (read-cache.ts, sqliteChanges). */
  versions(): SqliteVersions {
    return {
      ownWrites: () => this.#driver?.writerStatements ?? 0,
      dataVersion: () => this.#driver?.dataVersion(),
      topicVersions: () => this.#driver?.readNow<{ topic: string; version: number }>('SELECT topic, version FROM cache_versions'),
    };
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new NodeSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
