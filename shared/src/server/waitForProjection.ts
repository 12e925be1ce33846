import { compareWirePositions } from "../contract/http.ts";
import { Coalesced } from "./coalesced.ts";
import { lowestOf, partitionOf } from "./partition.ts";
import type { ProjectionState, ReadStore } from "./ports/readStore.ts";

/** Notifications can be lost (a dropped LISTEN connection): waiters still look now and then. */
export const SAFETY_RECHECK_MS = 500;

interface Waiter {
  position: string;
  businessId: string | null;
  resolve(passed: boolean): void;
}

/**
 * How far the read models have come for one business (null: for every business): a
 * partition split by business counts only the partition the business lives in, so a read
 * waits on the projector shard that owns its business and on no other (issue 12).
 */
export function reachedFor(states: readonly ProjectionState[], businessId: string | null): string | null {
  return lowestOf(
    states.flatMap((state) =>
      businessId !== null && state.scope === "business" && state.parts > 1 ? [state.partCheckpoints[partitionOf(businessId, state.parts)] ?? null] : state.partCheckpoints,
    ),
  );
}

/**
 * One per ReadStore: every waiting request shares one checkpoint query per projector commit,
 * woken by the store's commit notification, so a thousand waiting reads cost what one does.
 */
class ProjectionWatcher {
  private readonly waiters = new Set<Waiter>();
  private unsubscribe: (() => void) | null = null;
  private safetyTimer: NodeJS.Timeout | null = null;
  /** Coalesced: a notification during a check runs exactly one more check after it, while anyone still waits. */
  private readonly checks = new Coalesced(
    () => this.checkOnce(),
    () => this.waiters.size > 0,
  );

  constructor(
    private readonly readStore: ReadStore,
    private readonly recheckMs: number,
  ) {}

  /** The lowest checkpoint over every projection's active generation (null: some projection has none yet). */
  async lowest(businessId: string | null = null): Promise<string | null> {
    return reachedFor(await this.readStore.partitionCheckpoints(), businessId);
  }

  wait(position: string, businessId: string | null, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const waiter: Waiter = { position, businessId, resolve: (passed) => finish(passed) };
      const finish = (passed: boolean) => {
        if (!this.waiters.delete(waiter)) return;
        clearTimeout(timer);
        if (this.waiters.size === 0) this.idle();
        resolve(passed);
      };
      this.waiters.add(waiter);
      this.busy();
      // A commit may have landed between the caller's first look and the subscription.
      this.check();
    });
  }

  private busy(): void {
    if (!this.unsubscribe) this.unsubscribe = this.readStore.onCommit(() => this.check());
    if (!this.safetyTimer) {
      this.safetyTimer = setInterval(() => this.check(), this.recheckMs);
      this.safetyTimer.unref();
    }
  }

  private idle(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.safetyTimer) clearInterval(this.safetyTimer);
    this.safetyTimer = null;
  }

  private check(): void {
    this.checks.run();
  }

  /** Resolves the waiters the read models have passed. A store that is unreachable for now rejects: the next notification or the safety re-check tries again. */
  private async checkOnce(): Promise<void> {
    const states = await this.readStore.partitionCheckpoints();
    for (const waiter of [...this.waiters]) {
      const reached = reachedFor(states, waiter.businessId);
      if (reached !== null && compareWirePositions(reached, waiter.position) >= 0) waiter.resolve(true);
    }
  }
}

const watchers = new WeakMap<ReadStore, ProjectionWatcher>();

function watcherOf(readStore: ReadStore, recheckMs: number): ProjectionWatcher {
  let watcher = watchers.get(readStore);
  if (!watcher) {
    watcher = new ProjectionWatcher(readStore, recheckMs);
    watchers.set(readStore, watcher);
  }
  return watcher;
}

/**
 * Waits until every projection's active checkpoint has passed `position` (null: nothing to
 * wait for); with `businessId`, only the partitions that business's documents live in.
 * Woken by the read store's commit notifications, with a slow safety re-check.
 * Resolves true when it has, false when `timeoutMs` ran out first.
 */
export async function waitForProjection(
  readStore: ReadStore,
  position: string | null,
  timeoutMs: number,
  options: { recheckMs?: number; businessId?: string | null } = {},
): Promise<boolean> {
  if (position === null) return true;
  const businessId = options.businessId ?? null;
  const watcher = watcherOf(readStore, Math.max(options.recheckMs ?? SAFETY_RECHECK_MS, 250));
  const lowest = await watcher.lowest(businessId);
  if (lowest !== null && compareWirePositions(lowest, position) >= 0) return true;
  if (timeoutMs <= 0) return false;
  return watcher.wait(position, businessId, timeoutMs);
}

/** The lowest checkpoint over every projection (for health): null when some projection has none yet. */
export function lowestCheckpoint(readStore: ReadStore): Promise<string | null> {
  return watcherOf(readStore, SAFETY_RECHECK_MS).lowest();
}
