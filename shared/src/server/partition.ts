import { compareWirePositions } from "../contract/http.ts";
import { businessOfEvent } from "./audit/history.ts";
import type { EventMetadata } from "./ports/eventStore.ts";

/**
 * Issue 12: which partition of a read model a key falls in. FNV-1a over the key's UTF-16 code
 * units: stable across processes and versions, so every projector shard and every reader
 * agrees where a business lives without asking anyone.
 */
export function partitionOf(key: string, parts: number): number {
  if (parts <= 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % parts;
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
