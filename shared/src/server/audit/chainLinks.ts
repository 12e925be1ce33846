/**
 * Issue 14: the audit chain (issue 11) as EventStoreDB holds it. The SQL adapters extend a
 * business's chain inside the append's own transaction; EventStoreDB has no transaction across
 * streams, so the chain is built beside the log instead: each business has a chain stream whose
 * n-th event is the link of the business's n-th event in `$all` order, carrying a copy of that
 * event and its place in the chain (seq, prevHash, hash, as audit/chain.ts computes them). A link
 * is appended at the chain's expected revision, so two processes building the same chain cannot
 * fork it; its id is derived from the event's, so a link written twice is written once.
 *
 * Pure functions: names, link ids and the translation between links and the AuditLog port's rows.
 */
import type { ChainedEvent, ReplayEvent } from "../ports/auditLog.ts";
import { repeatableId, type RecordedEvent } from "../ports/eventStore.ts";

/** Every stream of the chain's bookkeeping starts so: a business's chain, the chainer's checkpoint, the list of chains. */
const BOOKKEEPING = "bahi-chain";
/** The chain of one business (by chain key, chain.ts chainKeyOf). */
export const chainStreamOf = (chainKey: string): string => `${BOOKKEEPING}-${chainKey === "" ? "~" : chainKey}`;
/** How far in `$all` the chains have been built (the last of its events is the checkpoint). */
export const CHAINER_STREAM = `${BOOKKEEPING}er`;
/** One event per chain ever started: what chainKeys lists (EventStoreDB cannot list streams without its projections). */
export const CHAINS_STREAM = `${BOOKKEEPING}s`;

export const LINK_TYPE = "BahiChainLink";
export const CHAINER_CHECKPOINT_TYPE = "BahiChainerCheckpoint";
export const CHAIN_STARTED_TYPE = "BahiChainStarted";

/** Whether a stream is the chain's bookkeeping, not one of Bahi's records: the log's readers go past it. */
export const isBookkeepingStream = (streamId: string): boolean => streamId.startsWith(BOOKKEEPING);

/**
 * The names of the streams that hold Bahi's records, as a regular expression a store's server
 * can filter by (EventStoreDB's subscriptions): neither the store's own (`$`) nor the chain's bookkeeping.
 */
export const RECORD_STREAMS_REGEX = `^(?!\\$)(?!${BOOKKEEPING})`;

export const linkIdOf = (eventId: string): string => repeatableId(`bahi-chain-link\n${eventId}`);
export const chainStartIdOf = (chainKey: string): string => repeatableId(`bahi-chain-started\n${chainKey}`);

/** What a link event holds: the event as the log gave it, and its place in the chain. */
export interface LinkData {
  seq: number;
  prevHash: string;
  hash: string;
  event: RecordedEvent;
}

/** The port's row for a link: the event copied into it, with its chain fields. */
export function chainedEventOf(chainKey: string, link: LinkData): ChainedEvent {
  return { ...link.event, chainKey, chainSeq: link.seq, prevHash: link.prevHash, hash: link.hash };
}

/** The same row in a replay's lean shape. */
export function replayEventOf(link: LinkData): ReplayEvent {
  const { event } = link;
  return {
    chainSeq: link.seq,
    type: event.type,
    data: event.data,
    position: event.position,
    recordedAt: event.recordedAt,
    streamId: event.streamId,
    revision: event.revision,
    metadata: { schemaVersion: event.metadata.schemaVersion },
  };
}

/**
 * What verification walks: each link's chain fields over the event as its own stream holds it
 * now (not the copy in the link), so a changed or vanished event shows. `current` gives the
 * event at a stream and revision, undefined when it is gone; a link whose event is gone is left
 * out, which audit/chain.ts verifyChain reports as deleted.
 */
export function eventsToVerify(chainKey: string, links: readonly LinkData[], current: (streamId: string, revision: number) => RecordedEvent | undefined): ChainedEvent[] {
  const rows: ChainedEvent[] = [];
  for (const link of links) {
    const event = current(link.event.streamId, link.event.revision);
    if (event && event.id === link.event.id) rows.push(chainedEventOf(chainKey, { ...link, event }));
  }
  return rows;
}
