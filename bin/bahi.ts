import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { SandboxGsp } from "@bahi/command-api";
import { allProjections, applicationsProjection, Projector, type AnyProjection } from "@bahi/projector";
import {
  BullmqJobQueue,
  createLogger,
  DataDirLockedError,
  InProcessJobQueue,
  messageLog,
  openStores,
  StoreConfigError,
  storeConfigFromEnv,
  verifyJsonLinesExport,
  type JobQueue,
  type StoreConfig,
  type Stores,
} from "@bahi/shared/server";
import { createBahi, DEFAULT_CLIENT_DIR, type Role } from "./server.ts";

const USAGE = `Usage: bahi <command>

  start                 everything in one process on the embedded store (./data or BAHI_DATA_DIR)
  command-api           the command side only (needs the stores, BAHI_SESSION_SECRET)
  read-api              the read side only   (needs the stores, BAHI_SESSION_SECRET)
  projector             the projector only   (needs the stores)
  worker                the job workers, GST filing (needs the stores and REDIS_URL)
                        (these two serve /metrics, /api/health and /api/ready on PORT, else on a
                        free port named in their "listening" log line)
  projector rebuild [--projection NAME] [--shared]
                        replay the whole log into fresh read models (all, or one) and swap them in;
                        --shared: the running projector shards fill them, each its partitions
  projector retry [--projection NAME]
                        re-apply parked events (ones a projection could not apply) once fixed
  projector parked      list parked events with their errors
                        (these three use the stores named, else the embedded store in BAHI_DATA_DIR)
  ledger verify [--business ID]
                        recompute each business's hash chain (or one's) and name the first event
                        edited, deleted, inserted or reordered in the database; exit 1 on any
                        (the stores named, else the embedded store in BAHI_DATA_DIR)
  ledger verify-export FILE
                        check a JSON Lines ledger export offline (no database): every event's
                        hash, the links between them and the manifest; exit 1 on any problem

Stores: DATABASE_URL (PostgreSQL for both sides), or each side apart: BAHI_EVENT_STORE=postgres|eventstoredb
(DATABASE_URL or EVENTSTORE_URL, e.g. esdb://host:2113?tls=false) and BAHI_READ_STORE=postgres|mongodb
(DATABASE_URL or MONGODB_URL, a replica set for transactions); EVENTSTORE_URL or MONGODB_URL alone picks its side.

Environment: PORT (default 5000), BAHI_DATA_DIR, REDIS_URL (BullMQ; without it
jobs run inside the command-api process), BAHI_SESSION_SECRET,
BAHI_SECURE_COOKIES=1 (behind HTTPS), BAHI_TRUSTED_PROXIES (behind reverse proxies: their
addresses, CIDRs or loopback/linklocal/uniquelocal, comma-separated; X-Forwarded-For is believed
from those only; the old BAHI_TRUST_PROXY=1 now means "loopback, uniquelocal"),
BAHI_PROJECTOR_BATCH_SIZE (events per projector commit, default 500),
BAHI_REBUILD_HEAP_MB (the heap \`bahi projector rebuild\` may use, default 256),
BAHI_PROJECTOR_PARTITIONS (partitions of a rebuilt read model, shared by projector shards, default 8),
BAHI_COUNT_APPLICATIONS=1 (keep the "applications" audit read model: events applied per stream), BAHI_QUEUE_PREFIX (Redis
key prefix, default "bahi"), BAHI_JOB_LOCK_MS (how soon a dead worker's job runs again, default 30000),
BAHI_PROCESS_SWEEP_MS (how often the process running workers finishes or compensates invoice and
product creations a crash left halfway, default 30000), BAHI_PROCESS_STALE_MS (how old such a
process must be before the sweep takes it over, default 30000), BAHI_LOG_LEVEL (fatal, error, warn,
info (default), debug, trace or silent; logs are JSON lines on stdout), BAHI_METRICS_TOKEN (when
set, GET /metrics wants "Authorization: Bearer <token>").`;

// Issue 12: JSON lines on stdout (pino); `log` keeps the one-message shape the parts take.
const logger = createLogger();
const log = messageLog(logger);

// A promise nobody awaited failing is a bug to fix, not a reason to stop serving everyone:
// log it and carry on. Anything thrown outside a promise leaves the process in an unknown
// state, so it is logged and the process exits non-zero for its supervisor to restart.
process.on("unhandledRejection", (reason) => {
  logger.error({ err: reason }, "unhandled rejection");
});
process.on("uncaughtException", (error) => {
  logger.fatal({ err: error }, "uncaught exception, exiting");
  process.exit(70);
});

function dataDir(): string {
  return resolve(process.env.BAHI_DATA_DIR ?? "./data");
}

/** Embedded mode keeps its own secret beside the data, so sessions survive restarts. */
function embeddedSessionSecret(dir: string): string {
  if (process.env.BAHI_SESSION_SECRET) return process.env.BAHI_SESSION_SECRET;
  const file = join(dir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Issue 14: the stores the environment names (storeConfig.ts). A server role refuses to start
 * without one; an admin command falls back to the embedded store in the data directory.
 */
function storeConfig(fallback: StoreConfig | null): StoreConfig {
  try {
    return storeConfigFromEnv(process.env, fallback);
  } catch (error) {
    if (error instanceof StoreConfigError) fail(error.message);
    throw error;
  }
}

const serverStoreConfig = (): StoreConfig => storeConfig(null);
const adminStoreConfig = (): StoreConfig => storeConfig({ kind: "embedded", dataDir: dataDir() });

/** The proxies whose X-Forwarded-For is believed (BAHI_TRUSTED_PROXIES). */
function trustedProxies(): string[] {
  const list = (process.env.BAHI_TRUSTED_PROXIES ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.length === 0 && process.env.BAHI_TRUST_PROXY === "1") {
    // It used to trust every peer, which let any client choose its own address for the login limits.
    log('BAHI_TRUST_PROXY=1 is deprecated: trusting X-Forwarded-For from "loopback, uniquelocal" only; set BAHI_TRUSTED_PROXIES to your proxies\' addresses.');
    return ["loopback", "uniquelocal"];
  }
  return list;
}

/** Issue 12: BAHI_COUNT_APPLICATIONS=1 adds the audit read model that counts every application per stream. */
function projections(): readonly AnyProjection[] {
  return process.env.BAHI_COUNT_APPLICATIONS === "1" ? [...allProjections, applicationsProjection] : allProjections;
}

/** Issue 12: partitions of a new read-model generation, shared by projector shards (default 8). */
function projectorPartitions(): number | undefined {
  const parts = Number(process.env.BAHI_PROJECTOR_PARTITIONS);
  return Number.isInteger(parts) && parts >= 1 && parts <= 1024 ? parts : undefined;
}

function projectorBatchSize(): number | undefined {
  const size = Number(process.env.BAHI_PROJECTOR_BATCH_SIZE);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

function fail(message: string): never {
  console.error(`bahi: ${message}`);
  process.exit(1);
}

function onSignals(close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} received, shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutting down failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

async function open(config: StoreConfig): Promise<Stores> {
  try {
    return await openStores(config, { log });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
}

function jobQueue(): JobQueue {
  const lockMs = Number(process.env.BAHI_JOB_LOCK_MS) || undefined;
  return process.env.REDIS_URL ? new BullmqJobQueue(process.env.REDIS_URL, process.env.BAHI_QUEUE_PREFIX ?? "bahi", lockMs) : new InProcessJobQueue();
}

async function serve(roles: Role[], stores: Stores, sessionSecret: string | undefined, clientDir: string | null, jobs: JobQueue = jobQueue()): Promise<void> {
  const bahi = createBahi({
    jobs,
    roles,
    stores,
    sessionSecret,
    clientDir,
    secureCookies: process.env.BAHI_SECURE_COOKIES === "1",
    trustedProxies: trustedProxies(),
    projectorBatchSize: projectorBatchSize(),
    projectorPartitions: projectorPartitions(),
    projections: projections(),
    gsp: new SandboxGsp(Number(process.env.BAHI_SANDBOX_GSP_DELAY_MS) || 0),
    log,
    logger,
  });
  // A worker or a projector serves only /metrics, /api/health and /api/ready: on PORT when given,
  // else on any free port, so it never collides with an API on the same machine.
  const port = Number(process.env.PORT ?? (roles.every((role) => role === "worker" || role === "projector") ? 0 : 5000));
  const server = await bahi.listen(port);
  const address = server.address();
  log(`${roles.join(" + ")} on ${stores.describe}${jobs.kind === "bullmq" ? " with BullMQ jobs" : ""}`);
  log(`Bahi listening on http://localhost:${typeof address === "object" && address ? address.port : port}`);
  onSignals(async () => {
    await bahi.close();
    await stores.close();
  });
}

async function main(argv: string[]): Promise<void> {
  const [command, sub] = argv;
  switch (command) {
    case "start": {
      const dir = dataDir();
      // Opening the embedded store takes the directory's lock before anything else touches it.
      const stores = await open({ kind: "embedded", dataDir: dir });
      return serve(["command-api", "read-api", "projector"], stores, embeddedSessionSecret(dir), DEFAULT_CLIENT_DIR, new InProcessJobQueue());
    }
    case "command-api":
    case "read-api":
      return serve(
        [command],
        await open(serverStoreConfig()),
        process.env.BAHI_SESSION_SECRET ?? fail("BAHI_SESSION_SECRET is required (32+ characters, the same for every API process)."),
        // The read side also serves the built client's pages behind a gateway.
        command === "read-api" ? DEFAULT_CLIENT_DIR : null,
      );
    case "projector": {
      if (sub === "rebuild" || sub === "retry" || sub === "parked") return projectorAdmin(sub, argv.slice(2));
      if (sub !== undefined) fail(`unknown projector command "${sub}"\n\n${USAGE}`);
      return serve(["projector"], await open(serverStoreConfig()), undefined, null);
    }
    case "worker": {
      if (!process.env.REDIS_URL) fail("REDIS_URL is required for the worker role (without Redis, jobs run inside command-api).");
      return serve(["worker"], await open(serverStoreConfig()), undefined, null);
    }
    case "ledger": {
      if (sub === "verify") return ledgerVerify(argv.slice(2));
      if (sub === "verify-export") return ledgerVerifyExport(argv.slice(2));
      fail(`unknown ledger command "${sub ?? ""}"\n\n${USAGE}`);
      return;
    }
    case "help":
    case "--help":
    case undefined:
      console.log(USAGE);
      return;
    default:
      fail(`unknown command "${command}"\n\n${USAGE}`);
  }
}

/** Administration of the read models, on the embedded store (its lock keeps `bahi start` out) or on DATABASE_URL. */
async function projectorAdmin(command: "rebuild" | "retry" | "parked", args: string[]): Promise<void> {
  let projection: string | undefined;
  let shared: boolean | undefined;
  try {
    ({
      values: { projection, shared },
    } = parseArgs({ args, options: { projection: { type: "string" }, shared: { type: "boolean" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const names = projections().map((p) => p.collection);
  // Before opening the store: failing exits at once, which would skip closing it.
  if (projection !== undefined && !names.includes(projection)) fail(`no projection named "${projection}" (known: ${names.join(", ")})`);
  const config = adminStoreConfig();
  const stores = await open(config);
  try {
    const projector = new Projector({
      eventLog: stores.eventLog,
      readStore: stores.readStore,
      projections: projections(),
      batchSize: projectorBatchSize(),
      partitions: projectorPartitions() ?? (stores.oneProcess ? 1 : undefined),
      rebuildLanes: stores.oneProcess ? 1 : 2,
      log,
    });
    switch (command) {
      case "rebuild": {
        const started = Date.now();
        // --shared: the running projector shards fill the new generations beside their live work.
        const { generations, events } = await projector.rebuild({ projection, shared: shared === true });
        const into = Object.entries(generations)
          .map(([name, generation]) => `${name} → ${generation}`)
          .join(", ");
        log(`rebuilt read models from ${events} events in ${Date.now() - started} ms (generations: ${into})`);
        return;
      }
      case "retry": {
        const { applied, stillParked } = await projector.retryParked({ projection });
        for (const p of applied) log(`applied ${p.projection} ${p.position} ${p.event.type}${p.documentId ? ` (document ${p.documentId})` : ""}`);
        for (const p of stillParked)
          log(`still parked ${p.projection} ${p.position} ${p.event.type}${p.documentId ? ` (document ${p.documentId})` : ""}: ${p.error} (attempts ${p.attempts})`);
        log(`${applied.length} applied, ${stillParked.length} still parked`);
        if (stillParked.length > 0) process.exitCode = 2;
        return;
      }
      case "parked": {
        const parked = await stores.readStore.parked({ projection });
        for (const p of parked) {
          console.log(`${p.projection}\t${p.position}\t${p.event.type}\t${p.event.id}\t${p.documentId ?? "-"}\tattempts ${p.attempts}\tparked ${p.parkedAt}\t${p.error}`);
        }
        log(`${parked.length} parked event(s)`);
        return;
      }
    }
  } finally {
    await stores.close();
  }
}

/**
 * Issue 11: `bahi ledger verify`: every business's chain (or one's), on DATABASE_URL or the
 * embedded store, one line each; exit 1 when any names a problem (Companies (Accounts) Rules
 * 2014, Rule 3(1): the audit trail must show it was not altered).
 */
async function ledgerVerify(args: string[]): Promise<void> {
  let business: string | undefined;
  try {
    ({
      values: { business },
    } = parseArgs({ args, options: { business: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const config = adminStoreConfig();
  const stores = await open(config);
  try {
    // Where the chain is built beside the log (EventStoreDB), up to the log's head first.
    await stores.chainAudit?.();
    const businesses = business !== undefined ? [business] : await stores.auditLog.chainKeys();
    let problems = 0;
    for (const id of businesses) {
      const result = await stores.auditLog.verifyBusiness(id);
      const name = id === "" ? "(no business)" : id;
      if (result.ok) {
        console.log(`ok\t${name}\t${result.checked} events\thead ${result.head ? `${result.head.seq} ${result.head.hash}` : "none"}`);
      } else {
        problems++;
        const problem = result.firstProblem!;
        console.log(
          `PROBLEM\t${name}\t${problem.kind} at seq ${problem.seq}${problem.position ? ` (position ${problem.position})` : ""}\t${result.checked} events checked before it`,
        );
      }
    }
    log(`${businesses.length} business(es) verified, ${problems} with a problem`);
    if (problems > 0) process.exitCode = 1;
  } finally {
    await stores.close();
  }
}

/** Issue 11: `bahi ledger verify-export FILE`: a JSON Lines export checked with no database at all. */
async function ledgerVerifyExport(args: string[]): Promise<void> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) fail(`ledger verify-export takes one FILE\n\n${USAGE}`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    fail(`cannot read ${file}: ${(error as Error).message}`);
  }
  const result = verifyJsonLinesExport(text);
  if (result.ok) {
    const m = result.manifest!;
    console.log(`ok: ${result.checked} events, seq ${m.firstSeq ?? "-"} to ${m.lastSeq ?? "-"}, last hash ${m.lastHash ?? "-"} (business ${m.businessId})`);
    return;
  }
  console.log(`PROBLEM: ${result.problem!.message} (line ${result.problem!.line}; ${result.checked} events checked before it)`);
  process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  logger.fatal({ err: error }, "failed");
  process.exit(1);
});
