import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import { storesOnClient, type SqlClient, type Stores } from "@bahi/shared/server";
import { freshPglite } from "../../tests/support/pglite.ts";
import type { AnyProjection } from "./projection.ts";
import { Projector } from "./projector.ts";

interface Notes {
  ownerId: string;
  names: string[];
}

/**
 * A small read model over CustomerAdded: the names each owner's customers got, in order.
 * `broken` throws on a customer named "BAD" and on one without an owner, like a bug would.
 */
function notes(collection: string, options: { broken: boolean; calls?: { n: number } }): AnyProjection {
  return {
    collection,
    handles: ["CustomerAdded"],
    documentIds(event: BahiEvent) {
      const { ownerId } = event.data as { ownerId?: string };
      if (!ownerId) {
        if (options.broken) throw new RangeError("no owner");
        return ["nobody"];
      }
      return [ownerId];
    },
    evolve(doc: Notes | null, event: BahiEvent) {
      if (options.calls) options.calls.n++;
      const { ownerId, name } = event.data as { ownerId?: string; name: string };
      if (options.broken && name === "BAD") throw new TypeError("cannot apply BAD");
      return { ownerId: ownerId ?? "nobody", names: [...(doc?.names ?? []), name] };
    },
    ownerOf: (doc: Notes) => doc.ownerId,
  };
}

describe("the projector engine", () => {
  let sql: SqlClient;
  let stores: Stores;
  beforeEach(async () => {
    sql = await freshPglite();
    stores = await storesOnClient(sql, "pglite");
  });
  afterEach(async () => {
    await stores.close();
  });

  async function customer(ownerId: string | undefined, name: string): Promise<string> {
    const result = await stores.eventStore.appendToStream(
      `customer-${randomUUID()}`,
      [{ id: randomUUID(), type: "CustomerAdded", data: { ownerId, name }, metadata: { schemaVersion: 1, userId: ownerId ?? "nobody" } } as never],
      "no_stream",
    );
    return result.position;
  }

  const projector = (projections: AnyProjection[], log?: (m: string) => void) =>
    new Projector({ eventLog: stores.eventLog, readStore: stores.readStore, projections, batchSize: 2, log });

  it("parks what a projection cannot apply, keeps each document's order behind it, and lets the rest go on", async () => {
    const logged: string[] = [];
    const x = await customer("a", "x");
    const bad = await customer("a", "BAD");
    await customer("b", "y");
    const z = await customer("a", "z");
    const ownerless = await customer(undefined, "w");
    await projector([notes("notes", { broken: true })], (m) => logged.push(m)).catchUp();

    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x"] });
    expect(await stores.readStore.get("notes", "b")).toEqual({ ownerId: "b", names: ["y"] });
    expect((await stores.readStore.checkpoints()).notes).toBe(ownerless);
    const parked = await stores.readStore.parked({ projection: "notes" });
    expect(parked.map((p) => [p.position, p.documentId, p.error])).toEqual([
      [bad, "a", "TypeError: cannot apply BAD"],
      [z, "a", `waiting behind parked event ${bad} of document a`],
      [ownerless, null, "RangeError: no owner"],
    ]);
    expect(logged.filter((m) => m.includes("parked event"))).toHaveLength(2);
    expect(x).not.toBe(bad);

    // Nothing retries by itself: another pass of the loop leaves them parked.
    await projector([notes("notes", { broken: true })]).catchUp();
    expect(await stores.readStore.parked({ projection: "notes" })).toHaveLength(3);

    const outcome = await projector([notes("notes", { broken: false })]).retryParked({ projection: "notes" });
    expect(outcome.applied.map((p) => p.position)).toEqual([bad, z, ownerless]);
    expect(outcome.stillParked).toEqual([]);
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x", "BAD", "z"] });
    expect(await stores.readStore.get("notes", "nobody")).toEqual({ ownerId: "nobody", names: ["w"] });
    expect(await stores.readStore.parked()).toEqual([]);

    // The live projector goes on with the document.
    await customer("a", "v");
    await projector([notes("notes", { broken: false })]).catchUp();
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x", "BAD", "z", "v"] });
  });

  it("applies each event only to the projections behind it, so a new projection catches up alone", async () => {
    for (let i = 0; i < 5; i++) await customer("a", `n${i}`);
    const firstCalls = { n: 0 };
    await projector([notes("first", { broken: false, calls: firstCalls })]).catchUp();
    expect(firstCalls.n).toBe(5);

    const again = { n: 0 };
    const secondCalls = { n: 0 };
    await projector([notes("first", { broken: false, calls: again }), notes("second", { broken: false, calls: secondCalls })]).catchUp();
    expect(again.n).toBe(0);
    expect(secondCalls.n).toBe(5);
    expect(await stores.readStore.get("second", "a")).toEqual({ ownerId: "a", names: ["n0", "n1", "n2", "n3", "n4"] });
    const checkpoints = await stores.readStore.checkpoints();
    expect(checkpoints.first).toBe(checkpoints.second);
  });

  it("rebuilds one projection into a fresh generation without its parked events, parking again what still fails", async () => {
    await customer("a", "x");
    const bad = await customer("a", "BAD");
    await projector([notes("notes", { broken: true }), notes("other", { broken: false })]).catchUp();
    const before = await stores.readStore.activeProjections(["notes", "other"]);

    const { generations } = await projector([notes("notes", { broken: false }), notes("other", { broken: false })]).rebuild({ projection: "notes" });
    expect(await stores.readStore.parked()).toEqual([]);
    expect(await stores.readStore.get("notes", "a")).toEqual({ ownerId: "a", names: ["x", "BAD"] });
    const after = await stores.readStore.activeProjections(["notes", "other"]);
    expect(after.find((s) => s.projection === "notes")!.generation).toBe(generations.notes);
    expect(after.find((s) => s.projection === "other")!.generation).toBe(before.find((s) => s.projection === "other")!.generation);

    await projector([notes("notes", { broken: true })]).rebuild();
    expect((await stores.readStore.parked()).map((p) => p.position)).toEqual([bad]);
  });

  it("backs off while steps fail, doubling up to the bound, and logs why", async () => {
    const logged: string[] = [];
    const failing = new Projector({
      eventLog: stores.eventLog,
      readStore: stores.readStore,
      projections: [notes("notes", { broken: false })],
      backoffMs: 20,
      maxBackoffMs: 80,
      log: (m) => logged.push(m),
    });
    // The database goes away under the running loop.
    await sql.close();
    failing.start();
    while (logged.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    await failing.stop();
    expect(logged.slice(0, 5).map((m) => /retrying in (\d+) ms/.exec(m)?.[1])).toEqual(["20", "40", "80", "80", "80"]);
    expect(logged[0]).toMatch(/projector: step over 1 projections failed/);
    // Reopen something for afterEach to close.
    sql = await freshPglite();
    stores = await storesOnClient(sql, "pglite");
  });
});
