import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { DurableDir } from "./durableDir.ts";

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
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "57P01", "57P03", "08000", "08003", "08006"]);

/** Turns a lost connection into the port's 503 error; leaves SQL errors (codes like 23505) alone. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code && CONNECTION_ERRORS.has(code)) return new StoreUnavailableError(`Database unavailable (${code})`, { cause: error });
  if (error instanceof Error && /Connection terminated|not queryable|closed/i.test(error.message) && !code) {
    return new StoreUnavailableError(`Database unavailable: ${error.message}`, { cause: error });
  }
  return error;
}

export function postgresClient(connectionString: string, options: { max?: number } = {}): SqlClient {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server emits 'error'; without a handler Node would crash.
  pool.on("error", () => {});
  return {
    kind: "postgres",
    async query<Row>(text: string, params?: readonly unknown[]) {
      try {
        const result = await pool.query(text, params as unknown[] | undefined);
        return result.rows as Row[];
      } catch (error) {
        throw translate(error);
      }
    },
    async transaction<T>(work: (tx: SqlExecutor) => Promise<T>) {
      let connection: pg.PoolClient;
      try {
        connection = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
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
        await connection.query("ROLLBACK").catch(() => {});
        throw translate(error);
      } finally {
        connection.release();
      }
    },
    async exec(text: string) {
      try {
        await pool.query(text);
      } catch (error) {
        throw translate(error);
      }
    },
    async listen(channel: string, onNotify: () => void) {
      const listener = new pg.Client({ connectionString });
      listener.on("error", () => {});
      await listener.connect();
      listener.on("notification", (message) => {
        if (message.channel === channel) onNotify();
      });
      await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await listener.end().catch(() => {});
      };
    },
    async close() {
      await pool.end();
    },
  };
}

const READ_ONLY = /^\s*(select|show|with\s[^;]*\bselect\b(?![^;]*\b(insert|update|delete)\b))/i;

/**
 * `durableDir`: the data directory to fsync after each write (see DurableDir); absent for
 * in-memory databases, which have nothing to make durable.
 */
export function pgliteClient(db: PGlite, options: { durableDir?: string } = {}): SqlClient {
  const durable = options.durableDir ? new DurableDir(options.durableDir) : null;
  const afterWrite = () => durable?.sync();
  return {
    kind: "pglite",
    async query<Row>(text: string, params?: readonly unknown[]) {
      let rows: Row[];
      try {
        rows = (await db.query<Row>(text, params as unknown[] | undefined)).rows;
      } catch (error) {
        throw translate(error);
      }
      if (!READ_ONLY.test(text)) afterWrite();
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
      afterWrite();
      return result;
    },
    async exec(text: string) {
      await db.exec(text);
      afterWrite();
    },
    async listen(channel: string, onNotify: () => void) {
      const unsubscribe = await db.listen(channel, () => onNotify());
      return async () => unsubscribe();
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

/**
 * PGlite's default start parameters pass -F (fsync off). We drop it so PostgreSQL runs its
 * durable code paths (WAL flush at commit); the flush reaching the disk is DurableDir's job.
 */
export function durableStartParams(): string[] {
  return PGlite.defaultStartParams.filter((param) => param !== "-F");
}

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob | File } = {}): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: durableStartParams(),
  });
}
