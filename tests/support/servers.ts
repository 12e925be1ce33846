/**
 * Issue 14: the servers the EventStoreDB and MongoDB adapters' contract suites run against. An
 * operator names one (EVENTSTORE_URL, MONGODB_URL); else, where a container runtime answers,
 * testcontainers starts one; else the suite is skipped with the reason printed. These two are
 * the only suites CI=true lets skip: neither server can run on the development machines (no
 * Docker engine, no binary in any registry reachable there). PostgreSQL and Redis stay required.
 */
import { createServer } from "node:net";
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from "testcontainers";

export interface Server {
  /** A connection string the adapter's own `connect` takes. */
  url: string;
  /** Stops the container the suite started; nothing for a server the environment named. */
  stop(): Promise<void>;
}

/** A server to test against, or why there is none. */
export type ServerOrReason = { server: Server; skipReason: null } | { server: null; skipReason: string };

/** The images the compose file runs too (docker-compose.yml). */
export const IMAGES = {
  eventStoreDb: "kurrentplatform/kurrentdb:25.0",
  mongoDb: "mongo:8.0",
};

async function runtimeMissing(): Promise<string | null> {
  try {
    await getContainerRuntimeClient();
    return null;
  } catch (error) {
    return `no container runtime for testcontainers (${(error as Error).message})`;
  }
}

function skipped(server: string, variable: string, reason: string): ServerOrReason {
  const skipReason = `${server}: ${variable} is not set and ${reason}`;
  console.warn(`SKIPPED ${server} suites: ${skipReason}`);
  return { server: null, skipReason };
}

const named = (url: string): ServerOrReason => ({ server: { url, stop: async () => {} }, skipReason: null });

async function started(container: StartedTestContainer, url: string): Promise<ServerOrReason> {
  return { server: { url, stop: async () => void (await container.stop()) }, skipReason: null };
}

/** EVENTSTORE_URL ("esdb://host:2113?tls=false"), else a KurrentDB container, insecure, in memory. */
export async function eventStoreDbServer(): Promise<ServerOrReason> {
  const url = process.env.EVENTSTORE_URL;
  if (url) return named(url);
  const missing = await runtimeMissing();
  if (missing) return skipped("EventStoreDB", "EVENTSTORE_URL", missing);
  const container = await new GenericContainer(IMAGES.eventStoreDb)
    .withEnvironment({ KURRENTDB_CLUSTER_SIZE: "1", KURRENTDB_INSECURE: "true", KURRENTDB_MEM_DB: "true", KURRENTDB_RUN_PROJECTIONS: "None" })
    .withExposedPorts(2113)
    // The image's own HEALTHCHECK (what testcontainers' KurrentDB module waits on too).
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(120_000)
    .start();
  return started(container, `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`);
}

/** MONGODB_URL, else a one-node replica set in a container (transactions need a replica set). */
export async function mongoDbServer(): Promise<ServerOrReason> {
  const url = process.env.MONGODB_URL;
  if (url) return named(url);
  const missing = await runtimeMissing();
  if (missing) return skipped("MongoDB", "MONGODB_URL", missing);
  const container = await new GenericContainer(IMAGES.mongoDb)
    .withCommand(["--replSet", "rs0", "--bind_ip_all"])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  const initiated = await container.exec(["mongosh", "--quiet", "--eval", "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] })"]);
  if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed: ${initiated.output}`);
  // The member is named localhost inside the container: connect to it directly, not through discovery.
  return started(container, `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`);
}

/** A port nothing listens on: what a server that is down looks like to a client. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
