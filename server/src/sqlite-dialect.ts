import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

// Kysely's own SqliteDialect drives better-sqlite3; this one drives Node's built-in node:sqlite,
// so the embedded database needs no native package.

/** Statements kept prepared; lists of varying length make new SQL texts, so the oldest go. */
const STATEMENT_CACHE_SIZE = 500;

/** One holder at a time, the others queued in arrival order. */
class Mutex {
  #locked = false;
  #waiting: Array<() => void> = [];

  get isLocked(): boolean {
    return this.#locked;
  }

  async lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#locked = false;
  }
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  /** Prepared statements by SQL text, each with whether it returns columns (asking costs microseconds). */
  readonly #statements = new Map<string, { statement: StatementSync; returnsRows: boolean }>();

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
    this.#db.exec(sql);
  }

  get isTransaction(): boolean {
    return this.#db.isTransaction;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.run(query);
  }

  run<R>(query: CompiledQuery): QueryResult<R> {
    const { statement, returnsRows } = this.#prepare(query.sql);
    const parameters = query.parameters as SQLInputValue[];
    // A statement that returns columns (SELECT, or a write with RETURNING) is read whole.
    if (returnsRows) return { rows: statement.all(...parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    let rows: R[] = [];
    for (const row of this.#prepare(query.sql).statement.iterate(...(query.parameters as SQLInputValue[]))) {
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
 * One connection for the whole process, held by one query or one transaction at a time: the
 * queries of other requests wait while a transaction runs, as they would for a lock.
 */
class NodeSqliteDriver implements Driver {
  readonly #file: string;
  readonly #mutex = new Mutex();
  #db: DatabaseSync | undefined;
  #connection: NodeSqliteConnection | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  async init(): Promise<void> {
    this.#db = new DatabaseSync(this.#file);
    // WAL lets the API keep reading while the admin CLI imports; the timeout makes the
    // occasional writer collision wait instead of failing.
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
    this.#connection = new NodeSqliteConnection(this.#db);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    if (this.#connection) return this.#connection;
    this.#mutex.unlock();
    throw new Error('the SQLite database is closed');
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  /**
   * Runs one statement at once when the connection is free (no transaction or query holds it),
   * answering undefined otherwise. Each statement is atomic and synchronous, so running it now
   * is what queueing it would do, minus Kysely's rounds through the event loop.
   */
  runNow<R>(query: CompiledQuery): QueryResult<R> | undefined {
    if (this.#mutex.isLocked || !this.#connection) return undefined;
    return this.#connection.run(query);
  }

  /**
   * IMMEDIATE takes the write lock at once: a deferred transaction that reads first and then
   * writes fails with "database is locked" when another process (the admin CLI) wrote meanwhile,
   * busy_timeout or not.
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as NodeSqliteConnection).exec('BEGIN IMMEDIATE');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as NodeSqliteConnection).exec('COMMIT');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite may have rolled back already (some errors end the transaction themselves).
    const sqlite = connection as NodeSqliteConnection;
    if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
  }

  async destroy(): Promise<void> {
    // Queries under way finish first: closing takes the connection like any of them.
    await this.#mutex.lock();
    this.#connection = undefined;
    this.#db?.close();
    this.#db = undefined;
    this.#mutex.unlock();
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

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
