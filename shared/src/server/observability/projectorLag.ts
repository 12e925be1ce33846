import type { EventLog } from "../ports/eventLog.ts";
import type { ReadStore } from "../ports/readStore.ts";

export interface ProjectionLag {
  projection: string;
  /** The partition (issue 12): each has its own checkpoint, moved by whichever shard holds it. */
  shard: string;
  /** Events appended that the projection has not applied yet (0 when caught up). */
  events: number;
  /** How long the oldest of them has waited (0 when caught up). */
  seconds: number;
}

/**
 * How far each projection is behind the log, asked when metrics are scraped. Positions end in
 * the log's global sequence number ("txid:position" in the SQL store), so the distance in events
 * is a subtraction, not a count; the age is the first unapplied event's recordedAt (one indexed
 * read per distinct checkpoint, and projections mostly share theirs).
 */
export async function projectorLag(
  readStore: Pick<ReadStore, "partitionCheckpoints">,
  eventLog: Pick<EventLog, "head" | "readAll" | "comparePositions">,
  now: Date = new Date(),
): Promise<ProjectionLag[]> {
  const [states, head] = await Promise.all([readStore.partitionCheckpoints(), eventLog.head()]);
  // Issue 12: one series per partition (the shard label), since each shard moves its own.
  const checkpoints = states.flatMap((state) => state.partCheckpoints.map((checkpoint, part) => ({ projection: state.projection, shard: String(part), checkpoint })));
  const firstUnapplied = new Map<string | null, Promise<string | null>>();
  const recordedAfter = (checkpoint: string | null) => {
    let first = firstUnapplied.get(checkpoint);
    if (!first) {
      first = eventLog.readAll(checkpoint, 1).then((page) => page.events[0]?.recordedAt ?? null);
      firstUnapplied.set(checkpoint, first);
    }
    return first;
  };
  return Promise.all(
    checkpoints.map(async ({ projection, shard, checkpoint }): Promise<ProjectionLag> => {
      if (eventLog.comparePositions(checkpoint, head) >= 0) return { projection, shard, events: 0, seconds: 0 };
      // An event a still-running transaction holds back is not readable yet: nothing has waited on it.
      const recordedAt = await recordedAfter(checkpoint);
      return {
        projection,
        shard,
        events: Math.max(1, Number(sequenceOf(head) - sequenceOf(checkpoint))),
        seconds: recordedAt === null ? 0 : Math.max(0, (now.getTime() - Date.parse(recordedAt)) / 1000),
      };
    }),
  );
}

/** The global sequence number a position ends with; 0 before the first event. */
function sequenceOf(position: string | null): bigint {
  const digits = position === null ? null : /(\d+)$/.exec(position);
  return digits ? BigInt(digits[1]!) : 0n;
}
