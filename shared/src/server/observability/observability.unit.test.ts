import { describe, expect, it } from "vitest";
import type { EventLog } from "../ports/eventLog.ts";
import type { RecordedEvent } from "../ports/eventStore.ts";
import { loggedPath, requestId } from "./httpLogging.ts";
import { projectorLag } from "./projectorLag.ts";

/** A log of "txid:position" positions like the SQL store's, one event per position. */
function logOf(positions: string[], recordedAt: (position: string) => string): Pick<EventLog, "head" | "readAll" | "comparePositions"> {
  const sequence = (p: string | null) => (p === null ? -1 : Number(p.split(":")[1]));
  return {
    head: async () => positions.at(-1) ?? null,
    comparePositions: (a, b) => sequence(a) - sequence(b),
    readAll: async (checkpoint, limit) => {
      const events = positions
        .filter((p) => sequence(p) > sequence(checkpoint))
        .slice(0, limit)
        .map((position) => ({ position, recordedAt: recordedAt(position) }) as RecordedEvent);
      return { events, checkpoint: events.at(-1)?.position ?? checkpoint, covered: events.length };
    },
  };
}

describe("projectorLag", () => {
  const now = new Date("2026-11-24T10:00:10.000Z");
  const log = logOf(["7:1", "7:2", "9:3", "12:4", "12:5"], (p) => `2026-11-24T10:00:0${p.split(":")[1]}.000Z`);

  const state = (projection: string, partCheckpoints: (string | null)[]) => ({
    projection,
    generation: 1,
    checkpoint: null,
    parts: partCheckpoints.length,
    scope: "business" as const,
    partCheckpoints,
  });

  it("counts the events after each partition's checkpoint and the age of the first of them, one series per shard", async () => {
    const lags = await projectorLag({ partitionCheckpoints: async () => [state("invoices", ["7:2", "12:5"]), state("customers", [null]), state("users", ["12:5"])] }, log, now);
    expect(lags).toEqual([
      { projection: "invoices", shard: "0", events: 3, seconds: 7 },
      { projection: "invoices", shard: "1", events: 0, seconds: 0 },
      { projection: "customers", shard: "0", events: 5, seconds: 9 },
      { projection: "users", shard: "0", events: 0, seconds: 0 },
    ]);
  });

  it("is 0 everywhere on an empty log", async () => {
    expect(
      await projectorLag(
        { partitionCheckpoints: async () => [state("invoices", [null])] },
        logOf([], () => ""),
        now,
      ),
    ).toEqual([{ projection: "invoices", shard: "0", events: 0, seconds: 0 }]);
  });
});

describe("request ids and logged paths", () => {
  const withId = (id: string | undefined) => ({ headers: id === undefined ? {} : { "x-request-id": id } }) as never;

  it("keeps a caller's id that looks like one and makes one otherwise", () => {
    expect(requestId(withId("gw-1:abc.DEF_9"))).toBe("gw-1:abc.DEF_9");
    for (const insane of [undefined, "", "has space", "x".repeat(129), "<script>"]) expect(requestId(withId(insane))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it("drops the query and hides share and invitation secrets", () => {
    const secret = "A".repeat(21) + "_-" + "b".repeat(20);
    expect(loggedPath(`/i/${secret}/pdf?download=1`)).toBe("/i/[Redacted]/pdf");
    expect(loggedPath(`/api/team/invitations/biz.inv.${secret}/accept`)).toBe("/api/team/invitations/biz.inv.[Redacted]/accept");
    expect(loggedPath("/api/customers/4f6c1f0e-3b7a-4a51-9a43-2f0f1c9b7e11?token=abc")).toBe("/api/customers/4f6c1f0e-3b7a-4a51-9a43-2f0f1c9b7e11");
  });
});
