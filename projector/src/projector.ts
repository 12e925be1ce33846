import { upcast } from "@bahi/shared/events";
import {
  ProjectionConflictError,
  type DocumentKey,
  type EventLog,
  type ReadDocument,
  type ReadStore,
} from "@bahi/shared/server";
import type { AnyProjection } from "./projection.ts";

import { MAIN_PROJECTOR } from "@bahi/shared/read-models";

export { MAIN_PROJECTOR };

export interface ProjectorOptions {
  eventLog: EventLog;
  readStore: ReadStore;
  projections: readonly AnyProjection[];
  name?: string;
  batchSize?: number;
  /** How long to sleep when caught up if no append hint arrives. */
  idleMs?: number;
  log?: (message: string) => void;
}

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * Follows the log from its checkpoint and keeps the read models. Each batch's documents and
 * the checkpoint after it are committed together, and a document remembers the position it
 * last applied, so a batch redelivered after a crash changes nothing.
 */
export class Projector {
  private readonly name: string;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** An append hint that arrived while a batch was being projected: do not go to sleep on it. */
  private hinted = false;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: ProjectorOptions) {
    this.name = options.name ?? MAIN_PROJECTOR;
    this.batchSize = options.batchSize ?? 500;
    this.idleMs = options.idleMs ?? 1000;
  }

  /** Projects one batch into `generation` (default: the active one). Returns how many events it read. */
  async step(generation?: number): Promise<number> {
    const { eventLog, readStore, projections } = this.options;
    const target = generation ?? (await readStore.activeGeneration());
    const checkpoint = await readStore.checkpointAt(target, this.name);
    const page = await eventLog.readAll(checkpoint, this.batchSize);
    if (page.events.length === 0 || page.checkpoint === null) return 0;

    const routed = page.events.map((recorded) => {
      const event = upcast(recorded.type, recorded.data, recorded.metadata.schemaVersion);
      const targets = event
        ? projections.filter((p) => p.handles.includes(event.type)).flatMap((p) => p.documentIds(event).map((id) => ({ projection: p, id })))
        : [];
      return { recorded, event, targets };
    });

    const keys = new Map<string, DocumentKey>();
    for (const { targets } of routed) {
      for (const { projection, id } of targets) keys.set(keyOf(projection.collection, id), { collection: projection.collection, id });
    }
    const documents = new Map<string, ReadDocument>();
    for (const doc of await readStore.getDocuments(target, [...keys.values()])) documents.set(keyOf(doc.collection, doc.id), doc);

    const changed = new Set<string>();
    for (const { recorded, event, targets } of routed) {
      if (!event) continue;
      for (const { projection, id } of targets) {
        const key = keyOf(projection.collection, id);
        const current = documents.get(key);
        if (current && eventLog.comparePositions(current.position, recorded.position) >= 0) continue;
        const data = projection.evolve(current?.data ?? null, event);
        if (!current && data === null) continue;
        documents.set(key, {
          collection: projection.collection,
          id,
          ownerId: data === null ? (current?.ownerId ?? null) : projection.ownerOf(data),
          data,
          position: recorded.position,
        });
        changed.add(key);
      }
    }

    await readStore.commit({
      generation: target,
      projector: this.name,
      expectedCheckpoint: checkpoint,
      checkpoint: page.checkpoint,
      documents: [...changed].map((key) => documents.get(key)!),
    });
    return page.events.length;
  }

  /** Steps until the log has nothing more, e.g. before a test reads. */
  async catchUp(generation?: number): Promise<number> {
    let total = 0;
    for (;;) {
      const read = await this.stepResolvingConflicts(generation);
      if (read === 0) return total;
      total += read;
    }
  }

  private async stepResolvingConflicts(generation?: number): Promise<number> {
    for (;;) {
      try {
        return await this.step(generation);
      } catch (error) {
        if (!(error instanceof ProjectionConflictError)) throw error;
        if (generation !== undefined) throw error;
      }
    }
  }

  /** Replays the whole log into a fresh generation, then swaps it in for readers. */
  async rebuild(): Promise<{ generation: number; events: number }> {
    const { readStore } = this.options;
    const generation = await readStore.createGeneration();
    try {
      const events = await this.catchUp(generation);
      await readStore.activateGeneration(generation);
      return { generation, events };
    } catch (error) {
      await readStore.dropGeneration(generation).catch(() => {});
      throw error;
    }
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.unsubscribe = this.options.eventLog.onAppend(() => {
      this.hinted = true;
      this.wake?.();
    });
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.running;
    this.running = null;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      try {
        this.hinted = false;
        const read = await this.stepResolvingConflicts();
        if (read > 0) continue;
        await this.sleep(this.idleMs);
      } catch (error) {
        if (this.stopping) return;
        this.options.log?.(`projector ${this.name}: ${(error as Error).message}; retrying in 1 s`);
        await this.sleep(1000);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.hinted && !this.stopping) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
