import { compareWirePositions } from "../contract/http.ts";
import { businessOfEvent } from "./audit/history.ts";
import type { EventMetadata } from "./ports/eventStore.ts";

/**
 * Issue 12: a partition key's hash, FNV-1a over its UTF-16 code units (0 to 2^32 - 1): stable
 * across processes and versions, so every projector shard and every reader agrees where a
 * business lives without asking anyone. The log stores it with each event (business_hash), so
 * a shard reads only its businesses' events.
 */
export function partitionHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Which partition of a read model a key falls in. */
export function partitionOf(key: string, parts: number): number {
  return parts <= 1 ? 0 : partitionHash(key) % parts;
}

/** The business an event belongs to, for partitioning: its business, else its user, else its stream. */
export function businessKeyOf(recorded: { streamId: string; metadata: Pick<EventMetadata, "businessId" | "userId"> }): string {
  return businessOfEvent(recorded.metadata) ?? `stream:${recorded.streamId}`;
}

/** The lowest of some checkpoints: null when there are none or any has applied nothing yet. */
export function lowestOf(checkpoints: readonly (string | null)[]): string | null {
  if (checkpoints.length === 0 || checkpoints.some((c) => c === null)) return null;
  return checkpoints.reduce((low, c) => (compareWirePositions(c, low) < 0 ? c : low));
}
