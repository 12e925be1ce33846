import { createHash } from "node:crypto";
import type { ChainedEvent, ChainHead } from "../ports/auditLog.ts";
import { canonicalJson } from "../ports/blobStore.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";

/**
 * Issue 11: each business's events form a hash chain (tamper evidence for the audit trail of
 * Companies (Accounts) Rules 2014, Rule 3(1)). An event's hash is
 *
 *   sha256hex(prevHash + "\n" + canonical(event))
 *
 * where canonical is RFC 8785 JSON (keys sorted at every depth) of the event's id, type, data,
 * metadata, stream, revision and recorded time. The hash covers what a reader gets back from
 * the store, not what the writer handed in: jsonb keeps neither key order nor number spelling
 * (1e21 comes back as 1000000000000000000000), so a value is put through a JSON round trip
 * before it is encoded, and the encoding sorts keys. The position is left out: the database
 * assigns it after the hash is computed, and the chain's own order is chainSeq.
 */

/** The prevHash of a business's first event. */
export const GENESIS_HASH = "0".repeat(64);

/** What the hash covers: the fields of a recorded event that a reader sees, less its position. */
export type HashedFields = Pick<RecordedEvent, "id" | "type" | "data" | "metadata" | "streamId" | "revision" | "recordedAt">;

/**
 * RFC 8785 canonical JSON (keys sorted at every depth, one number form) of the value as a
 * reader gets it back: the JSON round trip first drops what JSON cannot hold (undefined
 * members) and turns what it can (a Date) into what jsonb stores.
 */
export function canonicalValue(value: unknown): string {
  return canonicalJson(JSON.parse(JSON.stringify(value ?? null)));
}

export function canonicalEvent(event: HashedFields): string {
  return canonicalValue({
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    streamId: event.streamId,
    revision: event.revision,
    recordedAt: event.recordedAt,
  });
}

export function linkHash(prevHash: string, event: HashedFields): string {
  return createHash("sha256")
    .update(`${prevHash}\n${canonicalEvent(event)}`)
    .digest("hex");
}

/** The business whose chain an event joins: B1's businessId, else the owner's user id. */
export function chainKeyOf(metadata: { businessId?: string; userId: string | null }): string {
  return metadata.businessId ?? metadata.userId ?? "";
}

export type ChainProblemKind = "edited" | "deleted" | "inserted" | "reordered";

export interface ChainProblem {
  kind: ChainProblemKind;
  /** The store position of the event where the walk found the problem; null for a deleted last event. */
  position: string | null;
  /** The chain sequence number the problem sits at. */
  seq: number;
}

export interface ChainVerification {
  ok: boolean;
  /** How many events were walked before the first problem (all of them when ok). */
  checked: number;
  /** The head the chain's events end in (the last event walked when ok), null for no events. */
  head: ChainHead | null;
  firstProblem?: ChainProblem;
}

/** What verifies chains in a store (SqlEventStore): one business's, and which businesses there are. */
export interface ChainVerifier {
  verifyBusiness(businessId: string): Promise<ChainVerification>;
  chainKeys(): Promise<string[]>;
}

/**
 * Walks a business's events in chainSeq order (ties by position) and names the first problem.
 * `recordedHead` is the chain head row the store keeps beside the events (bahi_chain_heads),
 * updated in the same transaction as every append; it catches what the rows alone cannot (a
 * deleted last event, an appended forgery linked correctly to the real last event).
 *
 * At each event, with `expectedSeq` and `expectedPrev` (the seq and hash the walk so far
 * leads to), in this order:
 * - inserted: its seq is lower than expected (a second row with a seq already walked; the
 *   unique index forbids it, so only someone who dropped the index gets here).
 * - deleted: its seq is higher than expected: a gap; the position is the event after the gap.
 * - its link fits (prevHash = expectedPrev):
 *   - its recomputed hash equals the stored one: fine, walk on;
 *   - reordered: the content of a later event (whole, or only its type and data) hashes to
 *     this row's stored hash: two events' contents were swapped;
 *   - edited: otherwise the row's content changed after it was hashed.
 * - its link does not fit:
 *   - reordered: its prevHash is the stored hash of an event later in the walk (two rows'
 *     chain places were swapped, so one points forward);
 *   - inserted: the next event links to expectedPrev, around this one (a forged row slipped
 *     in, later rows renumbered to make room), or this is the last row, its own hash is
 *     consistent, and its seq is past the recorded head (a forged row on a made-up prev);
 *   - deleted: its own hash is consistent and its prevHash names no event: what it linked to
 *     is gone (later rows renumbered to close the gap);
 *   - edited: otherwise (its chain columns were changed).
 * After the walk, against the recorded head: fewer events than the head's seq → deleted (the
 * last ones); more → inserted (the first past the head); same seq, other hash → edited.
 */
export function verifyChain(events: readonly ChainedEvent[], recordedHead: ChainHead | null): ChainVerification {
  const ordered = [...events].sort((a, b) => a.chainSeq - b.chainSeq || comparePositions(a.position, b.position));
  const laterHashes = new Map<string, number>();
  ordered.forEach((event, index) => laterHashes.set(event.hash, index));
  let expectedSeq = 1;
  let expectedPrev = GENESIS_HASH;
  let checked = 0;
  const problem = (kind: ChainProblemKind, event: ChainedEvent | null, seq: number): ChainVerification => ({
    ok: false,
    checked,
    head: checked === 0 ? null : { seq: expectedSeq - 1, hash: expectedPrev },
    firstProblem: { kind, position: event?.position ?? null, seq },
  });

  for (let index = 0; index < ordered.length; index++) {
    const event = ordered[index]!;
    const next = ordered[index + 1];
    if (event.chainSeq < expectedSeq) return problem("inserted", event, event.chainSeq);
    if (event.chainSeq > expectedSeq) return problem("deleted", event, expectedSeq);
    const consistent = linkHash(event.prevHash, event) === event.hash;
    if (event.prevHash === expectedPrev) {
      if (!consistent) {
        return problem(swappedWithLater(ordered, index) ? "reordered" : "edited", event, event.chainSeq);
      }
    } else {
      const pointsTo = laterHashes.get(event.prevHash);
      if (pointsTo !== undefined && pointsTo > index) return problem("reordered", event, event.chainSeq);
      if (next && next.prevHash === expectedPrev) return problem("inserted", event, event.chainSeq);
      if (!next && consistent && recordedHead && event.chainSeq > recordedHead.seq) return problem("inserted", event, event.chainSeq);
      if (consistent && pointsTo === undefined) return problem("deleted", event, event.chainSeq);
      return problem("edited", event, event.chainSeq);
    }
    checked++;
    expectedSeq++;
    expectedPrev = event.hash;
  }

  const lastSeq = expectedSeq - 1;
  if (recordedHead) {
    if (recordedHead.seq > lastSeq) return problem("deleted", null, lastSeq + 1);
    if (recordedHead.seq < lastSeq) {
      const firstPast = ordered.find((event) => event.chainSeq > recordedHead.seq)!;
      checked = recordedHead.seq;
      return { ...problem("inserted", firstPast, firstPast.chainSeq), head: headOf(ordered, recordedHead.seq) };
    }
    if (recordedHead.hash !== expectedPrev) {
      checked--;
      return { ...problem("edited", ordered[ordered.length - 1]!, lastSeq), head: headOf(ordered, lastSeq - 1) };
    }
  }
  return { ok: true, checked, head: lastSeq === 0 ? null : { seq: lastSeq, hash: expectedPrev } };
}

function headOf(ordered: readonly ChainedEvent[], seq: number): ChainHead | null {
  const event = ordered.find((candidate) => candidate.chainSeq === seq);
  return event ? { seq, hash: event.hash } : null;
}

/** Whether this row's stored hash belongs to the content of some later row (the two were swapped). */
function swappedWithLater(ordered: readonly ChainedEvent[], index: number): boolean {
  const event = ordered[index]!;
  for (let later = index + 1; later < ordered.length; later++) {
    const other = ordered[later]!;
    if (linkHash(event.prevHash, other) === event.hash) return true;
    if (linkHash(event.prevHash, { ...event, type: other.type, data: other.data }) === event.hash) return true;
  }
  return false;
}

/** Positions are "transactionId:position" (sqlEventStore.ts); a shorter number sorts first. */
function comparePositions(a: string, b: string): number {
  const [ta = "", pa = ""] = a.split(":");
  const [tb = "", pb = ""] = b.split(":");
  return ta.length - tb.length || ta.localeCompare(tb) || pa.length - pb.length || pa.localeCompare(pb);
}
