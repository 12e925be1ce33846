import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { DomainError } from "../errors.ts";
import type { EventLog } from "../ports/eventLog.ts";
import type { EventStore } from "../ports/eventStore.ts";
import type { JobCounts, JobHandler, JobQueue } from "../ports/jobQueue.ts";
import type { ReadStore } from "../ports/readStore.ts";
import { routeTemplate } from "./httpLogging.ts";
import { projectorLag, type ProjectionLag } from "./projectorLag.ts";

let processRegistry: Registry | null = null;

/**
 * Node's own figures (CPU, memory, event loop, GC) are the process's, collected once however
 * many apps it builds (a test process builds dozens); each app's figures live in its own registry.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** An append takes a few milliseconds; a request a few tens. */
const APPEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_STATES = ["waiting", "active", "delayed", "completed", "failed"] as const satisfies readonly (keyof JobCounts)[];

/**
 * What one Bahi process exposes at GET /metrics: request latency by route template, append
 * latency by outcome, projector lag and parked events (asked of the stores at scrape time), job
 * queue depth and job outcomes. Scrape-time figures that cannot be read (the database or Redis
 * away) are left out of that scrape and logged, so the rest still reaches Prometheus.
 */
export class BahiMetrics {
  readonly registry = new Registry();
  private readonly http = new Histogram({
    name: "bahi_http_request_duration_seconds",
    help: "HTTP requests by method, route template (unmatched: no route) and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly appends = new Histogram({
    name: "bahi_event_append_duration_seconds",
    help: "EventStore.appendToStream by outcome (ok, conflict, too_large, unavailable, error).",
    labelNames: ["outcome"] as const,
    buckets: APPEND_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobs = new Counter({
    name: "bahi_jobs_total",
    help: "Job attempts run in this process by queue and outcome (completed; retrying: failed, tried again; failed: no tries left).",
    labelNames: ["queue", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly queues = new Set<string>();

  constructor(private readonly log: (message: string) => void = () => {}) {}

  /** Times every request from its first byte to its response's last, labelled once the route is known. */
  httpMetrics(): RequestHandler {
    return (req, res, next) => {
      const end = this.http.startTimer();
      res.once("finish", () => end({ method: req.method, route: routeTemplate(req), status: String(res.statusCode) }));
      next();
    };
  }

  /** The same store, its appends timed. Any other method (the port grows) passes straight through. */
  timeAppends<Store extends EventStore>(store: Store): Store {
    const appends = this.appends;
    const appendToStream: EventStore["appendToStream"] = async (...args) => {
      const end = appends.startTimer();
      try {
        const result = await store.appendToStream(...args);
        end({ outcome: "ok" });
        return result;
      } catch (error) {
        end({ outcome: appendOutcome(error) });
        throw error;
      }
    };
    return delegate(store, { appendToStream });
  }

  /**
   * The same queue, each handler's attempts counted by outcome, and the depth of every queue this
   * process uses (processes, queues or schedules on) reported at scrape time.
   */
  observeJobs<Queue extends JobQueue>(jobs: Queue): Queue {
    const counter = this.jobs;
    const queues = this.queues;
    const depth = new Gauge({
      name: "bahi_job_queue_depth",
      help: "Jobs by queue and state, as the queue reports them at scrape time (finished ones while they are kept).",
      labelNames: ["queue", "state"] as const,
      registers: [this.registry],
      collect: async () => {
        const counted = await Promise.all(
          [...queues].map((queue) =>
            jobs.counts(queue).then(
              (counts) => ({ queue, counts }),
              (error: unknown) => {
                this.log(`metrics: could not count the ${queue} queue's jobs: ${(error as Error).message}`);
                return null;
              },
            ),
          ),
        );
        depth.reset();
        for (const { queue, counts } of counted.filter((c) => c !== null)) for (const state of JOB_STATES) depth.set({ queue, state }, counts[state]);
      },
    });
    return delegate(jobs, {
      process(queue: string, handler: JobHandler, options?: { concurrency?: number }) {
        queues.add(queue);
        jobs.process(
          queue,
          async (payload, context) => {
            try {
              const result = await handler(payload, context);
              counter.inc({ queue, outcome: "completed" });
              return result;
            } catch (error) {
              counter.inc({ queue, outcome: context.attempt < context.attempts ? "retrying" : "failed" });
              throw error;
            }
          },
          options,
        );
      },
      enqueue(...args: Parameters<JobQueue["enqueue"]>) {
        queues.add(args[0]);
        return jobs.enqueue(...args);
      },
      schedule(...args: Parameters<JobQueue["schedule"]>) {
        queues.add(args[0]);
        return jobs.schedule(...args);
      },
    });
  }

  /** Each projection's lag behind the log (events and seconds) and its parked events, read at scrape time. */
  watchProjections(readStore: Pick<ReadStore, "partitionCheckpoints" | "parkedSummary">, eventLog: Pick<EventLog, "head" | "readAll" | "comparePositions">): void {
    // A scrape asks every metric at once: both lag gauges share the one reading of that scrape.
    let reading: Promise<ProjectionLag[] | null> | null = null;
    const lags = () =>
      (reading ??= projectorLag(readStore, eventLog)
        .catch((error: unknown) => {
          this.log(`metrics: could not read the projector lag: ${(error as Error).message}`);
          return null;
        })
        .finally(() => (reading = null)));
    for (const [name, help, value] of [
      ["bahi_projector_lag_events", "Events appended that the projection has not applied yet.", (lag: ProjectionLag) => lag.events],
      ["bahi_projector_lag_seconds", "How long the oldest event the projection has not applied has waited (0 when caught up).", (lag: ProjectionLag) => lag.seconds],
    ] as const) {
      const gauge: Gauge<"projection" | "shard"> = new Gauge({
        name,
        help,
        labelNames: ["projection", "shard"] as const,
        registers: [this.registry],
        collect: async () => {
          const now = await lags();
          gauge.reset();
          for (const lag of now ?? []) gauge.set({ projection: lag.projection, shard: lag.shard }, value(lag));
        },
      });
    }
    const parked = new Gauge({
      name: "bahi_parked_events",
      help: "Events a projection could not apply, waiting for a fix and `bahi projector retry`.",
      labelNames: ["projection"] as const,
      registers: [this.registry],
      collect: async () => {
        try {
          const [states, summary] = await Promise.all([readStore.partitionCheckpoints(), readStore.parkedSummary()]);
          parked.reset();
          // Every projection shows, at 0 when nothing is parked, so an alert has a series to watch.
          for (const { projection } of states) parked.set({ projection }, 0);
          for (const p of summary) parked.set({ projection: p.projection }, p.count);
        } catch (error) {
          parked.reset();
          this.log(`metrics: could not read the parked events: ${(error as Error).message}`);
        }
      },
    });
  }

  /** Prometheus' text format: this app's figures and the process's. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  /** GET /metrics; with a token, only for `Authorization: Bearer <token>`. */
  handler(token?: string): RequestHandler {
    const expected = token ? digest(token) : null;
    return async (req, res) => {
      if (expected) {
        const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
        if (!given || !timingSafeEqual(digest(given), expected)) {
          res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
          throw new DomainError("UNAUTHENTICATED", "The metrics need the bearer token this process was given (BAHI_METRICS_TOKEN).");
        }
      }
      const { contentType, body } = await this.exposition();
      res.setHeader("Cache-Control", "no-store");
      res.type(contentType).send(body);
    };
  }
}

/** Fixed-length digests, so the comparison takes the same time whatever was sent. */
const digest = (text: string) => createHash("sha256").update(text).digest();

function appendOutcome(error: unknown): string {
  switch ((error as { code?: unknown } | null)?.code) {
    case "WRONG_EXPECTED_REVISION":
      return "conflict";
    case "EVENT_TOO_LARGE":
      return "too_large";
    case "STORE_UNAVAILABLE":
      return "unavailable";
    default:
      return "error";
  }
}

/**
 * `target` with some methods replaced; everything else (properties, methods added to the port
 * later) is the target's own, methods bound to it so its private state stays reachable.
 */
function delegate<T extends object>(target: T, overrides: Record<string, unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === "string" && Object.hasOwn(overrides, property)) return overrides[property];
      const value: unknown = Reflect.get(object, property);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
