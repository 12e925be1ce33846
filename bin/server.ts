import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import express, { type Express } from "express";
import expressStaticGzip from "express-static-gzip";
import {
  accessResolver,
  authLimitStores,
  authRateLimitsFromEnv,
  commandApiRouter,
  OWASP_SCRYPT,
  PasswordHasher,
  processSweepFromEnv,
  redispatchPendingFilings,
  registerFilingWorker,
  registerOverdueWorker,
  registerReconciliationWorker,
  resumeUnfinishedProcesses,
  SandboxGsp,
  StreamStates,
  useStreamStates,
  registerOverdueSchedule,
  scheduleOverdueSweep,
  type AuthLimitStores,
  type AuthRateLimits,
  type GspClient,
  type ScryptParams,
} from "@bahi/command-api";
import { allProjections, createAsOfReplayer, Projector, type AnyProjection } from "@bahi/projector";
import { apiDocsRouter, publicShareRouter, readApiRouter } from "@bahi/read-api";
import {
  apiNotFound,
  authenticateSessions,
  authorizeRoles,
  BahiMetrics,
  createLogger,
  errorHandler,
  InProcessJobQueue,
  lowestCheckpoint,
  keepRequestStreams,
  recordRouteTemplates,
  requestLogging,
  securityHeaders,
  sessionCodec,
  SHARE_PATH,
  startBackgroundTasks,
  summariseHealth,
  type BackgroundTask,
  type HealthCheck,
  type JobQueue,
  type Logger,
  type Stores,
} from "@bahi/shared/server";

export type Role = "command-api" | "read-api" | "projector" | "worker";

export interface BahiOptions {
  roles: readonly Role[];
  stores: Stores;
  sessionSecret?: string;
  secureCookies?: boolean;
  /** The built client to serve, or null for an API-only process. */
  clientDir?: string | null;
  authLimits?: AuthRateLimits;
  clock?: () => Date;
  readWaitTimeoutMs?: number;
  projectorBatchSize?: number;
  /** How many partitions a new read-model generation splits into (BAHI_PROJECTOR_PARTITIONS; default 8). */
  projectorPartitions?: number;
  /** Default: every read model (allProjections); tests swap in a faulty one. */
  projections?: readonly AnyProjection[];
  /** Default: an in-process queue, whose workers then run in this process. */
  jobs?: JobQueue;
  /**
   * How often a process running workers re-queues filings the queue has lost and re-registers
   * the job schedules (Redis restarted without its data). Default BAHI_JOB_SWEEP_MS or 30000.
   */
  jobSweepMs?: number;
  gsp?: GspClient;
  /**
   * Addresses, CIDRs or express names (loopback, linklocal, uniquelocal) of the reverse proxies
   * whose X-Forwarded-For is believed; from anyone else the header is ignored, so a client that
   * reaches the app directly cannot pick the address its rate limits count against.
   */
  trustedProxies?: readonly string[];
  /** scrypt cost for new password hashes. Default OWASP's; only tests/support/app.ts lowers it. */
  passwordCost?: ScryptParams;
  log?: (message: string) => void;
  /** Request logs (issue 12). Default: BAHI_LOG_LEVEL, else silent (an app built in a test). */
  logger?: Logger;
  /**
   * Issue 38: how many entries of folded state the command side keeps (StreamStates; default
   * BAHI_COMMAND_STATE_CACHE or DEFAULT_STATE_CACHE_SIZE).
   */
  commandStateCacheSize?: number;
  /** Default: a registry of this app's own; /metrics wants `Bearer <metricsToken>` when given (default BAHI_METRICS_TOKEN). */
  metrics?: BahiMetrics;
  metricsToken?: string;
}

export interface RunningBahi {
  app: Express;
  projector: Projector | null;
  /** Issue 38: the folded states this process decides on, and its counts of events read and folded. */
  streamStates: StreamStates;
  listen(port: number, host?: string): Promise<Server>;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_DIR = resolve(import.meta.dirname, "../client/dist");

/** The composition root: wires the roles this process plays to the stores it was given. */
export function createBahi(options: BahiOptions): RunningBahi {
  const { roles } = options;
  const metrics = options.metrics ?? new BahiMetrics(options.log);
  // Issue 12: every append this process makes is timed (bahi_event_append_duration_seconds).
  const stores: Stores = { ...options.stores, eventStore: metrics.timeAppends(options.stores.eventStore) };
  const serves = (role: Role) => roles.includes(role);
  // Issue 38: decisions in this process (commands, workers, the access check) fold only what came
  // after the states it keeps, and long streams start from a snapshot.
  const streamStates = new StreamStates({
    snapshots: stores.snapshots,
    maxSize: options.commandStateCacheSize ?? (Number(process.env.BAHI_COMMAND_STATE_CACHE) || undefined),
    log: options.log,
  });
  useStreamStates(stores.eventStore, streamStates);
  const app = express();
  app.disable("x-powered-by");
  // Issue 12: first of all, so every answer (a 404, a refusal) is logged and timed by its route template.
  app.use(recordRouteTemplates, requestLogging(options.logger ?? createLogger({ fallback: "silent" })), metrics.httpMetrics());
  if (options.trustedProxies?.length) app.set("trust proxy", [...options.trustedProxies]);
  app.use(securityHeaders({ secure: options.secureCookies ?? false }));

  const sessions =
    serves("command-api") || serves("read-api") ? sessionCodec(required(options.sessionSecret, "a session secret"), { secure: options.secureCookies ?? false }) : null;

  const projector = serves("projector")
    ? new Projector({
        eventLog: stores.eventLog,
        readStore: stores.readStore,
        projections: options.projections ?? allProjections,
        batchSize: options.projectorBatchSize,
        log: options.log,
        // Issue 12: shards of one database split the read models' partitions between them.
        leases: stores.partitionLeases(),
        partitions: options.projectorPartitions ?? (stores.oneProcess ? 1 : undefined),
        rebuildLanes: stores.oneProcess ? 1 : 2,
      })
    : null;

  const jobs = metrics.observeJobs(options.jobs ?? new InProcessJobQueue());
  const clock = options.clock ?? (() => new Date());
  // Workers run where the role says so, and wherever the queue lives only in this process.
  const runsWorkers = serves("worker") || (serves("command-api") && jobs.kind === "in-process");
  if (runsWorkers) {
    const { eventStore, readStore, blobStore } = stores;
    registerFilingWorker({ eventStore, readStore, blobStore, jobs, gsp: options.gsp ?? new SandboxGsp(), clock });
    registerOverdueWorker({ eventStore, readStore, jobs, clock, log: options.log });
    registerReconciliationWorker({ eventStore, readStore, blobStore, jobs, clock });
  }

  // What this process reports about itself, and what it repeats while it runs: each part
  // this process plays adds its own check and its own tasks.
  const healthChecks: HealthCheck[] = [];
  const backgroundTasks: BackgroundTask[] = [];
  if (serves("read-api") || serves("projector")) {
    healthChecks.push({
      name: "projections",
      async check() {
        // Parked events are a dead letter waiting for a fix and `bahi projector retry`: everything else still runs.
        const [parked, checkpoints] = await Promise.all([stores.readStore.parkedSummary(), stores.readStore.checkpoints()]);
        const detail: Record<string, unknown> = { checkpoints };
        if (parked.length > 0) detail.parked = Object.fromEntries(parked.map((p) => [p.projection, { count: p.count, firstPosition: p.firstPosition, firstError: p.firstError }]));
        return { status: parked.length > 0 ? "degraded" : "ok", detail };
      },
    });
  }

  // The database, and whether notifications reach us: every role needs both.
  healthChecks.push(...stores.health);
  if (jobs.kind === "bullmq" && (runsWorkers || serves("command-api"))) {
    healthChecks.push({
      name: "jobs",
      async check() {
        try {
          await jobs.ping();
          return { status: "ok" };
        } catch (error) {
          // A worker without Redis can do nothing; a command-api still takes every command but filing.
          return { status: runsWorkers ? "down" : "degraded", detail: { error: (error as Error).message } };
        }
      },
    });
  }
  if (runsWorkers) {
    const { eventStore, readStore } = stores;
    backgroundTasks.push({
      name: "job sweep",
      everyMs: options.jobSweepMs ?? (Number(process.env.BAHI_JOB_SWEEP_MS) || 30_000),
      async run() {
        // Redis restarted without its data forgets queued jobs and the daily schedule; the log
        // still has every filing request, so both are put back here.
        await registerOverdueSchedule(jobs);
        const queued = await redispatchPendingFilings({ eventStore, readStore, jobs, log: options.log });
        if (queued > 0) options.log?.(`job sweep: re-queued ${queued} filing(s) the queue did not know`);
      },
    });
    // Issue 14: where the audit chain is built beside the log (EventStoreDB), the workers build
    // it, every second: the read side's ledger only reads it (audit/chainBesideLog.ts).
    const { chainAudit } = stores;
    if (chainAudit) backgroundTasks.push({ name: "audit chain", everyMs: 1_000, runAtStart: true, run: chainAudit });
    // Multi-stream commands a crash left halfway (a number or SKU reserved, a quota slot taken
    // for a record that never came to be) are finished or compensated here, from their streams.
    const sweep = processSweepFromEnv(process.env);
    backgroundTasks.push({
      name: "process recovery",
      everyMs: sweep.everyMs,
      runAtStart: true,
      async run() {
        const report = await resumeUnfinishedProcesses({ eventStore, readStore, clock, olderThanMs: sweep.olderThanMs, log: options.log });
        if (report.failed > 0) options.log?.(`process recovery: ${report.failed} of ${report.examined} could not be resumed yet`);
      },
    });
  }

  // Issue 12: Prometheus' scrape, outside /api (no session); projections' lag and parked events where they are read.
  if (serves("read-api") || serves("projector")) metrics.watchProjections(stores.readStore, stores.eventLog);
  app.get("/metrics", metrics.handler(options.metricsToken ?? process.env.BAHI_METRICS_TOKEN));
  app.get("/api/health", async (_req, res) => {
    const position = serves("read-api") || serves("projector") ? await lowestCheckpoint(stores.readStore).catch(() => null) : undefined;
    const health = await summariseHealth(healthChecks);
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: health.status, roles, store: stores.describe, checks: health.checks, ...(position !== undefined ? { projector: { position } } : {}) });
  });
  app.get("/api/ready", async (_req, res) => {
    const health = await summariseHealth(healthChecks);
    res.setHeader("Cache-Control", "no-store");
    res.status(health.ready ? 200 : 503).json({ ready: health.ready, roles, checks: health.checks });
  });

  // Issue 12: the API's OpenAPI document and its docs page, on every API role, read without a session.
  if (sessions) app.use("/api", apiDocsRouter());
  if (sessions) {
    // Issue 13: a request reads each stream once, from the access check on (requestStreams.ts).
    app.use("/api", keepRequestStreams);
    // Every API route learns here whether the request's session is still live (not logged out),
    // and (issue 11) which business it works in and in what role, read from the team's stream.
    app.use("/api", authenticateSessions(sessions, stores.sessionStore, clock, accessResolver(stores.eventStore)));
    // Before any body is parsed: a write the member's role may not make is a 403, whatever it carries.
    app.use("/api", authorizeRoles);
  }
  // The per-IP login and registration counts (Redis when the limits name one): closed with the process.
  let authCounts: AuthLimitStores | null = null;
  if (sessions && serves("command-api")) {
    const authLimits = options.authLimits ?? authRateLimitsFromEnv(process.env);
    authCounts = authLimitStores(authLimits);
    backgroundTasks.push({
      name: "expired-session cleanup",
      everyMs: 60 * 60_000,
      runAtStart: true,
      run: () => stores.sessionStore.deleteExpired(clock()),
    });
    // Issue 12: Idempotency-Key answers are kept 24 h, then forgotten here.
    backgroundTasks.push({ name: "expired idempotency keys", everyMs: 60 * 60_000, run: () => stores.idempotency.deleteExpired(clock()) });
    app.use(
      "/api",
      commandApiRouter({
        eventStore: stores.eventStore,
        blobStore: stores.blobStore,
        readStore: stores.readStore,
        eventLog: stores.eventLog,
        sessions,
        sessionStore: stores.sessionStore,
        passwords: new PasswordHasher(options.passwordCost ?? OWASP_SCRYPT),
        clock: options.clock ?? (() => new Date()),
        newId: randomUUID,
        authLimits,
        authLimitStores: authCounts,
        jobs,
        idempotency: stores.idempotency,
      }),
    );
  }
  if (sessions && serves("read-api")) {
    app.use(
      "/api",
      readApiRouter({
        readStore: stores.readStore,
        blobStore: stores.blobStore,
        eventLog: stores.eventLog,
        eventStore: stores.eventStore,
        auditLog: stores.auditLog,
        sessions,
        waitTimeoutMs: options.readWaitTimeoutMs,
        clock,
        replayAsOf: createAsOfReplayer(stores.auditLog, { projections: options.projections }),
      }),
    );
  }
  app.use("/api", apiNotFound);
  if (serves("read-api")) {
    // Issue 10: an invoice's share link, opened by its customer without a session.
    app.use(SHARE_PATH, publicShareRouter({ readStore: stores.readStore, blobStore: stores.blobStore, eventLog: stores.eventLog, waitTimeoutMs: options.readWaitTimeoutMs }));
  }

  const clientDir = options.clientDir;
  if (clientDir) {
    if (!existsSync(resolve(clientDir, "index.html"))) {
      options.log?.(`The client is not built (${clientDir}); run "npm run build" to serve it.`);
    }
    // Issue 12: the build leaves brotli and gzip copies beside each asset (vite-plugin-compression2),
    // served to browsers that take them. Hashed assets never change under their name: a year,
    // immutable. Anything else (the icon, index.html) is revalidated, so a release shows at once.
    app.use(
      expressStaticGzip(clientDir, {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: {
          index: false,
          setHeaders(res, path) {
            const hashed = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/.test(path);
            res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
          },
        },
      }),
    );
    // The client routes on its own: every other page gets index.html.
    app.get(/^(?!\/api\/).*/, (_req, res) => {
      res.setHeader("Cache-Control", "no-cache");
      res.sendFile(resolve(clientDir, "index.html"), (error) => {
        if (error && !res.headersSent) res.status(404).type("text").send('The client is not built: run "npm run build".');
      });
    });
  }
  app.use(errorHandler);

  let server: Server | null = null;
  let stopBackgroundTasks: (() => Promise<void>) | null = null;
  return {
    app,
    projector,
    streamStates,
    listen(port, host) {
      projector?.start();
      stopBackgroundTasks = startBackgroundTasks(backgroundTasks, options.log ?? (() => {}));
      if (runsWorkers) {
        // Work that was asked for before a restart, and the daily sweep.
        void Promise.all([redispatchPendingFilings({ eventStore: stores.eventStore, readStore: stores.readStore, jobs }), scheduleOverdueSweep(jobs, clock())]).catch(
          (error: unknown) => options.log?.(`could not schedule background work: ${(error as Error).message}`),
        );
      }
      return new Promise((resolveListen, reject) => {
        const listening = app.listen(port, host ?? "0.0.0.0", (error?: Error) => (error ? reject(error) : resolveListen(listening)));
        // Longer than the clients' and proxies' idle timeouts, so a reused connection is never
        // closed under a request that is just being sent (ECONNRESET).
        listening.keepAliveTimeout = 65_000;
        listening.headersTimeout = 66_000;
        server = listening;
      });
    },
    async close() {
      await stopBackgroundTasks?.();
      await projector?.stop();
      await jobs.close();
      if (server) {
        const closing = server;
        await new Promise<void>((done) => closing.close(() => done()));
        closing.closeAllConnections?.();
      }
      await authCounts?.close();
      // Snapshots being written are let finish: the next start reads from them.
      await streamStates.flush();
    },
  };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Bahi needs ${what}`);
  return value;
}
