import type { BahiEvent, EventType } from "@bahi/shared/events";
import {
  businessKeyOf,
  everyPartition,
  partitionOf,
  ProjectionConflictError,
  type DocumentKey,
  type EventLog,
  type LogFilter,
  type ParkedEventInput,
  type PartitionLeases,
  type Partitioning,
  type ProjectionBatch,
  type ProjectionState,
  type ReadDocument,
  type ReadStore,
  type RecordedEvent,
  yieldToEventLoop,
} from "@bahi/shared/server";
import { contextOf, evolveDocument, routeEvent, upcastRecorded } from "./fold.ts";
import { describeError, retryParkedOnce, type RetryOutcome } from "./retry.ts";
import type { AnyProjection, EventContext } from "./projection.ts";

export interface ProjectorOptions {
  eventLog: EventLog;
  readStore: ReadStore;
  projections: readonly AnyProjection[];
  batchSize?: number;
  /** Events per batch while filling a rebuild's generations (default 4 × batchSize): no reader waits on them. */
  buildBatchSize?: number;
  /** How long to sleep when caught up if no append hint arrives. */
  idleMs?: number;
  /** First pause after a failed step; it doubles up to maxBackoffMs while steps keep failing. */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: (message: string) => void;
  /**
   * Issue 12: how many partitions a new generation splits into (default 8). Shards share them
   * through `leases`; without leases this process works every partition.
   */
  partitions?: number;
  leases?: PartitionLeases;
  /** How often idle projectors delete retired generations' rows (default 10 s). */
  dropRetiredEveryMs?: number;
  /**
   * Issue 13: how many batches an in-process rebuild keeps in flight, each over its own share
   * of the projections (default 1). Independent projections' batches then overlap this
   * process's work with the database's; worth it where the database runs apart (PostgreSQL),
   * not where it shares this thread (PGlite).
   */
  rebuildLanes?: number;
}

/** The projections' names dealt into `count` lanes (round robin, in the order given). */
function lanesOf(projections: readonly AnyProjection[], count: number): Set<string>[] {
  const lanes = Array.from({ length: Math.max(1, Math.min(count, projections.length)) }, () => new Set<string>());
  projections.forEach((projection, i) => lanes[i % lanes.length]!.add(projection.collection));
  return lanes;
}

/** One partition of one projection's generation, as this process projects it. */
interface Target {
  projection: AnyProjection;
  generation: number;
  checkpoint: string | null;
  part: number;
  parts: number;
  scope: Partitioning["scope"];
}

/** The partitions of one projection's generation that this process works. */
interface Group {
  projection: AnyProjection;
  parts: number;
  scope: Partitioning["scope"];
  /** By part number; absent: another process works it. */
  targets: Map<number, Target>;
}

export const DEFAULT_PARTITIONS = 8;

export interface RebuildOutcome {
  /** The new generation of each rebuilt projection. */
  generations: Record<string, number>;
  events: number;
}

/**
 * A document of a read model split by business must belong to the business whose partition
 * wrote it; one that does not means the projection gathers several businesses' events and
 * must be split by document. Parked, loudly, rather than written by two shards at once.
 */
function assertInPartition(target: Target, next: ReadDocument | null): void {
  if (target.scope !== "business" || target.parts <= 1 || next?.ownerId == null) return;
  const owners = partitionOf(next.ownerId, target.parts);
  if (owners !== target.part) {
    throw new Error(
      `${target.projection.collection} document ${next.id} belongs to ${next.ownerId} (partition ${owners}), not to partition ${target.part}: split ${target.projection.collection} by document`,
    );
  }
}

/**
 * Issue 12: the part of the log these partitions need, so a shard does not read and route the
 * other shards' businesses: the businesses of the business-split partitions it holds, and
 * every event its document-split read models handle. undefined: the whole log (every
 * partition held, or generations split different ways).
 */
function logFilter(groups: Iterable<Group>): LogFilter | undefined {
  let parts: number | null = null;
  const held = new Set<number>();
  const types = new Set<string>();
  for (const group of groups) {
    if (group.scope === "document") {
      for (const type of group.projection.handles) if (!group.projection.byBusiness?.includes(type)) types.add(type);
      continue;
    }
    if (group.targets.size >= group.parts || (parts !== null && parts !== group.parts)) return undefined;
    parts = group.parts;
    for (const part of group.targets.keys()) held.add(part);
  }
  return { parts: parts ?? 1, held: [...held], types: [...types] };
}

/** How soon to look again while committed events are held back by an older running transaction. */
const PENDING_MS = 20;

/**
 * Follows the log and keeps every projection's read model. Each projection has its own
 * generation and checkpoint: one loop reads from the lowest checkpoint and applies each event
 * only to the projections still behind it, and the batch's documents, parked events and every
 * projection's new checkpoint are committed together. A document remembers the position it
 * last applied, so a batch redelivered after a crash changes nothing.
 *
 * An event a projection cannot apply (evolve, documentIds or upcast throws) is parked for that
 * projection with its error, and so is every later event of the same document, to keep the
 * document's order; everything else goes on. Nothing retries a parked event by itself:
 * `retryParked` does, once the projection is fixed.
 */
export class Projector {
  private readonly batchSize: number;
  private readonly buildBatchSize: number;
  private readonly idleMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly byName: ReadonlyMap<string, AnyProjection>;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** An append hint that arrived while a batch was being projected: do not go to sleep on it. */
  private hinted = false;
  private unsubscribe: (() => void) | null = null;
  /** The lowest checkpoint the last live step started from. */
  private lowestSeen: string | null = null;
  private readonly partitions: number;
  private readonly leases: PartitionLeases;
  private lastDrop = 0;
  /** Whether a rebuild's generations may be waiting to be filled, and when this process last looked (stepBuilding). */
  private mayBeBuilding = true;
  private lastBuildingLook = 0;
  /** Generations a rebuild() of this process fills itself: its live loop leaves them to it, so the rebuild's count is whole. */
  private readonly fillingHere = new Set<number>();
  /** The active generations' partitions this process works, while nothing says they changed (step). */
  private live: { held: string; targets: Target[]; loadedAt: number } | null = null;

  constructor(private readonly options: ProjectorOptions) {
    this.batchSize = options.batchSize ?? 500;
    this.buildBatchSize = options.buildBatchSize ?? 4 * this.batchSize;
    this.idleMs = options.idleMs ?? 1000;
    this.backoffMs = options.backoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.partitions = options.partitions ?? DEFAULT_PARTITIONS;
    this.leases = options.leases ?? everyPartition;
    const byName = new Map<string, AnyProjection>();
    for (const projection of options.projections) {
      // A projection is named by its collection: two with one name would share a checkpoint.
      if (byName.has(projection.collection)) throw new Error(`Two projections keep the collection ${projection.collection}`);
      byName.set(projection.collection, projection);
    }
    this.byName = byName;
  }

  /** The projections' names (their collections). */
  get projectionNames(): string[] {
    return [...this.byName.keys()];
  }

  /** How a new generation of the projection is split. */
  partitioningOf(name: string): Partitioning {
    return { parts: this.partitions, scope: this.byName.get(name)?.partitionBy ?? "business" };
  }

  /** The partitions of these generations whose units this process holds. */
  private targetsOf(states: readonly ProjectionState[], held: ReadonlySet<number> | null): Target[] {
    const targets: Target[] = [];
    for (const state of states) {
      const projection = this.byName.get(state.projection)!;
      for (let part = 0; part < state.parts; part++) {
        if (held && !held.has(part % this.partitions)) continue;
        targets.push({ projection, generation: state.generation, checkpoint: state.partCheckpoints[part] ?? null, part, parts: state.parts, scope: state.scope });
      }
    }
    return targets;
  }

  /**
   * Projects one batch into the active generations' partitions this process holds. Returns how many events it read.
   *
   * Issue 13: the generations and checkpoints are kept between steps (each commit moves its
   * targets' checkpoints) instead of read again before every batch. The store refuses a commit
   * whose generation is gone or whose checkpoint moved meanwhile (ProjectionConflictError), and
   * that, a rebuild hint, other partitions held, a failed step or one idle pause's time reads them afresh.
   */
  async step(): Promise<number> {
    const held = await this.leases.held(this.partitions);
    const heldKey = [...held].sort((a, b) => a - b).join(",");
    if (!this.live || this.live.held !== heldKey || Date.now() - this.live.loadedAt > this.idleMs) {
      const states = await this.options.readStore.activeProjections(this.projectionNames, (name) => this.partitioningOf(name));
      this.live = { held: heldKey, targets: this.targetsOf(states, held), loadedAt: Date.now() };
    }
    const { targets } = this.live;
    const read = await this.stepTargets(targets).catch((error: unknown) => {
      this.live = null;
      throw error;
    });
    this.lowestSeen = targets.reduce<string | null>(
      (lowest, t) => (this.options.eventLog.comparePositions(t.checkpoint, lowest) < 0 ? t.checkpoint : lowest),
      targets[0]?.checkpoint ?? null,
    );
    return read;
  }

  /** Steps until the log has nothing more, e.g. before a test reads. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const read = await this.stepResolvingConflicts();
      if (read === 0) return total;
      total += read;
    }
  }

  /**
   * Replays the whole log into fresh generations of every projection (or of one alone), then
   * swaps them in for readers. A fresh generation starts with no parked events of its own.
   *
   * Issue 12: with `shared`, running projector shards fill the new generations (each its
   * partitions, beside its live work) and this only waits for them to reach the log's head
   * before the swap; otherwise this process fills them itself. Either way a shard that joins
   * mid-rebuild just meets a conflict and reads again; only a newer rebuild of the same
   * projection (its generation retired) makes this one give up.
   */
  async rebuild(options: { projection?: string; shared?: boolean; pollMs?: number } = {}): Promise<RebuildOutcome> {
    const { readStore, eventLog } = this.options;
    const selected = this.select(options.projection);
    const generations: number[] = [];
    try {
      for (const projection of selected) {
        const generation = await readStore.createGeneration(projection.collection, this.partitioningOf(projection.collection));
        generations.push(generation);
        if (!options.shared) this.fillingHere.add(generation);
      }
      const building = async () => {
        const states = (await readStore.buildingProjections(selected.map((p) => p.collection))).filter((s) => generations.includes(s.generation));
        if (states.length < generations.length) throw new ProjectionConflictError("A newer rebuild superseded this one");
        return states;
      };
      let events = 0;
      if (options.shared) {
        const head = await eventLog.head();
        while ((await building()).some((state) => eventLog.comparePositions(state.checkpoint, head) < 0)) {
          await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
        }
      } else {
        const lanes = lanesOf(selected, this.options.rebuildLanes ?? 1);
        const read = await Promise.all(
          lanes.map(async (lane) => {
            const ours = async () => this.targetsOf(await building(), null).filter((target) => lane.has(target.projection.collection));
            let targets = await ours();
            let covered = 0;
            for (;;) {
              let read: number;
              try {
                read = await this.stepTargets(targets, this.buildBatchSize);
              } catch (error) {
                if (!(error instanceof ProjectionConflictError)) throw error;
                // A shard works these generations too: take up from where the partitions are now.
                targets = await ours();
                continue;
              }
              if (read === 0) return covered;
              covered += read;
            }
          }),
        );
        // Every lane reads the whole log: it holds as many events as the most any lane read.
        events = Math.max(0, ...read);
      }
      for (const generation of generations) await readStore.activateGeneration(generation);
      this.live = null;
      // The old generations' rows go now, in small transactions, while the new ones serve.
      await readStore.dropRetired();
      return { generations: Object.fromEntries(selected.map((p, i) => [p.collection, generations[i]!])), events };
    } catch (error) {
      for (const generation of generations) {
        await readStore.dropGeneration(generation).catch((dropError: unknown) =>
          // The rebuild's own error matters more; a generation left building is dropped by the next activation.
          this.options.log?.(`projector: could not drop generation ${generation} of a failed rebuild: ${describeError(dropError)}`),
        );
      }
      throw error;
    } finally {
      for (const generation of generations) this.fillingHere.delete(generation);
    }
  }

  /**
   * Projects one batch into the generations rebuilds are building (the partitions this process
   * holds). It looks for them only while some were building at the last look, after a rebuild
   * hint, or once per idle pause (a hint can be lost), not at every batch of live work.
   */
  private async stepBuilding(): Promise<number> {
    if (!this.mayBeBuilding && Date.now() - this.lastBuildingLook < this.idleMs) return 0;
    // Cleared before the look: a hint that arrives during it is kept for the next one.
    this.mayBeBuilding = false;
    this.lastBuildingLook = Date.now();
    const held = await this.leases.held(this.partitions);
    const states = (await this.options.readStore.buildingProjections(this.projectionNames)).filter((state) => !this.fillingHere.has(state.generation));
    if (states.length === 0) return 0;
    this.mayBeBuilding = true;
    return this.stepTargets(this.targetsOf(states, held), this.buildBatchSize);
  }

  /**
   * Re-applies parked events of the active generations (every projection, or one), in log
   * order per document, with the projections this projector was made with. Applied events
   * leave the parking lot in the same transaction that writes their documents; one that fails
   * again stays with its new error and one more attempt, and the document's later events wait
   * behind it.
   */
  async retryParked(options: { projection?: string } = {}): Promise<RetryOutcome> {
    const outcome: RetryOutcome = { applied: [], stillParked: [] };
    for (const projection of this.select(options.projection)) {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await retryParkedOnce(this.options.readStore, projection, (...args) => this.apply(...args));
          outcome.applied.push(...result.applied);
          outcome.stillParked.push(...result.stillParked);
          break;
        } catch (error) {
          // The live projector committed in between: read again. Bounded, so a busy log cannot hold the CLI forever.
          if (!(error instanceof ProjectionConflictError) || attempt >= 50) throw error;
        }
      }
    }
    return outcome;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    const hint = () => {
      this.hinted = true;
      this.wake?.();
    };
    // New events, or new generations to fill (a rebuild started here or in another process).
    const unsubscribes = [
      this.options.eventLog.onAppend(hint),
      this.options.readStore.onRebuild(() => {
        this.mayBeBuilding = true;
        this.live = null;
        hint();
      }),
    ];
    this.unsubscribe = () => unsubscribes.forEach((unsubscribe) => unsubscribe());
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.running;
    this.running = null;
    // Other shards take this one's partitions over on their next look.
    await this.leases.close();
  }

  private select(name: string | undefined): AnyProjection[] {
    if (name === undefined) return [...this.byName.values()];
    const projection = this.byName.get(name);
    if (!projection) throw new Error(`No projection named "${name}" (known: ${this.projectionNames.join(", ")})`);
    return [projection];
  }

  private async stepResolvingConflicts(): Promise<number> {
    for (;;) {
      try {
        return await this.step();
      } catch (error) {
        // Another projector (or a rebuild's activation) moved on: reload the generations and checkpoints.
        if (!(error instanceof ProjectionConflictError)) throw error;
      }
    }
  }

  /** Reads one page from the lowest checkpoint and commits what it means for every target. */
  private async stepTargets(targets: Target[], limit = this.batchSize): Promise<number> {
    const { eventLog, readStore } = this.options;
    if (targets.length === 0) return 0;
    // Issue 13: on PGlite a batch never leaves the microtask queue; HTTP requests get a turn
    // before it and between its statements (its commit is one transaction, taken whole).
    await yieldToEventLoop();
    const from = targets.reduce<string | null>((lowest, t) => (eventLog.comparePositions(t.checkpoint, lowest) < 0 ? t.checkpoint : lowest), targets[0]!.checkpoint);
    const groups = new Map<number, Group>();
    const work = new Map<Target, { items: { recorded: RecordedEvent; event: BahiEvent; id: string }[]; park: ParkedEventInput[] }>();
    for (const target of targets) {
      work.set(target, { items: [], park: [] });
      let group = groups.get(target.generation);
      if (!group) groups.set(target.generation, (group = { projection: target.projection, parts: target.parts, scope: target.scope, targets: new Map() }));
      group.targets.set(target.part, target);
    }
    const page = await eventLog.readAll(from, limit, logFilter(groups.values()));
    if (page.covered === 0 || page.checkpoint === null) return 0;
    await yieldToEventLoop();

    /** The target that takes `part`'s share of this event, if this process works it and it has not seen the event. */
    const behind = (group: Group, part: number, position: string): Target | null => {
      const target = group.targets.get(part);
      return target && eventLog.comparePositions(target.checkpoint, position) < 0 ? target : null;
    };
    for (const recorded of page.events) {
      let event: BahiEvent | null = null;
      let upcastError: unknown = null;
      try {
        event = upcastRecorded(recorded);
      } catch (error) {
        upcastError = error;
      }
      const business = businessKeyOf(recorded);
      for (const group of groups.values()) {
        const { projection, parts, scope } = group;
        // Split by business: the whole event belongs to its business's partition. Split by
        // document: each document to its own; what cannot be routed is parked in partition 0.
        const eventPart = scope === "business" ? partitionOf(business, parts) : 0;
        if (upcastError !== null) {
          const target = behind(group, eventPart, recorded.position);
          if (target && projection.handles.includes(recorded.type as EventType)) work.get(target)!.park.push(this.parking(target, recorded, null, upcastError));
          continue;
        }
        if (!event) continue;
        if (scope === "business" && !behind(group, eventPart, recorded.position)) continue;
        let ids: string[];
        try {
          ids = routeEvent(projection, event, contextOf(recorded));
        } catch (error) {
          const target = behind(group, eventPart, recorded.position);
          if (target) work.get(target)!.park.push(this.parking(target, recorded, null, error));
          continue;
        }
        const stray = scope === "document" && projection.byBusiness?.includes(event.type) ? ids.find((id) => id !== business) : undefined;
        if (stray !== undefined) {
          // Read only by the shard of the event's business: another shard's document would miss it.
          const target = behind(group, partitionOf(business, parts), recorded.position);
          const error = `${projection.collection} document ${stray} of ${event.type} is not its business ${business}'s: take ${event.type} out of byBusiness`;
          if (target) work.get(target)!.park.push(this.parking(target, recorded, null, error));
          continue;
        }
        for (const id of ids) {
          const target = behind(group, scope === "business" ? eventPart : partitionOf(id, parts), recorded.position);
          if (target) work.get(target)!.items.push({ recorded, event, id });
        }
      }
    }

    // One read of the documents and parked ones of every generation, whichever of its partitions need them.
    const loaded = await readStore.documentsToProject(
      [...groups].map(([generation, group]) => {
        const ids = new Set([...group.targets.values()].flatMap((target) => work.get(target)!.items.map((item) => item.id)));
        return { generation, keys: [...ids].map((id): DocumentKey => ({ collection: group.projection.collection, id })) };
      }),
    );
    await yieldToEventLoop();

    const batches: ProjectionBatch[] = [];
    for (const [target, { items, park }] of work) {
      const { projection, generation } = target;
      const { documents, blocked } = loaded.get(generation)!;
      const changed = new Set<string>();

      for (const { recorded, event, id } of items) {
        if (blocked.has(id)) {
          park.push(this.parking(target, recorded, id, `waiting behind parked event ${blocked.get(id)} of document ${id}`, { quiet: true }));
          continue;
        }
        const current = documents.get(id);
        if (current && eventLog.comparePositions(current.position, recorded.position) >= 0) continue;
        let next: ReadDocument | null;
        try {
          next = this.apply(projection, current, event, id, recorded.position, contextOf(recorded));
          assertInPartition(target, next);
        } catch (error) {
          park.push(this.parking(target, recorded, id, error));
          blocked.set(id, recorded.position);
          continue;
        }
        if (!next) continue;
        documents.set(id, next);
        changed.add(id);
      }

      const checkpoint = eventLog.comparePositions(target.checkpoint, page.checkpoint) >= 0 ? target.checkpoint : page.checkpoint;
      if (checkpoint === target.checkpoint && changed.size === 0 && park.length === 0) continue;
      batches.push({
        projection: projection.collection,
        generation,
        part: target.part,
        expectedCheckpoint: target.checkpoint,
        checkpoint,
        documents: [...changed].map((id) => documents.get(id)!),
        park,
      });
    }

    await readStore.commit(batches);
    for (const batch of batches) {
      const target = targets.find((t) => t.generation === batch.generation && t.part === batch.part)!;
      target.checkpoint = batch.checkpoint;
    }
    return page.covered;
  }

  /** The document after `event`, or null when there is nothing to store (deleting what never existed). */
  private apply(projection: AnyProjection, current: ReadDocument | undefined, event: BahiEvent, id: string, position: string, context?: EventContext): ReadDocument | null {
    const next = evolveDocument(projection, current, event, id, position, context);
    if (!next) return null;
    // An event applied late (by a retry) must not move a document's position backwards.
    const newest = current && this.options.eventLog.comparePositions(current.position, position) > 0 ? current.position : position;
    return { ...next, position: newest };
  }

  private parking(target: Target, recorded: RecordedEvent, documentId: string | null, error: unknown, options: { quiet?: boolean } = {}): ParkedEventInput {
    const message = typeof error === "string" ? error : describeError(error);
    if (!options.quiet) {
      this.options.log?.(
        `projector: parked event ${recorded.position} (${recorded.type}, ${recorded.id}) for ${target.projection.collection}` +
          `${documentId === null ? "" : ` document ${documentId}`} in generation ${target.generation}: ${message}`,
      );
    }
    return { position: recorded.position, documentId, event: recorded, error: message, attempts: 1 };
  }

  /**
   * Events committed but not readable yet: a transaction that began before them is still
   * running (readAll's pg_snapshot_xmin rule). No append hint will come for them again, so
   * look again soon rather than after the idle pause.
   */
  private async committedAhead(): Promise<boolean> {
    const { eventLog } = this.options;
    if (this.byName.size === 0) return false;
    return eventLog.comparePositions(await eventLog.head(), this.lowestSeen) > 0;
  }

  private async loop(): Promise<void> {
    let backoff = this.backoffMs;
    while (!this.stopping) {
      try {
        this.hinted = false;
        const read = await this.stepResolvingConflicts();
        // Live work first, then one batch of any rebuild in progress: a rebuild never holds the live read models back by more than a batch.
        const built = await this.stepBuilding().catch((error: unknown) => {
          if (error instanceof ProjectionConflictError) return 1;
          throw error;
        });
        backoff = this.backoffMs;
        // Issue 13: a page short of a batch reached the log's head as it was when read; an append
        // since then hinted (hinted), so no second read is needed to learn there is nothing more.
        if (read >= this.batchSize || built > 0 || this.hinted) continue;
        await this.dropRetiredNow();
        await this.sleep((await this.committedAhead()) ? PENDING_MS : this.idleMs);
      } catch (error) {
        if (this.stopping) return;
        this.options.log?.(`projector: step over ${this.projectionNames.length} projections failed (${describeError(error)}); retrying in ${backoff} ms`);
        await this.sleep(backoff, { ignoreHints: true });
        backoff = Math.min(backoff * 2, this.maxBackoffMs);
      }
    }
  }

  /** Now and then, when caught up: what a rebuild (this process's or another's) retired goes. */
  private async dropRetiredNow(): Promise<void> {
    const now = Date.now();
    if (now - this.lastDrop < (this.options.dropRetiredEveryMs ?? 10_000)) return;
    this.lastDrop = now;
    const dropped = await this.options.readStore.dropRetired();
    if (dropped > 0) this.options.log?.(`projector: deleted ${dropped} documents of retired generations`);
  }

  private sleep(ms: number, options: { ignoreHints?: boolean } = {}): Promise<void> {
    return new Promise((resolve) => {
      if (this.hinted && !this.stopping && !options.ignoreHints) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // While backing off, appends do not cut the pause short (the database may be down); stop does.
      this.wake = options.ignoreHints ? () => (this.stopping ? done() : undefined) : done;
    });
  }
}
