import { Job, Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { QueueUnavailableError, type JobHandler, type JobOptions, type JobOutcome, type JobQueue } from "../ports/jobQueue.ts";

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
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.connection.on("error", () => {});
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
      queue.on("error", () => {});
      this.queues.set(name, queue);
    }
    return queue;
  }

  async ping(): Promise<void> {
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
    const worker = new Worker(queue, async (job) => handler(job.data, { jobId: job.id ?? "", attempt: job.attemptsMade + 1 }), {
      connection: new Redis(this.redisUrl, { maxRetriesPerRequest: null }),
      prefix: this.prefix,
      concurrency: options.concurrency ?? 2,
      lockDuration: this.lockDurationMs,
      stalledInterval: this.lockDurationMs,
    });
    worker.on("error", () => {});
    this.workers.push(worker);
  }

  async outcome(queue: string, jobId: string, timeoutMs: number): Promise<JobOutcome> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await Job.fromId(this.queue(queue), jobId);
      const state = job ? await job.getState() : "unknown";
      if (job && state === "completed") return { state: "completed", result: job.returnvalue };
      if (job && state === "failed") return { state: "failed", error: job.failedReason };
      if (Date.now() >= deadline) return { state: "pending" };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async schedule(queue: string, scheduleId: string, everyMs: number, payload: unknown): Promise<void> {
    await this.queue(queue).upsertJobScheduler(scheduleId, { every: everyMs }, { name: queue, data: payload });
  }

  async close(): Promise<void> {
    // Closing waits for a connection that may never come back: bound it, then cut the socket.
    const within = (work: Promise<unknown>) => Promise.race([work.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000))]);
    await Promise.all(this.workers.map((worker) => within(worker.close())));
    await Promise.all([...this.queues.values()].map((queue) => within(queue.close())));
    if (this.connection.status === "ready") await within(this.connection.quit());
    this.connection.disconnect();
  }
}
