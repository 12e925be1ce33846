import { describe, expect, it } from "vitest";
import type { BahiEvent } from "@bahi/shared/events";
import type { RecordedEvent } from "@bahi/shared/server";
import { foldEvents } from "./asOf.ts";
import { customersProjection } from "./parties/customersProjection.ts";
import type { AnyProjection } from "./projection.ts";

let position = 0;
const recorded = (event: BahiEvent): RecordedEvent => ({
  id: `e-${++position}`,
  type: event.type,
  data: event.data,
  metadata: { userId: "u-1", actor: "user:u-1", causationId: null, correlationId: "c", occurredAt: "2026-01-01", schemaVersion: 1 },
  streamId: "s",
  revision: 0,
  position: `1:${position}`,
  recordedAt: "2026-01-01T00:00:00.000Z",
});
const added = (id: string, name: string): BahiEvent => ({
  type: "CustomerAdded",
  data: { customerId: id, ownerId: "u-1", name, email: null, phone: null, address: null, gstNumber: null, creditLimitPaise: 0, addedAt: "2026-01-02" },
});
const updated = (id: string, name: string): BahiEvent => ({
  type: "CustomerUpdated",
  data: { customerId: id, ownerId: "u-1", name, email: null, phone: null, address: null, gstNumber: null, creditLimitPaise: 0, updatedAt: "2026-01-03" },
});

describe("as-of replay (issue 11)", () => {
  it("folds a business's events through the live projection into a read-only store, tombstones dropped", async () => {
    const store = foldEvents(
      [
        recorded(added("c-1", "Ravi")),
        recorded(updated("c-1", "Ravi & Sons")),
        recorded(added("c-2", "Gone")),
        recorded({ type: "CustomerDeleted", data: { customerId: "c-2", ownerId: "u-1", deletedAt: "2026-01-05" } }),
      ],
      [customersProjection],
    );
    expect((await store.list<{ id: string; name: string }>("customers", "u-1")).map((c) => [c.id, c.name])).toEqual([["c-1", "Ravi & Sons"]]);
    expect(await store.get("customers", "c-2")).toBeNull();
    expect(await store.checkpoints()).toEqual({ customers: `1:${position}` });
    await expect(store.commit()).rejects.toThrow("a replayed read store is read only");
    // Shared by the requests of one screen: a handler cannot change what the next one reads.
    const [doc] = await store.list<{ name: string }>("customers", "u-1");
    expect(() => {
      doc!.name = "changed";
    }).toThrow(TypeError);
  });

  it("skips what the live projector parks, and a document's later events with it, as the live read model shows them", async () => {
    const fussy: AnyProjection = {
      ...customersProjection,
      evolve: (doc, event) => {
        if (event.type === "CustomerUpdated" && (event.data as { name: string }).name === "bad") throw new Error("cannot apply");
        return customersProjection.evolve(doc, event);
      },
    };
    const store = foldEvents(
      [
        recorded(added("c-1", "Ravi")),
        recorded(added("c-2", "Shah")),
        recorded(updated("c-1", "bad")),
        recorded(updated("c-1", "Ravi & Sons")),
        recorded(updated("c-2", "Shah & Co")),
      ],
      [fussy],
    );
    expect(await store.get("customers", "c-1")).toMatchObject({ name: "Ravi" }); // waits behind its parked event
    expect(await store.get("customers", "c-2")).toMatchObject({ name: "Shah & Co" }); // goes on
  });
});
