import { Job, Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { QueueUnavailableError, type JobCounts, type JobHandler, type JobOptions, type JobOutcome, type JobQueue } from "../ports/jobQueue.ts";

/**
 * BullMQ over Redis: any number of `bahi worker` processes share the queues. Finished jobs
 * are kept a day, so a retried request within that time finds its job instead of adding one.
 */
export class BullmqJobQueue implements JobQueue {
  readonly kind = "bullmq" as const;
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix = "bahi",
    /** How long a job's lock lasts without renewal: after a worker dies, its job runs again this much later. */
    private readonly lockDurationMs = 30_000,
  ) {
    // maxRetriesPerRequest: null is what BullMQ's blocking commands need; the calls from a
    // request are bounded by `bounded` instead, so a user never waits on a dead Redis.
    this.connection = redisConnection(redisUrl);
  }

  private async bounded<T>(work: Promise<T>, what: string, ms = 3000): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer from Redis within ${ms} ms`)), ms)))]);
    } catch (error) {
      throw new QueueUnavailableError(`The job queue (Redis) is unavailable: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      // Redis errors surface in the calls that meet them (bounded, as QueueUnavailableError);
      // the event copy of them must not go unhandled, which would end the process.
      queue.on("error", () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** While ioredis reconnects, a command would only wait in its offline queue: say so at once. */
  private assertConnected(): void {
    if (this.connection.status === "reconnecting" || this.connection.status === "end") {
      throw new QueueUnavailableError(`The job queue (Redis) is unavailable: the connection is ${this.connection.status}`);
    }
  }

  async ping(): Promise<void> {
    this.assertConnected();
    await this.bounded(this.connection.ping(), "ping");
  }

  async enqueue(queue: string, jobId: string, payload: unknown, options: JobOptions = {}): Promise<boolean> {
    return this.bounded(this.add(queue, jobId, payload, options), `queueing ${queue} job ${jobId}`);
  }

  private async add(queue: string, jobId: string, payload: unknown, options: JobOptions): Promise<boolean> {
    {
      const q = this.queue(queue);
      const existing = await Job.fromId(q, jobId);
      if (existing && (await existing.getState()) !== "failed") return false;
      if (existing) await existing.remove();
      await q.add(queue, payload, {
        jobId,
        attempts: options.attempts ?? 3,
        backoff: { type: "exponential", delay: options.backoffMs ?? 200 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 24 * 3600 },
      });
      return true;
    }
  }

  process(queue: string, handler: JobHandler, options: { concurrency?: number } = {}): void {
    const worker = new Worker(queue, async (job) => handler(job.data, { jobId: job.id ?? "", attempt: job.attemptsMade + 1, attempts: job.opts.attempts ?? 1 }), {
      connection: redisConnection(this.redisUrl),
      prefix: this.prefix,
      concurrency: options.concurrency ?? 2,
      lockDuration: this.lockDurationMs,
      stalledInterval: this.lockDurationMs,
    });
    // A worker whose Redis goes away logs nothing useful per retry; it keeps reconnecting
    // (ioredis retries forever) and resumes fetching jobs once Redis is back.
    worker.on("error", () => undefined);
    this.workers.push(worker);
  }

  async outcome(queue: string, jobId: string, timeoutMs: number): Promise<JobOutcome> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Each look is bounded by what is left of the wait, so a hanging Redis cannot stretch it.
      const left = () => Math.max(deadline - Date.now(), 100);
      this.assertConnected();
      const job = await this.bounded(Job.fromId(this.queue(queue), jobId), `looking up ${queue} job ${jobId}`, left());
      const state = job ? await this.bounded(job.getState(), `reading the state of ${queue} job ${jobId}`, left()) : "unknown";
      if (job && (state === "completed" || state === "failed")) {
        // The job was read before it finished: read it again for its result or reason.
        const done = (await this.bounded(Job.fromId(this.queue(queue), jobId), `reading ${queue} job ${jobId}`, left())) ?? job;
        return state === "completed" ? { state: "completed", result: done.returnvalue } : { state: "failed", error: done.failedReason };
      }
      if (Date.now() >= deadline) return { state: "pending" };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async schedule(queue: string, scheduleId: string, everyMs: number, payload: unknown): Promise<void> {
    await this.bounded(this.queue(queue).upsertJobScheduler(scheduleId, { every: everyMs }, { name: queue, data: payload }), `scheduling ${scheduleId}`);
  }

  async counts(queue: string): Promise<JobCounts> {
    this.assertConnected();
    // Asking for "waiting" adds "paused"; prioritized jobs wait too, only in their own set.
    const counts = await this.bounded(this.queue(queue).getJobCounts("waiting", "prioritized", "active", "delayed", "completed", "failed"), `counting ${queue} jobs`);
    const count = (state: string) => counts[state] ?? 0;
    return {
      waiting: count("waiting") + count("paused") + count("prioritized"),
      active: count("active"),
      delayed: count("delayed"),
      completed: count("completed"),
      failed: count("failed"),
    };
  }

  async close(): Promise<void> {
    // Closing waits for a connection that may never come back: bound it, then cut the socket. A
    // close that fails is as closed as one that times out: nothing is left to do with the error.
    const within = (work: Promise<unknown>) => Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000))]);
    await Promise.all(this.workers.map((worker) => within(worker.close())));
    await Promise.all([...this.queues.values()].map((queue) => within(queue.close())));
    if (this.connection.status === "ready") await within(this.connection.quit());
    this.connection.disconnect();
  }
}

/**
 * ioredis reconnects forever by default (retryStrategy: 50 ms more per try, at most 2 s), so
 * queues and workers come back by themselves once Redis does; errors meanwhile are expected.
 */
function redisConnection(url: string): Redis {
  const connection = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (times) => Math.min(times * 100, 2000) });
  // Without a listener an 'error' event (every failed reconnect) would end the process; the
  // calls that need Redis report its absence themselves.
  connection.on("error", () => undefined);
  return connection;
}
