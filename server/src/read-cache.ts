import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * What the cache keeps, by the tables a write to which must drop it. The database names the
 * topic of each write itself, by trigger (migrations 019_cache_versions on SQLite,
 * 011_cache_notify and 014_cache_media_cards on PostgreSQL), so a write from any process, the
 * admin CLI's included, counts.
 */
const CACHE_TOPICS = ['organizations', 'cards', 'media', 'products'] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

/**
 * What an answer depends on, and what a write changes: a topic whole, or one card's part of it
 * (`media:<card id>`, that card's media). A write to a part drops what depends on that part or on
 * the whole topic; a write to the whole drops every part. PostgreSQL names the card of each media
 * written, so a look-up kept for one card survives an import into another; SQLite names topics.
 */
export type CacheDependency = CacheTopic | `${CacheTopic}:${string}`;

/** Enough for every card of a busy event; past it the oldest entries go (a scan of made-up codes cannot grow it). */
const MAX_ENTRIES = 20_000;

/**
 * Tells the cache what changed since it last asked. `sync` answers false when it cannot say (a
 * busy database, a lost PostgreSQL connection): the read then goes to the database and nothing
 * is kept.
 */
export interface ChangeSource {
  sync(): boolean;
  close(): Promise<void>;
}

/**
 * Answers of pure reads that rarely change, kept per database handle until a write to one of
 * their topics. No time-to-live: what a visitor must see (new photos, a price) is dropped by the
 * write itself. Callers must not change what it answers: every caller shares it.
 */
export class ReadCache {
  readonly #source: ChangeSource;
  readonly #entries = new Map<string, { value: unknown; dependsOn: readonly CacheDependency[] }>();
  /** Moves on every drop: a read that started before one does not keep what it read. */
  #epoch = 0;

  /** `source` is made for this cache: it drops what each change touches. */
  constructor(source: (cache: ReadCache) => ChangeSource) {
    this.#source = source(this);
  }

  /** `dependsOn` may name what the answer read (a look-up's card) from the answer itself. */
  async read<T>(key: string, dependsOn: readonly CacheDependency[] | ((value: T) => readonly CacheDependency[]), load: () => Promise<T>): Promise<T> {
    if (!this.#source.sync()) return load();
    const kept = this.#entries.get(key);
    if (kept) return kept.value as T;
    const epoch = this.#epoch;
    const value = await load();
    if (epoch === this.#epoch) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(key, { value, dependsOn: typeof dependsOn === 'function' ? dependsOn(value) : dependsOn });
    }
    return value;
  }

  /** Drops what a write to `change` (a topic or one card's part of it) may have changed. */
  drop(change: CacheDependency): void {
    this.#epoch++;
    const part = change.indexOf(':');
    const touched: (dependency: CacheDependency) => boolean =
      part < 0
        ? (dependency) => dependency === change || dependency.startsWith(`${change}:`)
        : (dependency) => dependency === change || dependency === change.slice(0, part);
    for (const [key, entry] of this.#entries) if (entry.dependsOn.some(touched)) this.#entries.delete(key);
  }

  /** Drops everything (the changes in between are unknown). */
  dropAll(): void {
    this.#epoch++;
    this.#entries.clear();
  }

  close(): Promise<void> {
    this.dropAll();
    return this.#source.close();
  }
}

function isTopic(value: string): value is CacheTopic {
  return (CACHE_TOPICS as readonly string[]).includes(value);
}

/** Whether a notice names a topic or a part of one. */
function isDependency(value: string): value is CacheDependency {
  const part = value.indexOf(':');
  return isTopic(part < 0 ? value : value.slice(0, part));
}

/** What the SQLite source needs of the driver. */
export interface SqliteVersions {
  /** A count that moves whenever this process writes (statements run on its writer). */
  ownWrites(): number;
  /**
   * These two read on the read-only connection, without waiting (undefined when busy). The
   * version is read again only once the WAL index's header moved (wal-index.ts): the pragma takes
   * a lock, a look at the header does not.
   */
  dataVersion(): number | undefined;
  topicVersions(): Array<{ topic: string; version: number }> | undefined;
}

/**
 * SQLite, where other processes (the admin CLI importing media, another instance on the same
 * file) write too. `PRAGMA data_version` moves whenever any other connection committed; only
 * when it moved are the topic versions (bumped by trigger) read, and just the topics whose
 * version changed are dropped: an order written meanwhile drops nothing. Synchronous, so a
 * commit seen is dropped before the read.
 *
 * It is asked once per turn of the event loop, not on every read: under load one turn serves
 * the requests of many sockets, and the question (then always the pragma) was a fifth of a card
 * look-up's cost. The requests a turn serves were read from their sockets together, so another
 * process's commit landing while they are served is as concurrent with them as one landing a
 * moment later; the next turn sees it. The turn is libuv's loop count (it moves before each poll
 * for I/O, where requests are read) with its count of events handled (it moves after each batch
 * of them: a poll that filled its batch polls again within the same turn), read rather than
 * marked by a callback scheduled every turn: that setImmediate cost the look-up more than the
 * question itself. This process's own writes are seen at once: any statement on its writer asks
 * again.
 */
export const sqliteChanges =
  (versions: SqliteVersions) =>
  (cache: ReadCache): ChangeSource => {
    let seen: number | undefined;
    const known = new Map<string, number>();
    /** When the version was last read: the event loop's turn, its events so far, and this process's write count. */
    let checked = { turn: -1, events: -1, ownWrites: -1 };
    return {
      sync() {
        const { loopCount: turn, events } = performance.nodeTiming.uvMetricsInfo;
        const ownWrites = versions.ownWrites();
        if (checked.turn === turn && checked.events === events && checked.ownWrites === ownWrites) return true;
        if (!changesSeen()) return false;
        checked = { turn, events, ownWrites };
        return true;
      },
      close: async () => {},
    };

    /** Reads the versions and drops what changed; false when the database could not say. */
    function changesSeen(): boolean {
      const dataVersion = versions.dataVersion();
      if (dataVersion === undefined) return false;
      if (dataVersion === seen) return true;
      const rows = versions.topicVersions();
      if (!rows) return false;
      for (const { topic, version } of rows) {
        if (known.get(topic) !== version && isTopic(topic)) cache.drop(topic);
        known.set(topic, version);
      }
      seen = dataVersion;
      return true;
    }
  };

/** The longest wait between two tries to listen again. */
const MAX_RECONNECT_MS = 2_000;

/**
 * PostgreSQL, with N instances on one database: one connection per instance LISTENs on
 * read_cache, where the triggers send each written topic at commit. Chosen over reading a version
 * row on every request because that read is itself a round trip, which is most of what a card
 * look-up costs on PostgreSQL; a notice costs nothing until something changes. The price: another
 * instance drops its copy when the notice arrives, within a few milliseconds of the commit, not
 * at the commit itself (the CLI's import, a price change and a sale are seen on the next read
 * after that). While the connection is down nothing is kept or answered from the cache, and once
 * it listens again everything is dropped: notices sent meanwhile are lost.
 */
export const postgresChanges =
  (connectionString: string) =>
  (cache: ReadCache): ChangeSource => {
    let listening = false;
    let closed = false;
    let client: pg.Client | undefined;
    let pause = 50;
    let retry: NodeJS.Timeout | undefined;

    const lost = (error?: Error) => {
      if (error) console.warn(`read cache: PostgreSQL notices lost (${error.message}); reading the database until they are back`);
      listening = false;
      cache.dropAll();
      client?.removeAllListeners();
      client?.on('error', () => {});
      void client?.end().catch(() => {});
      client = undefined;
      if (closed || retry) return;
      retry = setTimeout(connect, pause);
      retry.unref();
      pause = Math.min(pause * 2, MAX_RECONNECT_MS);
    };

    async function connect(): Promise<void> {
      retry = undefined;
      const next = new pg.Client({ connectionString });
      client = next;
      next.on('error', lost);
      next.on('end', () => client === next && lost(new Error('connection ended')));
      next.on('notification', ({ payload }) => {
        if (payload && isDependency(payload)) cache.drop(payload);
        else cache.dropAll();
      });
      try {
        await next.connect();
        await next.query('LISTEN read_cache');
        if (closed || client !== next) return;
        // Anything kept before this point may have missed its notice.
        cache.dropAll();
        listening = true;
        pause = 50;
      } catch (error) {
        if (client === next) lost(error as Error);
      }
    }
    void connect();

    return {
      sync: () => listening,
      async close() {
        closed = true;
        listening = false;
        clearTimeout(retry);
        const last = client;
        client = undefined;
        last?.removeAllListeners();
        last?.on('error', () => {});
        await last?.end().catch(() => {});
      },
    };
  };

/**
 * What a write to each cached table changes, as PostgreSQL's triggers count it (migrations
 * 011_cache_notify and 014_cache_media_cards): an update only when it sets one of `columns` (a
 * media sold or rendered changes nothing kept), and an insert the parts its `partBy` column names.
 * A test compares it with the triggers the database has (read-cache.test.ts).
 */
export const TABLE_TOPICS: Record<string, { topic: CacheTopic; columns?: readonly string[]; partBy?: string }> = {
  organizations: { topic: 'organizations', columns: ['web_name', 'name', 'profile', 'removed_at'] },
  cards: { topic: 'cards' },
  media: { topic: 'media', columns: ['card_id'], partBy: 'card_id' },
  products: { topic: 'products' },
  product_price_ranges: { topic: 'products' },
};
const WRITE = /^\s*(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?(\w+)"?/i;
const SET_COLUMNS = /\sset\s+((?:"\w+"\s*=\s*\$\d+\s*,\s*)*"\w+"\s*=\s*\$\d+)\s*(?:where\s|returning\s|$)/i;
const INSERT = /^\s*insert\s+into\s+"?\w+"?\s*\(([^()]*)\)\s*values\s*(\([^()]*\)(?:\s*,\s*\([^()]*\))*)\s*(?:returning\s|$)/i;

/**
 * What a statement changes, read from its SQL as Kysely compiles it. Whatever the patterns do
 * not recognise changes its topic whole: a statement misread drops too much, never too little.
 */
export function changesOf(query: CompiledQuery): CacheDependency[] {
  const write = WRITE.exec(query.sql);
  const table = write && TABLE_TOPICS[write[2]!.toLowerCase()];
  if (!table) return [];
  const verb = write[1]!.toLowerCase();
  if (verb === 'update' && table.columns) {
    const set = SET_COLUMNS.exec(query.sql);
    if (set && ![...set[1]!.matchAll(/"(\w+)"/g)].some(([, column]) => table.columns!.includes(column!))) return [];
  }
  if (verb.startsWith('insert') && table.partBy) {
    const parts = insertedValues(query, table.partBy);
    if (parts) return [...new Set(parts)].map((part): CacheDependency => `${table.topic}:${part}`);
  }
  return [table.topic];
}

/** The values an insert of flat rows of parameters gives `column`; undefined for any other insert (an upsert's update may move rows). */
function insertedValues(query: CompiledQuery, column: string): string[] | undefined {
  const insert = INSERT.exec(query.sql);
  if (!insert) return undefined;
  const at = insert[1]!.split(',').findIndex((name) => name.trim().replace(/"/g, '') === column);
  if (at < 0) return undefined;
  const values: string[] = [];
  for (const [, row] of insert[2]!.matchAll(/\(([^()]*)\)/g)) {
    const parameter = /^\$(\d+)$/.exec(row!.split(',')[at]?.trim() ?? '');
    const value = parameter && query.parameters[Number(parameter[1]) - 1];
    if (typeof value !== 'string') return undefined;
    values.push(value);
  }
  return values;
}

/** A connection the driver gave, and what its open transaction wrote (undefined outside one). */
interface ConnectionState {
  inner: DatabaseConnection;
  written: Set<CacheDependency> | undefined;
}

/**
 * PostgreSQL's driver, dropping this process's own writes from its cache as each commits: its
 * notice comes back a moment later, and the request that wrote (the visitor's upload, the CLI's
 * import) may read again before. Writes outside a transaction drop once done.
 */
export class OwnWritesDriver implements Driver {
  readonly #inner: Driver;
  readonly #cache: () => ReadCache | undefined;
  readonly #connections = new WeakMap<DatabaseConnection, ConnectionState>();

  constructor(inner: Driver, cache: () => ReadCache | undefined) {
    this.#inner = inner;
    this.#cache = cache;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection();
    const state: ConnectionState = { inner, written: undefined };
    const connection: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await inner.executeQuery<R>(query);
        for (const change of changesOf(query)) {
          if (state.written) state.written.add(change);
          else this.#cache()?.drop(change);
        }
        return result;
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    this.#connections.set(connection, state);
    return connection;
  }

  #state(connection: DatabaseConnection): ConnectionState {
    const state = this.#connections.get(connection);
    if (!state) throw new Error('OwnWritesDriver: a connection it did not give');
    return state;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const state = this.#state(connection);
    await this.#inner.beginTransaction(state.inner, settings);
    state.written = new Set();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const state = this.#state(connection);
    const written = state.written;
    state.written = undefined;
    try {
      await this.#inner.commitTransaction(state.inner);
    } finally {
      // Dropped even when the COMMIT's answer was lost: it may have committed.
      for (const change of written ?? []) this.#cache()?.drop(change);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const state = this.#state(connection);
    state.written = undefined;
    await this.#inner.rollbackTransaction(state.inner);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(this.#state(connection).inner);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}
