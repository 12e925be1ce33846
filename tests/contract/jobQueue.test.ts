import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { BullmqJobQueue, InProcessJobQueue, QueueUnavailableError, type JobQueue } from "@bahi/shared/server";
import { dropPrefix, REDIS_URL, redisUnavailableReason } from "../support/redis.ts";

const redisSkipReason = await redisUnavailableReason();

/** The promises every JobQueue adapter keeps. */
function jobQueueContract(name: string, open: () => { queue: JobQueue; cleanup(): Promise<void> }) {
  describe(`JobQueue contract: ${name}`, () => {
    let opened: ReturnType<typeof open> | null = null;
    const fresh = () => (opened = open()).queue;
    afterEach(async () => {
      await opened?.queue.close();
      await opened?.cleanup();
      opened = null;
    });

    it("runs a job and reports its result", async () => {
      const queue = fresh();
      queue.process("sums", async (payload) => (payload as { a: number; b: number }).a + (payload as { a: number; b: number }).b);
      expect(await queue.enqueue("sums", "job-1", { a: 2, b: 3 })).toBe(true);
      expect(await queue.outcome("sums", "job-1", 5000)).toEqual({ state: "completed", result: 5 });
    });

    it("never runs the same job id twice", async () => {
      const queue = fresh();
      let runs = 0;
      queue.process("once", async () => ++runs);
      await queue.enqueue("once", "same", {});
      await queue.outcome("once", "same", 5000);
      expect(await queue.enqueue("once", "same", {})).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toBe(1);
    });

    it("retries a failing job with backoff, then succeeds", async () => {
      const queue = fresh();
      const attempts: number[] = [];
      queue.process("flaky", async (_payload, { attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error("not yet");
        return "done";
      });
      await queue.enqueue("flaky", "f-1", {}, { attempts: 3, backoffMs: 20 });
      expect(await queue.outcome("flaky", "f-1", 8000)).toEqual({ state: "completed", result: "done" });
      expect(attempts).toEqual([1, 2, 3]);
    });

    it("reports a job that failed every attempt", async () => {
      const queue = fresh();
      queue.process("doomed", async () => {
        throw new Error("GSP said no");
      });
      await queue.enqueue("doomed", "d-1", {}, { attempts: 2, backoffMs: 20 });
      expect(await queue.outcome("doomed", "d-1", 8000)).toEqual({ state: "failed", error: "GSP said no" });
    });

    it("answers pending for a job that is not finished in time", async () => {
      const queue = fresh();
      expect(await queue.outcome("nothing", "unknown", 100)).toEqual({ state: "pending" });
    });

    it("runs scheduled jobs repeatedly", async () => {
      const queue = fresh();
      let runs = 0;
      queue.process("ticks", async () => ++runs);
      await queue.schedule("ticks", "every-200ms", 200, {});
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs).toBeGreaterThanOrEqual(2);
    });

    it("registering a schedule again (the periodic sweep does) keeps one schedule", async () => {
      const queue = fresh();
      let runs = 0;
      queue.process("reticks", async () => ++runs);
      for (let i = 0; i < 3; i++) {
        await queue.schedule("reticks", "every-250ms", 250, {});
        await new Promise((resolve) => setTimeout(resolve, 70));
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // One schedule runs about six times here; three would run about eighteen.
      expect(runs).toBeGreaterThanOrEqual(2);
      expect(runs).toBeLessThanOrEqual(9);
    });
  });
}

jobQueueContract("in-process", () => ({ queue: new InProcessJobQueue(), cleanup: async () => {} }));

describe.skipIf(redisSkipReason !== null)(`BullMQ on Redis${redisSkipReason ? ` (skipped: ${redisSkipReason})` : ""}`, () => {
  jobQueueContract("BullMQ", () => {
    const prefix = `bahi-test-${randomBytes(4).toString("hex")}`;
    return { queue: new BullmqJobQueue(REDIS_URL, prefix), cleanup: () => dropPrefix(prefix) };
  });

  it("says plainly when Redis cannot be reached", async () => {
    const queue = new BullmqJobQueue("redis://127.0.0.1:1", "unreachable");
    try {
      await expect(queue.ping()).rejects.toBeInstanceOf(QueueUnavailableError);
      await expect(queue.enqueue("q", "j", {})).rejects.toThrow(/job queue \(Redis\) is unavailable/);
    } finally {
      await queue.close();
    }
  });

  it("waits for a job no longer than asked when Redis cannot be reached", async () => {
    const queue = new BullmqJobQueue("redis://127.0.0.1:1", "unreachable");
    try {
      const started = Date.now();
      await expect(queue.outcome("q", "j", 500)).rejects.toBeInstanceOf(QueueUnavailableError);
      // Without a bound per Redis call the wait would last until Redis came back.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await queue.close();
    }
  });
});
