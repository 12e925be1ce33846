/**
 * Issue 14: docker-compose.yml cannot be started here (no Docker engine), so this reads it and
 * checks what it promises: the design's stores, each role's count, health checks and start
 * order, and that the environment it gives the roles opens the stores it says
 * (storeConfigFromEnv, what `bahi <role>` calls), in both of its profiles.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { storeConfigFromEnv } from "@bahi/shared/server";
import { IMAGES } from "../support/servers.ts";

interface Service {
  image?: string;
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
}

const compose = parse(readFileSync(new URL("../../docker-compose.yml", import.meta.url), "utf8"), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const ROLES = ["command-api", "read-api", "projector", "worker"];

/** Compose's interpolation of ${NAME}, ${NAME:-default} and ${NAME:?error} from the shell's `env`. */
function interpolated(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind: string | undefined, rest: string) => {
    if (env[name]) return env[name];
    if (kind === "-") return rest;
    throw new Error(`${name}: ${rest || "not set"}`);
  });
}

function roleEnv(role: string, shell: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(services[role]!.environment ?? {}).map(([name, value]) => [name, interpolated(String(value), shell)]));
}

const hostOf = (url: string) => new URL(url).hostname;

describe("docker-compose.yml (issue 14)", () => {
  it("runs every role twice, each with a health check, after the stores it uses answer", () => {
    for (const role of ROLES) {
      const service = services[role]!;
      expect(service.command, role).toEqual([role]);
      expect(service.deploy?.replicas, role).toBe(2);
      expect(service.healthcheck?.test.join(" "), role).toContain("/api/ready");
      expect(service.depends_on, role).toEqual({
        eventstore: { condition: "service_healthy" },
        "mongo-init": { condition: "service_completed_successfully" },
        redis: { condition: "service_healthy" },
        postgres: { condition: "service_healthy", required: false },
      });
    }
    expect(services.gateway!.depends_on).toEqual({ "command-api": { condition: "service_healthy" }, "read-api": { condition: "service_healthy" } });
    for (const store of ["eventstore", "mongo", "redis", "postgres"]) expect(services[store]!.healthcheck, store).toBeDefined();
  });

  it("opens EventStoreDB and MongoDB by default, each URL naming a service of the file", () => {
    const shell = { BAHI_SESSION_SECRET: "s".repeat(32) };
    for (const role of ROLES) {
      const env = roleEnv(role, shell);
      const config = storeConfigFromEnv(env, null);
      expect(config).toEqual({ kind: "servers", events: { kind: "eventstoredb", url: env.EVENTSTORE_URL }, reads: { kind: "mongodb", url: env.MONGODB_URL } });
      expect(services[hostOf(env.EVENTSTORE_URL!)]?.image).toBe(IMAGES.eventStoreDb);
      expect(services[hostOf(env.MONGODB_URL!)]?.image).toBe(IMAGES.mongoDb);
      expect(services[hostOf(env.REDIS_URL!)]).toBeDefined();
    }
    // No secret, no start: Compose refuses to interpolate it.
    expect(() => roleEnv("command-api", {})).toThrow(/BAHI_SESSION_SECRET: set BAHI_SESSION_SECRET/);
  });

  it("keeps a PostgreSQL profile: both sides on its server when the operator says so", () => {
    const env = roleEnv("worker", { BAHI_SESSION_SECRET: "s".repeat(32), BAHI_EVENT_STORE: "postgres", BAHI_READ_STORE: "postgres" });
    expect(storeConfigFromEnv(env, null)).toEqual({ kind: "postgres", databaseUrl: env.DATABASE_URL });
    expect(services[hostOf(env.DATABASE_URL!)]?.profiles).toEqual(["postgres"]);
  });

  it("runs MongoDB as a one-node replica set with its init, and Redis with its append-only file", () => {
    const replicaSet = new URL(roleEnv("read-api", { BAHI_SESSION_SECRET: "x" }).MONGODB_URL!).searchParams.get("replicaSet");
    expect(services.mongo!.command).toEqual(["--replSet", replicaSet, "--bind_ip_all"]);
    const init = services["mongo-init"]!.command!.join(" ");
    expect(init).toContain(`rs.initiate({ _id: '${replicaSet}', members: [{ _id: 0, host: 'mongo:27017' }] })`);
    expect(init).toContain("isWritablePrimary");
    expect(services["mongo-init"]!.depends_on).toEqual({ mongo: { condition: "service_healthy" } });
    expect(services.redis!.command).toEqual(["redis-server", "--appendonly", "yes"]);
  });
});
