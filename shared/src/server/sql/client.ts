import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { fsyncDirectory, fsyncTree } from "./fsyncTree.ts";
import { SyncingNodeFS } from "./syncingNodeFs.ts";

/**
 * The one seam between our SQL adapters and a connection: PGlite (embedded) and
 * PostgreSQL speak the same dialect, so the adapters above never know which they have.
 */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlClient extends SqlExecutor {
  readonly kind: "pglite" | "postgres";
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. A dropped listening connection
   * is reconnected with backoff for as long as anyone listens, and every onNotify is called
   * once after each reconnect, since notifications sent while it was down are lost.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Whether notifications can reach this process right now (false while LISTEN reconnects). */
  listening(): boolean;
  close(): Promise<void>;
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "57P01", "57P02", "57P03", "08000", "08003", "08006"]);

/** Turns a lost connection into the port's 503 error; leaves SQL errors (codes like 23505) alone. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code && CONNECTION_ERRORS.has(code)) return new StoreUnavailableError(`Database unavailable (${code})`, { cause: error });
  if (error instanceof Error && /Connection terminated|not queryable|closed|timeout exceeded when trying to connect/i.test(error.message) && !code) {
    return new StoreUnavailableError(`Database unavailable: ${error.message}`, { cause: error });
  }
  return error;
}

const READ_ONLY = /^\s*(select|show|with\s[^;]*\bselect\b(?![^;]*\b(insert|update|delete)\b))/i;

/**
 * How long a read-only query keeps retrying a lost connection: a blip (a backend terminated,
 * a failover) is ridden out, while a database that is really gone still ends in a 503 soon.
 */
const RETRY_BUDGET_MS = 2_000;

/** Retries `work` on StoreUnavailableError with exponential backoff, within RETRY_BUDGET_MS. */
export async function retryUnavailable<T>(work: () => Promise<T>, budgetMs = RETRY_BUDGET_MS): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const wait = Math.min(50 * 2 ** attempt, 500);
      if (!(error instanceof StoreUnavailableError) || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export interface PostgresClientOptions {
  max?: number;
  /** Where connection trouble is reported (it is survived either way). */
  log?: (message: string) => void;
}

export function postgresClient(connectionString: string, options: PostgresClientOptions = {}): SqlClient {
  const log = options.log ?? (() => {});
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5_000, keepAlive: true });
  // An idle client that loses its server emits 'error' on the pool; the pool drops it and the
  // next checkout connects afresh, so logging is all there is to do. Without a handler Node crashes.
  pool.on("error", (error) => log(`database connection lost while idle: ${error.message}`));
  const notifications = listener(connectionString, log);

  async function queryOnce<Row>(text: string, params?: readonly unknown[]): Promise<Row[]> {
    try {
      const result = await pool.query(text, params as unknown[] | undefined);
      return result.rows as Row[];
    } catch (error) {
      throw translate(error);
    }
  }

  return {
    kind: "postgres",
    async query<Row>(text: string, params?: readonly unknown[]) {
      // Only reads are retried here: a write may have committed before its answer was lost.
      return READ_ONLY.test(text) ? retryUnavailable(() => queryOnce<Row>(text, params)) : queryOnce<Row>(text, params);
    },
    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>) {
      let connection: pg.PoolClient;
      try {
        connection = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
      // A checked-out client has no pool listener: a server that goes away mid-transaction
      // would emit an unhandled 'error' and end the process. The query in flight rejects too,
      // so remembering the error (to destroy the client on release) is enough.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      connection.on("error", onError);
      try {
        await connection.query("BEGIN");
        const result = await work({
          async query<Row>(text: string, params?: readonly unknown[]) {
            return (await connection.query(text, params as unknown[] | undefined)).rows as Row[];
          },
        });
        await connection.query("COMMIT");
        return result;
      } catch (error) {
        const translated = translate(error);
        if (translated instanceof StoreUnavailableError) broken ??= translated;
        // A broken connection has no transaction left to roll back; the rollback's own failure
        // changes nothing for the caller, who gets the original error.
        if (!broken) await connection.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw translated;
      } finally {
        connection.removeListener("error", onError);
        // release(error) destroys the client instead of returning a dead one to the pool.
        connection.release(broken);
      }
    },
    async exec(text: string) {
      try {
        await pool.query(text);
      } catch (error) {
        throw translate(error);
      }
    },
    listen: (channel, onNotify) => notifications.listen(channel, onNotify),
    listening: () => notifications.connected(),
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

/**
 * One LISTEN connection for all channels of a client, kept up for as long as anyone listens:
 * after a drop it reconnects with backoff (100 ms doubling to 5 s) and re-issues every LISTEN.
 */
function listener(connectionString: string, log: (message: string) => void) {
  const channels = new Map<string, Set<() => void>>();
  let current: pg.Client | null = null;
  const listenedOn = new Set<string>();
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let missedSome = false;
  let closed = false;

  const notifyAll = () => {
    for (const callbacks of channels.values()) for (const callback of callbacks) callback();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer || channels.size === 0) return;
    const wait = Math.min(100 * 2 ** failures, 5_000);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
    retryTimer.unref?.();
  };

  const dropped = (client: pg.Client, error?: Error) => {
    if (client !== current) return;
    current = null;
    listenedOn.clear();
    missedSome = true;
    log(`LISTEN connection lost${error ? ` (${error.message})` : ""}; reconnecting`);
    // The socket is already gone or going: ending it only frees what is left.
    client.end().catch(() => undefined);
    scheduleReconnect();
  };

  const listenOn = async (client: pg.Client) => {
    for (;;) {
      const pending = [...channels.keys()].filter((channel) => !listenedOn.has(channel));
      if (pending.length === 0) return;
      for (const channel of pending) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listenedOn.add(channel);
      }
    }
  };

  function connect(): Promise<void> {
    if (current || closed || channels.size === 0) return Promise.resolve();
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
      client.on("error", (error) => dropped(client, error));
      client.on("end", () => dropped(client));
      client.on("notification", (message) => {
        for (const callback of channels.get(message.channel) ?? []) callback();
      });
      try {
        current = client;
        await client.connect();
        await listenOn(client);
      } catch (error) {
        if (current === client) {
          current = null;
          listenedOn.clear();
        }
        missedSome = true;
        // A failed attempt may leave a half-open socket; ending it cannot fail in a way that matters.
        client.end().catch(() => undefined);
        if (failures === 0) log(`LISTEN connection failed (${(error as Error).message}); retrying`);
        scheduleReconnect();
        return;
      }
      if (current !== client) return;
      failures = 0;
      if (missedSome) {
        missedSome = false;
        log("LISTEN connection restored");
        notifyAll();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
      if (closed) throw new Error("listen on a closed SQL client");
      let callbacks = channels.get(channel);
      if (!callbacks) channels.set(channel, (callbacks = new Set()));
      callbacks.add(onNotify);
      await connecting;
      if (!current) await connect();
      else if (!listenedOn.has(channel)) {
        // On failure the connection's own error handler reconnects and LISTENs again.
        await listenOn(current).catch((error: Error) => log(`LISTEN ${channel} failed: ${error.message}`));
      }
      return async () => {
        callbacks.delete(onNotify);
        if (callbacks.size > 0 || channels.get(channel) !== callbacks) return;
        channels.delete(channel);
        listenedOn.delete(channel);
        const client = current;
        if (channels.size === 0 && client) {
          current = null;
          await client.end().catch(() => undefined); // nobody listens any more: a failed goodbye is harmless
        } else if (client) {
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined); // a stray notification only wakes nobody
        }
      };
    },
    /** True when every channel is being listened on (or there is nothing to listen for). */
    connected(): boolean {
      return channels.size === 0 || (current !== null && !connecting && [...channels.keys()].every((channel) => listenedOn.has(channel)));
    },
    async close(): Promise<void> {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const client = current;
      current = null;
      channels.clear();
      // Closing: the server may be gone already, which is fine.
      if (client) await client.end().catch(() => undefined);
    },
  };
}

/** SqlClient over one PGlite (its durability is the file system's: see openPglite). */
export function pgliteClient(db: PGlite): SqlClient {
  return {
    kind: "pglite",
    async query<Row>(text: string, params?: readonly unknown[]) {
      let rows: Row[];
      try {
        rows = (await db.query<Row>(text, params as unknown[] | undefined)).rows;
      } catch (error) {
        throw translate(error);
      }
      return rows;
    },
    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>) {
      let result: T;
      try {
        result = await db.transaction(async (tx) =>
          work({
            async query<Row>(text: string, params?: readonly unknown[]) {
              return (await tx.query<Row>(text, params as unknown[] | undefined)).rows;
            },
          }),
        );
      } catch (error) {
        throw translate(error);
      }
      return result;
    },
    async exec(text: string) {
      await db.exec(text);
    },
    async listen(channel: string, onNotify: () => void) {
      const unsubscribe = await db.listen(channel, () => onNotify());
      return async () => unsubscribe();
    },
    // An embedded database lives in this process: its notifications cannot be cut off.
    listening: () => true,
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

/**
 * PGlite's default start parameters pass -F (fsync off). Issue 13: without it PostgreSQL runs its
 * durable code paths, fsyncing the WAL at commit and the data files at checkpoints, which
 * SyncingNodeFS makes real fsyncs; `fsync` is the WAL sync method that reaches them
 * (Emscripten's fdatasync, the default on Linux, does nothing).
 *
 * Memory (issue 13): PGlite's memory is a WebAssembly heap that grows and never gives anything
 * back, so PostgreSQL's buffers live in this process for good. 32 MB of shared buffers (PGlite's
 * default 128 MB) with the host's page cache behind them, and 16 MB for VACUUM and index builds
 * (64 MB), took `bahi start` on a 1,00,000-invoice business from a 660 MB to a 492 MB peak with
 * the everyday reads no slower (tests/bench/reads.ts).
 */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
    ...["wal_sync_method=fsync", "shared_buffers=32MB", "maintenance_work_mem=16MB"].flatMap((setting) => ["-c", setting]),
  ];
}

/** Issue 13: the contrib extensions the schema creates (pg_trgm for the search keys' trigram indexes). */
export const PGLITE_EXTENSIONS = { pg_trgm };

const INIT_SCRIPT = fileURLToPath(new URL("./initPglite.mjs", import.meta.url));

/**
 * Issue 13: PostgreSQL's initdb, which a new data directory needs once, takes a PGlite process
 * to twice the memory it peaks at otherwise (880 MB against 445 MB for opening a directory that
 * exists, most of it kept by V8 afterwards), so a long-running process has it run by a
 * short-lived child process of its own. The child writes a directory beside `dataDir`, which is
 * synced and renamed into place only when whole: a crash meanwhile leaves no half-made data
 * directory. A `dataDir` that holds something other than a database is left to PGlite as before.
 */
export async function initPgliteApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, "PG_VERSION"))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  const staging = `${dataDir}.init-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [INIT_SCRIPT, staging], { stdio: ["ignore", "ignore", "pipe"] });
      let output = "";
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`Creating the database in ${dataDir} failed (exit ${code}): ${output.trim()}`))));
    });
    fsyncTree(staging);
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(staging, dataDir);
    fsyncDirectory(dirname(dataDir));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A PGlite on a data directory that survives power loss the way a PostgreSQL server's does
 * (SyncingNodeFS), or in memory without one. Opening syncs every file of the directory once:
 * what initdb wrote, and what an earlier release (whose fsyncs reached nothing) left unsynced.
 */
export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob | File } = {}): Promise<PGlite> {
  const db = await PGlite.create({
    ...(dataDir ? { fs: new SyncingNodeFS(dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    startParams: durableStartParams(),
  });
  if (dataDir) fsyncTree(dataDir);
  return db;
}
