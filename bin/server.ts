import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import express, { type Express } from "express";
import {
  authRateLimitsFromEnv,
  commandApiRouter,
  redispatchPendingFilings,
  registerFilingWorker,
  registerOverdueWorker,
  registerReconciliationWorker,
  SandboxGsp,
  scheduleOverdueSweep,
  type AuthRateLimits,
  type GspClient,
} from "@bahi/command-api";
import { allProjections, MAIN_PROJECTOR, Projector } from "@bahi/projector";
import { readApiRouter } from "@bahi/read-api";
import {
  apiNotFound,
  errorHandler,
  InProcessJobQueue,
  sessionCodec,
  startBackgroundTasks,
  summariseHealth,
  type BackgroundTask,
  type HealthCheck,
  type JobQueue,
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
  /** Default: an in-process queue, whose workers then run in this process. */
  jobs?: JobQueue;
  gsp?: GspClient;
  trustProxy?: boolean;
  log?: (message: string) => void;
}

export interface RunningBahi {
  app: Express;
  projector: Projector | null;
  listen(port: number, host?: string): Promise<Server>;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_DIR = resolve(import.meta.dirname, "../client/dist");

/** The composition root: wires the roles this process plays to the stores it was given. */
export function createBahi(options: BahiOptions): RunningBahi {
  const { roles, stores } = options;
  const serves = (role: Role) => roles.includes(role);
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy) app.set("trust proxy", true);

  const sessions =
    serves("command-api") || serves("read-api")
      ? sessionCodec(required(options.sessionSecret, "a session secret"), { secure: options.secureCookies ?? false })
      : null;

  const projector = serves("projector")
    ? new Projector({
        eventLog: stores.eventLog,
        readStore: stores.readStore,
        projections: allProjections,
        batchSize: options.projectorBatchSize,
        log: options.log,
      })
    : null;

  const jobs = options.jobs ?? new InProcessJobQueue();
  const clock = options.clock ?? (() => new Date());
  // Workers run where the role says so, and wherever the queue lives only in this process.
  const runsWorkers = serves("worker") || (serves("command-api") && jobs.kind === "in-process");
  if (runsWorkers) {
    const { eventStore, readStore } = stores;
    registerFilingWorker({ eventStore, readStore, projector: MAIN_PROJECTOR, jobs, gsp: options.gsp ?? new SandboxGsp(), clock });
    registerOverdueWorker({ eventStore, readStore, jobs, clock });
    registerReconciliationWorker({ eventStore, readStore, projector: MAIN_PROJECTOR, jobs, clock });
  }

  // What this process reports about itself, and what it repeats while it runs: each part
  // this process plays adds its own check and its own tasks.
  const healthChecks: HealthCheck[] = [];
  const backgroundTasks: BackgroundTask[] = [];

  app.get("/api/health", async (_req, res) => {
    const position = serves("read-api") || serves("projector") ? await stores.readStore.checkpoint(MAIN_PROJECTOR).catch(() => null) : undefined;
    const health = await summariseHealth(healthChecks);
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: health.status, roles, store: stores.describe, checks: health.checks, ...(position !== undefined ? { projector: { position } } : {}) });
  });
  app.get("/api/ready", async (_req, res) => {
    const health = await summariseHealth(healthChecks);
    res.setHeader("Cache-Control", "no-store");
    res.status(health.ready ? 200 : 503).json({ ready: health.ready, roles, checks: health.checks });
  });

  if (sessions && serves("command-api")) {
    app.use(
      "/api",
      commandApiRouter({
        eventStore: stores.eventStore,
        sessions,
        clock: options.clock ?? (() => new Date()),
        newId: randomUUID,
        authLimits: options.authLimits ?? authRateLimitsFromEnv(process.env),
        jobs,
      }),
    );
  }
  if (sessions && serves("read-api")) {
    app.use("/api", readApiRouter({ readStore: stores.readStore, sessions, projector: MAIN_PROJECTOR, waitTimeoutMs: options.readWaitTimeoutMs }));
  }
  app.use("/api", apiNotFound);

  const clientDir = options.clientDir;
  if (clientDir) {
    if (!existsSync(resolve(clientDir, "index.html"))) {
      options.log?.(`The client is not built (${clientDir}); run "npm run build" to serve it.`);
    }
    app.use(express.static(clientDir, { index: false, maxAge: "1h" }));
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
    listen(port, host) {
      projector?.start();
      stopBackgroundTasks = startBackgroundTasks(backgroundTasks, options.log ?? (() => {}));
      if (runsWorkers) {
        // Work that was asked for before a restart, and the daily sweep.
        void Promise.all([redispatchPendingFilings({ eventStore: stores.eventStore, readStore: stores.readStore, jobs }), scheduleOverdueSweep(jobs, clock())]).catch((error: unknown) =>
          options.log?.(`could not schedule background work: ${(error as Error).message}`),
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
    },
  };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Bahi needs ${what}`);
  return value;
}
