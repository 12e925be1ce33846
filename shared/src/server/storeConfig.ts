/**
 * Issue 14: which stores a process opens, from its environment. The event store (events, the
 * global log, the audit chain) and the read store (read models, and beside them sessions, blobs,
 * Idempotency-Key claims and projector leases) are chosen apart:
 *
 *   BAHI_EVENT_STORE = embedded | postgres | eventstoredb   (else implied by EVENTSTORE_URL, then DATABASE_URL)
 *   BAHI_READ_STORE  = embedded | postgres | mongodb        (else implied by MONGODB_URL, then DATABASE_URL)
 *
 * "embedded" is one PGlite in the data directory holding both sides, so it goes only with itself.
 */
export type EventStoreKind = "embedded" | "postgres" | "eventstoredb";
export type ReadStoreKind = "embedded" | "postgres" | "mongodb";

export type EventSide = { kind: "postgres"; databaseUrl: string } | { kind: "eventstoredb"; url: string };
export type ReadSide = { kind: "postgres"; databaseUrl: string } | { kind: "mongodb"; url: string };

/** "postgres": both sides on one PostgreSQL database (what DATABASE_URL alone means). */
export type StoreConfig = { kind: "embedded"; dataDir: string } | { kind: "postgres"; databaseUrl: string } | { kind: "servers"; events: EventSide; reads: ReadSide };

/** A configuration that cannot be opened, in words an operator can act on. */
export class StoreConfigError extends Error {
  readonly code = "STORE_CONFIG";
  constructor(message: string) {
    super(message);
    this.name = "StoreConfigError";
  }
}

const EVENT_KINDS: readonly EventStoreKind[] = ["embedded", "postgres", "eventstoredb"];
const READ_KINDS: readonly ReadStoreKind[] = ["embedded", "postgres", "mongodb"];

type Env = Readonly<Record<string, string | undefined>>;

function chosen<K extends string>(env: Env, variable: string, kinds: readonly K[], implied: K | undefined): K | undefined {
  const value = env[variable]?.trim();
  if (!value) return implied;
  if (!(kinds as readonly string[]).includes(value)) throw new StoreConfigError(`${variable}="${value}" is not one of ${kinds.join(", ")}.`);
  return value as K;
}

function required(env: Env, variable: string, kind: string): string {
  const url = env[variable]?.trim();
  if (!url) throw new StoreConfigError(`${variable} is required for ${kind}.`);
  return url;
}

/**
 * The stores the environment names. `fallback`: what to open when it names none (the server
 * roles pass null: they refuse to start without a server; the admin commands pass the embedded
 * store in the data directory).
 */
export function storeConfigFromEnv(env: Env, fallback: StoreConfig | null): StoreConfig {
  const events = chosen(env, "BAHI_EVENT_STORE", EVENT_KINDS, env.EVENTSTORE_URL ? "eventstoredb" : env.DATABASE_URL ? "postgres" : undefined);
  const reads = chosen(env, "BAHI_READ_STORE", READ_KINDS, env.MONGODB_URL ? "mongodb" : env.DATABASE_URL ? "postgres" : undefined);
  if (events === undefined && reads === undefined) {
    if (fallback) return fallback;
    throw new StoreConfigError("name the stores: DATABASE_URL (PostgreSQL for both sides), or EVENTSTORE_URL and MONGODB_URL, or BAHI_EVENT_STORE and BAHI_READ_STORE.");
  }
  if (events === "embedded" || reads === "embedded") {
    if (events === reads && fallback?.kind === "embedded") return fallback;
    if (events === reads) throw new StoreConfigError("the embedded store runs only inside `bahi start` (or an admin command on its data directory), not in a server role.");
    throw new StoreConfigError(
      `the embedded store holds both sides in one process: BAHI_EVENT_STORE=${events ?? "(unset)"} and BAHI_READ_STORE=${reads ?? "(unset)"} cannot be mixed with it.`,
    );
  }
  if (events === undefined) throw new StoreConfigError("no event store: set BAHI_EVENT_STORE (postgres or eventstoredb) with DATABASE_URL or EVENTSTORE_URL.");
  if (reads === undefined) throw new StoreConfigError("no read store: set BAHI_READ_STORE (postgres or mongodb) with DATABASE_URL or MONGODB_URL.");
  if (events === "postgres" && reads === "postgres") return { kind: "postgres", databaseUrl: required(env, "DATABASE_URL", "BAHI_EVENT_STORE=postgres") };
  return {
    kind: "servers",
    events:
      events === "postgres"
        ? { kind: "postgres", databaseUrl: required(env, "DATABASE_URL", "BAHI_EVENT_STORE=postgres") }
        : { kind: "eventstoredb", url: required(env, "EVENTSTORE_URL", "BAHI_EVENT_STORE=eventstoredb") },
    reads:
      reads === "postgres"
        ? { kind: "postgres", databaseUrl: required(env, "DATABASE_URL", "BAHI_READ_STORE=postgres") }
        : { kind: "mongodb", url: required(env, "MONGODB_URL", "BAHI_READ_STORE=mongodb") },
  };
}

/** What a process logs about its stores (never a password). */
export function describeStores(config: StoreConfig): string {
  if (config.kind === "embedded") return `embedded:${config.dataDir}`;
  if (config.kind === "postgres") return "postgres";
  return `events on ${config.events.kind}, reads on ${config.reads.kind}`;
}
