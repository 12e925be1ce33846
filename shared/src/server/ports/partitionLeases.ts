/**
 * Issue 12: which partitions of the read models this projector process works. Every
 * generation splits its events into partitions with a checkpoint each; processes share the
 * partition numbers 0..units-1 between them (a generation's part p is unit p mod units).
 *
 * A lease only spreads the work: two processes that both believe they hold a partition cost
 * each other a retry, never a double application, because every commit compares and sets the
 * partition's checkpoint.
 */
export interface PartitionLeases {
  /** The units held now, rebalanced against the other live processes; asked before every step. */
  held(units: number): Promise<ReadonlySet<number>>;
  /** Gives the leases back at once (others take them over on their next look). */
  close(): Promise<void>;
}

/** One projector process on its own (PGlite, tests): it works every partition. */
export const everyPartition: PartitionLeases = {
  async held(units) {
    return new Set(Array.from({ length: units }, (_, unit) => unit));
  },
  async close() {},
};
