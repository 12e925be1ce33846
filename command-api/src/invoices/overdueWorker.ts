import { indianDateOf, type Invoice } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { WrongExpectedRevisionError, type EventStore, type JobQueue, type ReadStore } from "@bahi/shared/server";
import { handle } from "../handling/decider.ts";
import { invoiceDecider } from "./invoice.ts";

export const OVERDUE_QUEUE = "invoice-overdue";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily sweep: every pending or partly paid invoice whose due date has passed (in India) becomes
 * overdue with an InvoiceBecameOverdue event. The read model only nominates candidates;
 * each invoice's own stream decides, so a payment that raced the sweep is never overwritten.
 */
export function registerOverdueWorker(deps: { eventStore: EventStore; readStore: ReadStore; jobs: JobQueue; clock: () => Date; log?: (message: string) => void }): void {
  deps.jobs.process(OVERDUE_QUEUE, async (_payload, job) => {
    const now = deps.clock();
    const today = indianDateOf(now);
    // Issue 10: a partly paid invoice past its due date is overdue too.
    const pending = [
      ...(await deps.readStore.find<Invoice>(collections.invoices, { status: "pending" })),
      ...(await deps.readStore.find<Invoice>(collections.invoices, { status: "partially_paid" })),
    ];
    let marked = 0;
    let skipped = 0;
    // One bad record (a due date that is not a date, a stream that cannot be read) is logged
    // and skipped: it must not stop the sweep for every other business.
    for (const invoice of pending) {
      try {
        if (!invoice.dueDate || !(indianDateOf(invoice.dueDate) < today)) continue;
      } catch (error) {
        skipped += 1;
        deps.log?.(`overdue sweep: skipped invoice ${invoice.id} (due date ${JSON.stringify(invoice.dueDate)}): ${(error as Error).message}`);
        continue;
      }
      try {
        const result = await handle(
          deps.eventStore,
          streams.invoice(invoice.id),
          invoiceDecider,
          { kind: "markOverdue", today, at: now.toISOString() },
          {
            userId: invoice.userId,
            actor: "system:overdue-sweep",
            correlationId: job.jobId,
            causationId: job.jobId,
            now,
          },
        );
        if (result.events.length > 0) marked += 1;
      } catch (error) {
        // A lost race (someone paid it just now) is expected; either way the next sweep looks again.
        if (!(error instanceof WrongExpectedRevisionError)) {
          skipped += 1;
          deps.log?.(`overdue sweep: skipped invoice ${invoice.id}: ${(error as Error).message}`);
        }
      }
    }
    return { marked, skipped, today };
  });
}

/** Once a day across all processes, and once at start-up so a restart after a long stop catches up. */
export async function scheduleOverdueSweep(jobs: JobQueue, now: Date): Promise<void> {
  await registerOverdueSchedule(jobs);
  await jobs.enqueue(OVERDUE_QUEUE, `startup-${indianDateOf(now)}-${now.getTime()}`, {});
}

/**
 * The daily schedule alone, idempotent: re-registered periodically because BullMQ keeps it in
 * Redis, and a Redis restarted without its data has forgotten it.
 */
export async function registerOverdueSchedule(jobs: JobQueue): Promise<void> {
  await jobs.schedule(OVERDUE_QUEUE, "daily-overdue-sweep", DAY_MS, {});
}
