import { describe, expect, it } from "vitest";
import { describeStores, StoreConfigError, storeConfigFromEnv, type StoreConfig } from "./storeConfig.ts";

const PG = "postgres://bahi@db:5432/bahi";
const ESDB = "esdb://eventstore:2113?tls=false";
const MONGO = "mongodb://mongo:27017/?replicaSet=rs0";
const embedded: StoreConfig = { kind: "embedded", dataDir: "/srv/bahi/data" };

function refused(env: Record<string, string>, fallback: StoreConfig | null = null): string {
  try {
    storeConfigFromEnv(env, fallback);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
}

describe("which stores a process opens (issue 14)", () => {
  it("takes DATABASE_URL alone as PostgreSQL for both sides, as before", () => {
    expect(storeConfigFromEnv({ DATABASE_URL: PG }, null)).toEqual({ kind: "postgres", databaseUrl: PG });
    expect(storeConfigFromEnv({ DATABASE_URL: PG, BAHI_EVENT_STORE: "postgres", BAHI_READ_STORE: "postgres" }, embedded)).toEqual({ kind: "postgres", databaseUrl: PG });
  });

  it("lets the URLs imply the design's topology, and the variables pick any combination with a server", () => {
    expect(storeConfigFromEnv({ EVENTSTORE_URL: ESDB, MONGODB_URL: MONGO }, null)).toEqual({
      kind: "servers",
      events: { kind: "eventstoredb", url: ESDB },
      reads: { kind: "mongodb", url: MONGO },
    });
    // A URL alone picks its own side; DATABASE_URL fills the other.
    expect(storeConfigFromEnv({ EVENTSTORE_URL: ESDB, DATABASE_URL: PG }, null)).toEqual({
      kind: "servers",
      events: { kind: "eventstoredb", url: ESDB },
      reads: { kind: "postgres", databaseUrl: PG },
    });
    expect(storeConfigFromEnv({ MONGODB_URL: MONGO, DATABASE_URL: PG }, null)).toEqual({
      kind: "servers",
      events: { kind: "postgres", databaseUrl: PG },
      reads: { kind: "mongodb", url: MONGO },
    });
    // The variables win over what the URLs imply.
    expect(storeConfigFromEnv({ BAHI_EVENT_STORE: "postgres", BAHI_READ_STORE: "postgres", EVENTSTORE_URL: ESDB, DATABASE_URL: PG }, null)).toEqual({
      kind: "postgres",
      databaseUrl: PG,
    });
    expect(storeConfigFromEnv({ BAHI_EVENT_STORE: "eventstoredb", BAHI_READ_STORE: "mongodb", EVENTSTORE_URL: ESDB, MONGODB_URL: MONGO, DATABASE_URL: PG }, null)).toMatchObject({
      events: { kind: "eventstoredb" },
      reads: { kind: "mongodb" },
    });
  });

  it("falls back to the embedded store only where the caller allows it (admin commands), never for a server role", () => {
    expect(storeConfigFromEnv({}, embedded)).toBe(embedded);
    expect(storeConfigFromEnv({ BAHI_EVENT_STORE: "embedded", BAHI_READ_STORE: "embedded" }, embedded)).toBe(embedded);
    expect(refused({})).toMatch(/name the stores: DATABASE_URL/);
    expect(refused({ BAHI_EVENT_STORE: "embedded", BAHI_READ_STORE: "embedded" })).toMatch(/only inside `bahi start`/);
  });

  it("refuses what cannot be opened, naming the variable to set", () => {
    expect(refused({ BAHI_EVENT_STORE: "kafka", DATABASE_URL: PG })).toBe('BAHI_EVENT_STORE="kafka" is not one of embedded, postgres, eventstoredb.');
    expect(refused({ BAHI_READ_STORE: "redis", DATABASE_URL: PG })).toBe('BAHI_READ_STORE="redis" is not one of embedded, postgres, mongodb.');
    expect(refused({ BAHI_EVENT_STORE: "eventstoredb", DATABASE_URL: PG })).toBe("EVENTSTORE_URL is required for BAHI_EVENT_STORE=eventstoredb.");
    expect(refused({ BAHI_READ_STORE: "mongodb", DATABASE_URL: PG })).toBe("MONGODB_URL is required for BAHI_READ_STORE=mongodb.");
    expect(refused({ EVENTSTORE_URL: ESDB })).toMatch(/no read store: set BAHI_READ_STORE/);
    expect(refused({ MONGODB_URL: MONGO })).toMatch(/no event store: set BAHI_EVENT_STORE/);
    expect(refused({ BAHI_EVENT_STORE: "embedded", MONGODB_URL: MONGO }, embedded)).toMatch(/cannot be mixed with it/);
  });

  it("describes the stores without their credentials", () => {
    expect(describeStores({ kind: "postgres", databaseUrl: "postgres://bahi:secret@db/bahi" })).toBe("postgres");
    expect(describeStores(storeConfigFromEnv({ EVENTSTORE_URL: "esdb://admin:changeit@es:2113", MONGODB_URL: "mongodb://u:p@m/" }, null))).toBe(
      "events on eventstoredb, reads on mongodb",
    );
    expect(describeStores(embedded)).toBe("embedded:/srv/bahi/data");
  });
});
