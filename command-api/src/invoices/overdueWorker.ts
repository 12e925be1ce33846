import { indianDateOf, type Invoice } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import type { EventStore, JobQueue, ReadStore } from "@bahi/shared/server";
import { handle } from "../http/decider.ts";
import { invoiceDecider } from "./invoice.ts";

export const OVERDUE_QUEUE = "invoice-overdue";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily sweep: every pending invoice whose due date has passed (in India) becomes
 * overdue with an InvoiceBecameOverdue event. The read model only nominates candidates;
 * each invoice's own stream decides, so a payment that raced the sweep is never overwritten.
 */
export function registerOverdueWorker(deps: { eventStore: EventStore; readStore: ReadStore; jobs: JobQueue; clock: () => Date }): void {
  deps.jobs.process(OVERDUE_QUEUE, async (_payload, job) => {
    const now = deps.clock();
    const today = indianDateOf(now);
    const candidates = (await deps.readStore.find<Invoice>(collections.invoices, { status: "pending" })).filter((i) => i.dueDate && indianDateOf(i.dueDate) < today);
    let marked = 0;
    for (const invoice of candidates) {
      const result = await handle(deps.eventStore, streams.invoice(invoice.id), invoiceDecider, { kind: "markOverdue", today, at: now.toISOString() }, {
        userId: invoice.userId,
        actor: "system:overdue-sweep",
        correlationId: job.jobId,
        causationId: job.jobId,
        now,
      }).catch(() => null); // a lost race (someone paid it just now) is fine: the next sweep looks again
      if (result && result.events.length > 0) marked += 1;
    }
    return { marked, today };
  });
}

/** Once a day across all processes, and once at start-up so a restart after a long stop catches up. */
export async function scheduleOverdueSweep(jobs: JobQueue, now: Date): Promise<void> {
  await jobs.schedule(OVERDUE_QUEUE, "daily-overdue-sweep", DAY_MS, {});
  await jobs.enqueue(OVERDUE_QUEUE, `startup-${indianDateOf(now)}-${now.getTime()}`, {});
}
