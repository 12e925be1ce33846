import type { JobCounts, JobHandler, JobOptions, JobOutcome, JobQueue } from "../ports/jobQueue.ts";

interface Job {
  queue: string;
  id: string;
  payload: unknown;
  attempts: number;
  backoffMs: number;
  attempt: number;
  /** Its handler is running now (else, while pending, it waits for its first try or a retry). */
  running: boolean;
  outcome: JobOutcome;
  finished: Promise<void>;
  finish: () => void;
}

/**
 * The embedded mode's queue: jobs run in this process, one queue's jobs one at a time,
 * with the same ids, retries and outcomes as the BullMQ adapter. Nothing survives a
 * restart; the requested events in the log are what re-dispatch work after one.
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = "in-process" as const;
  private readonly jobs = new Map<string, Job>();
  private readonly handlers = new Map<string, JobHandler>();
  private readonly waiting = new Map<string, Job[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Set<string>();
  private closed = false;

  async ping(): Promise<void> {}

  async enqueue(queue: string, jobId: string, payload: unknown, options: JobOptions = {}): Promise<boolean> {
    const key = `${queue}:${jobId}`;
    const existing = this.jobs.get(key);
    if (existing && existing.outcome.state !== "failed") return false;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const job: Job = {
      queue,
      id: jobId,
      payload,
      attempts: options.attempts ?? 3,
      backoffMs: options.backoffMs ?? 200,
      attempt: 0,
      running: false,
      outcome: { state: "pending" },
      finished,
      finish,
    };
    this.jobs.set(key, job);
    this.push(job);
    return true;
  }

  process(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
    for (const job of this.waiting.get(queue) ?? []) this.later(() => this.run(job), 0);
    this.waiting.delete(queue);
  }

  async outcome(queue: string, jobId: string, timeoutMs: number): Promise<JobOutcome> {
    const job = this.jobs.get(`${queue}:${jobId}`);
    if (!job) return { state: "pending" };
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([job.finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return job.outcome;
  }

  async schedule(queue: string, scheduleId: string, everyMs: number, payload: unknown): Promise<void> {
    // Schedules are re-registered periodically (for Redis, which can lose them): once is enough here.
    const key = `${queue}:${scheduleId}`;
    if (this.schedules.has(key)) return;
    this.schedules.add(key);
    const tick = () => {
      if (this.closed) return;
      void this.enqueue(queue, `${scheduleId}:${Date.now()}`, payload);
      this.later(tick, everyMs);
    };
    this.later(tick, 0);
  }

  async counts(queue: string): Promise<JobCounts> {
    const counts: JobCounts = { waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 };
    for (const job of this.jobs.values()) {
      if (job.queue !== queue) continue;
      if (job.outcome.state !== "pending") counts[job.outcome.state] += 1;
      else if (job.running) counts.active += 1;
      else if (job.attempt > 0) counts.delayed += 1;
      else counts.waiting += 1;
    }
    return counts;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private push(job: Job): void {
    if (this.handlers.has(job.queue)) this.later(() => this.run(job), 0);
    else this.waiting.set(job.queue, [...(this.waiting.get(job.queue) ?? []), job]);
  }

  private later(work: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private async run(job: Job): Promise<void> {
    if (this.closed) return;
    const handler = this.handlers.get(job.queue)!;
    job.attempt += 1;
    job.running = true;
    try {
      job.outcome = { state: "completed", result: await handler(job.payload, { jobId: job.id, attempt: job.attempt, attempts: job.attempts }) };
      job.finish();
    } catch (error) {
      if (job.attempt < job.attempts) {
        this.later(() => this.run(job), job.backoffMs * 2 ** (job.attempt - 1));
        return;
      }
      job.outcome = { state: "failed", error: error instanceof Error ? error.message : String(error) };
      job.finish();
    } finally {
      job.running = false;
    }
  }
}
