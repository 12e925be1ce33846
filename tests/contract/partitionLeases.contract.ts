import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PartitionLeases } from "@bahi/shared/server";

export interface OpenedPartitionLeases {
  /** A projector process's leases of its own, as a process opens them, looking afresh on every `held`. */
  join(): PartitionLeases;
  /** Ends a process as SIGKILL does: no close, no word to anyone. */
  kill(leases: PartitionLeases): Promise<void>;
  /** How long a killed process's units may stay held (PostgreSQL: until its session ends; MongoDB: its lease). */
  killedHoldMs: number;
  close(): Promise<void>;
}

const UNITS = 8;
const every = (units: number) => Array.from({ length: units }, (_, unit) => unit);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Held by exactly one process each, every unit below `units` held, each process its share (sizes differing by one at most). */
function fairlyShared(sets: ReadonlySet<number>[], units: number): boolean {
  const all = sets.flatMap((set) => [...set]).sort((a, b) => a - b);
  const sizes = sets.map((set) => set.size);
  return JSON.stringify(all) === JSON.stringify(every(units)) && Math.max(...sizes) - Math.min(...sizes) <= 1;
}

/**
 * Every process looks in turn until they share the units fairly (a newcomer gets its share once
 * the others have looked again and given theirs back), or `withinMs` runs out.
 */
async function settle(members: PartitionLeases[], units: number, withinMs = 5_000): Promise<ReadonlySet<number>[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const sets: ReadonlySet<number>[] = [];
    for (const member of members) sets.push(await member.held(units));
    if (fairlyShared(sets, units) || Date.now() > deadline) return sets;
    await sleep(20);
  }
}

const sizes = (sets: ReadonlySet<number>[]) => sets.map((set) => set.size).sort((a, b) => a - b);

/**
 * The promises every PartitionLeases adapter for several projector processes keeps
 * (ports/partitionLeases.ts, sql/advisoryLeases.ts; tests/processes/shards.test.ts relies on them
 * under load): live processes share the units fairly and never hold one twice, a newcomer gets
 * its share, a lowered count is given back, a closed process's units are taken over on the
 * others' next look, a killed one's once its liveness runs out.
 */
export function partitionLeasesContract(name: string, open: () => Promise<OpenedPartitionLeases>): void {
  describe(`PartitionLeases contract: ${name}`, () => {
    let opened: OpenedPartitionLeases;
    const joined: PartitionLeases[] = [];
    const join = () => {
      const leases = opened.join();
      joined.push(leases);
      return leases;
    };

    beforeAll(async () => {
      opened = await open();
    });

    afterEach(async () => {
      for (const leases of joined.splice(0)) await leases.close();
    });

    afterAll(async () => {
      await opened?.close();
    });

    it("gives a process alone every unit, the same ones on every look", async () => {
      const alone = join();
      expect([...(await alone.held(UNITS))].sort()).toEqual(every(UNITS));
      expect([...(await alone.held(UNITS))].sort()).toEqual(every(UNITS));
    });

    it("shares the units between live processes, none held twice, none left, a newcomer getting its share", async () => {
      const first = join();
      expect((await first.held(UNITS)).size).toBe(UNITS);
      const second = join();
      const third = join();
      const sets = await settle([first, second, third], UNITS);
      expect(fairlyShared(sets, UNITS)).toBe(true);
      expect(sizes(sets)).toEqual([2, 3, 3]);
    });

    it("gives back the units beyond a lowered count, and shares the units of a raised one", async () => {
      const processes = [join(), join()];
      expect(sizes(await settle(processes, UNITS))).toEqual([4, 4]);
      const lowered = await settle(processes, 3);
      expect(fairlyShared(lowered, 3)).toBe(true);
      expect(sizes(lowered)).toEqual([1, 2]);
      expect(sizes(await settle(processes, 12))).toEqual([6, 6]);
    });

    it("lets the others take a closed process's units over on their next look", async () => {
      const [leaving, staying] = [join(), join()];
      expect(sizes(await settle([leaving, staying], UNITS))).toEqual([4, 4]);
      await leaving.close();
      const started = Date.now();
      const sets = await settle([staying], UNITS, 2_000);
      expect([...sets[0]!].sort()).toEqual(every(UNITS));
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it("lets the others take a killed process's units over once its liveness runs out", async () => {
      const [killed, first, second] = [join(), join(), join()];
      expect(sizes(await settle([killed, first, second], UNITS))).toEqual([2, 3, 3]);
      await opened.kill(killed);
      const sets = await settle([first, second], UNITS, opened.killedHoldMs + 5_000);
      expect(sizes(sets)).toEqual([4, 4]);
      expect(fairlyShared(sets, UNITS)).toBe(true);
    });
  });
}
