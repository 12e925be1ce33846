/**
 * The job port: background work that ends in new events (GST filing, reconciliation,
 * the daily overdue sweep). Job ids come from the business request, so a retried request
 * never queues the same work twice.
 */
export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  /** Tries in all: a failure at `attempt < attempts` is tried again. */
  attempts: number;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<unknown>;

export type JobOutcome =
  | { state: "completed"; result: unknown }
  | { state: "failed"; error: string }
  /** Not finished within the wait (queued, running, or retrying). */
  | { state: "pending" };

export interface JobOptions {
  /** Tries in all, with exponential backoff between them. Default 3. */
  attempts?: number;
  backoffMs?: number;
}

/** How many of a queue's jobs are in each state (finished ones while they are kept). */
export interface JobCounts {
  waiting: number;
  active: number;
  /** Waiting out a retry's backoff (or a delay). */
  delayed: number;
  completed: number;
  failed: number;
}

export interface JobQueue {
  readonly kind: "in-process" | "bullmq";
  /** Throws QueueUnavailableError when jobs cannot be queued right now. */
  ping(): Promise<void>;
  /** Queues a job unless one with this id is already known; returns whether it was added. */
  enqueue(queue: string, jobId: string, payload: unknown, options?: JobOptions): Promise<boolean>;
  /** Runs this queue's jobs in this process. */
  process(queue: string, handler: JobHandler, options?: { concurrency?: number }): void;
  /** What became of a job, waiting up to `timeoutMs` for it to finish. */
  outcome(queue: string, jobId: string, timeoutMs: number): Promise<JobOutcome>;
  /** Queues a job every `everyMs`, once per schedule across every process. */
  schedule(queue: string, scheduleId: string, everyMs: number, payload: unknown): Promise<void>;
  /** The queue's jobs by state (metrics). Throws QueueUnavailableError like enqueue. */
  counts(queue: string): Promise<JobCounts>;
  close(): Promise<void>;
}

export class QueueUnavailableError extends Error {
  readonly code = "QUEUE_UNAVAILABLE";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "QueueUnavailableError";
  }
}
