import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isRecordId } from "@bahi/shared/contract";
import { isRepeatableEventId } from "@bahi/shared/server";
import { beforeOwnEvents, derivedId, nextId, peekNextId, withDerivedIds } from "./ids.ts";

const scope = "business:b/person:p";

describe("ids under an Idempotency-Key", () => {
  it("are uuid-shaped, the same for the same claim and draw, different for another draw, key, request or scope", () => {
    const first = derivedId(scope, "k1", "f1", 0);
    expect(isRecordId(first)).toBe(true);
    // Version 8: what an event store that deduplicates per stream (EventStoreDB) looks for before appending.
    expect(isRepeatableEventId(first)).toBe(true);
    expect(isRepeatableEventId(randomUUID())).toBe(false);
    expect(derivedId(scope, "k1", "f1", 0)).toBe(first);
    const others = [derivedId(scope, "k1", "f1", 1), derivedId(scope, "k2", "f1", 0), derivedId(scope, "k1", "f2", 0), derivedId("ip:1.2.3.4 /x", "k1", "f1", 0)];
    expect(new Set([first, ...others]).size).toBe(5);
  });

  it("a keyed request draws the same sequence on every run; without a key ids are random", () => {
    const run = () => withDerivedIds(scope, "k", "f", () => [nextId(randomUUID), nextId(randomUUID), nextId(randomUUID)]);
    const once = run();
    expect(run()).toEqual(once);
    expect(once).toEqual([0, 1, 2].map((n) => derivedId(scope, "k", "f", n)));
    expect(nextId(() => "random")).toBe("random");
    expect(peekNextId()).toBeNull();
  });

  it("end when the request has answered: work it left running draws random ids again", () => {
    const drawn = withDerivedIds(scope, "k", "f", (close) => {
      const during = nextId(() => "random");
      close();
      return [during, nextId(() => "random"), peekNextId()];
    });
    expect(drawn).toEqual([derivedId(scope, "k", "f", 0), "random", null]);
  });

  it("follow the request across awaits, and two requests at once never share a counter", async () => {
    const request = (key: string) =>
      withDerivedIds(scope, key, "f", async () => {
        const a = nextId(randomUUID);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [a, nextId(randomUUID)];
      });
    const [one, two] = await Promise.all([request("a"), request("b")]);
    expect(one).toEqual([derivedId(scope, "a", "f", 0), derivedId(scope, "a", "f", 1)]);
    expect(two).toEqual([derivedId(scope, "b", "f", 0), derivedId(scope, "b", "f", 1)]);
  });

  it("a re-run decides on the stream as it stood before its own first attempt's events", () => {
    const own = derivedId(scope, "k", "f", 0);
    const stream = [{ id: "someone-before" }, { id: own }, { id: "someone-after" }];
    expect(withDerivedIds(scope, "k", "f", () => beforeOwnEvents(stream))).toEqual([{ id: "someone-before" }]);
    expect(withDerivedIds(scope, "other", "f", () => beforeOwnEvents(stream))).toEqual(stream);
    expect(beforeOwnEvents(stream)).toEqual(stream);
  });
});
