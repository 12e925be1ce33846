import { NO_STREAM, STREAM_EXISTS, UnavailableError, DeadlineExceededError, WrongExpectedVersionError, type RecordedEvent as ClientRecordedEvent } from "@eventstore/db-client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareWirePositions } from "../../contract/http.ts";
import { StoreUnavailableError, WrongExpectedRevisionError, type NewEvent } from "../ports/eventStore.ts";
import { appendErrorOf, eventDataOf, expectedRevisionOf, positionOf, recordedEventOf, repeatsElsewhere, storeErrorOf, wirePositionOf } from "./mapping.ts";

const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
const position = fc.record({ commit: u64, prepare: u64 });

const event: NewEvent = {
  id: "0b6f8a2e-52c4-4a43-9d7e-6f1f2a3b4c5d",
  type: "CustomerCreated",
  data: { name: "Reddy Retail", gstNumber: "29AABCR1718E1ZL" },
  metadata: { userId: "u1", actor: "user:u1", causationId: "c-7", correlationId: "r-9", occurredAt: "2026-12-02T05:00:00.000Z", schemaVersion: 1, businessId: "u1" },
};

describe("EventStoreDB mapping (issue 14)", () => {
  it("writes a $all position as a wire position whose text sorts as the log does, and reads it back", () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const [wa, wb] = [wirePositionOf(a), wirePositionOf(b)];
        expect(positionOf(wa)).toEqual(a);
        const inLog = a.commit === b.commit ? Math.sign(Number(a.prepare - b.prepare)) : Math.sign(Number(a.commit - b.commit));
        expect(Math.sign(compareWirePositions(wa, wb))).toBe(inLog);
        expect(Math.sign(wa.localeCompare(wb, "en"))).toBe(inLog);
        expect(Math.sign(wa < wb ? -1 : wa > wb ? 1 : 0)).toBe(inLog);
      }),
    );
    expect(wirePositionOf({ commit: 1234n, prepare: 1230n })).toBe("00000000000000001234:00000000000000001230");
    expect(() => positionOf("1234")).toThrow(/Not an EventStoreDB position/);
  });

  it("maps the port's expected revisions to the client's: no_stream, stream_exists, and a revision as a bigint", () => {
    expect(expectedRevisionOf("no_stream")).toBe(NO_STREAM);
    expect(expectedRevisionOf("stream_exists")).toBe(STREAM_EXISTS);
    expect(expectedRevisionOf(0)).toBe(0n);
    expect(expectedRevisionOf(41)).toBe(41n);
  });

  it("keeps the event's id (EventStoreDB deduplicates a retried append by it) and stores the correlation and causation ids under $correlationId and $causationId", () => {
    const data = eventDataOf(event);
    expect(data).toMatchObject({ id: event.id, type: "CustomerCreated", contentType: "application/json", data: event.data });
    expect(data.metadata).toEqual({
      userId: "u1",
      actor: "user:u1",
      occurredAt: "2026-12-02T05:00:00.000Z",
      schemaVersion: 1,
      businessId: "u1",
      $correlationId: "r-9",
      $causationId: "c-7",
    });
  });

  it("reads a recorded event back into the port's shape: metadata as written, revision a number, position and time as text", () => {
    const recorded = {
      streamId: "customer-1",
      id: event.id,
      isJson: true,
      revision: 3n,
      type: event.type,
      created: new Date("2026-12-02T05:00:01.250Z"),
      data: event.data,
      metadata: eventDataOf(event).metadata,
      position: { commit: 900n, prepare: 890n },
    } as ClientRecordedEvent;
    expect(recordedEventOf(recorded)).toEqual({
      ...event,
      streamId: "customer-1",
      revision: 3,
      position: "00000000000000000900:00000000000000000890",
      recordedAt: "2026-12-02T05:00:01.250Z",
    });
    // A stream read from a server older than 22.6 carries no position: the caller's stands in.
    const withoutPosition = { ...recorded, position: undefined } as ClientRecordedEvent;
    expect(recordedEventOf(withoutPosition, { commit: 5n, prepare: 5n }).position).toBe(wirePositionOf({ commit: 5n, prepare: 5n }));
    expect(() => recordedEventOf(withoutPosition)).toThrow(/without a log position/);
    expect(() => recordedEventOf({ ...recorded, isJson: false, data: new Uint8Array() } as ClientRecordedEvent)).toThrow(/not JSON/);
  });

  it("turns the client's WrongExpectedVersionError into the port's WrongExpectedRevisionError, with what the stream holds", () => {
    const lost = new WrongExpectedVersionError(undefined, { streamName: "invoice-1", expected: 2n, current: 3n });
    const error = appendErrorOf("invoice-1", 2, lost);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ code: "WRONG_EXPECTED_REVISION", streamId: "invoice-1", expected: 2, actual: 3 });
    const missing = appendErrorOf("invoice-2", "stream_exists", new WrongExpectedVersionError(undefined, { streamName: "invoice-2", expected: STREAM_EXISTS, current: NO_STREAM }));
    expect(missing).toMatchObject({ expected: "stream_exists", actual: "no_stream" });
  });

  it("turns an unreachable or silent server into StoreUnavailableError (a 503), and leaves other errors as they came", () => {
    for (const cause of [new UnavailableError(undefined, "connect ECONNREFUSED 127.0.0.1:2113"), new DeadlineExceededError(undefined, "deadline")]) {
      const error = storeErrorOf(cause);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(error).toMatchObject({ code: "STORE_UNAVAILABLE", cause });
      expect(appendErrorOf("s", 0, cause)).toBeInstanceOf(StoreUnavailableError);
    }
    const other = new TypeError("a bug");
    expect(storeErrorOf(other)).toBe(other);
    expect(appendErrorOf("s", 0, other)).toBe(other);
  });

  it("finds ids the stream holds somewhere other than where the same append put them (EventStoreDB would store them again at its head)", () => {
    const stored = ["a", "b", "c", "d"].map((id, revision) => ({ id, revision }));
    const ids = (...list: string[]) => list.map((id) => ({ id }));
    // New ids: nothing to refuse.
    expect(repeatsElsewhere(stored, ids("x", "y"), 3)).toBe(false);
    // The very same append again (b, c were appended after revision 0): EventStoreDB acknowledges it.
    expect(repeatsElsewhere(stored, ids("b", "c"), 0)).toBe(false);
    expect(repeatsElsewhere(stored, ids("a", "b"), "no_stream")).toBe(false);
    expect(repeatsElsewhere(stored, ids("c", "d"), "stream_exists")).toBe(false);
    // A re-run decided on the stream as it is now: the same ids at its head.
    expect(repeatsElsewhere(stored, ids("b", "c"), 3)).toBe(true);
    expect(repeatsElsewhere(stored, ids("a"), "stream_exists")).toBe(false);
    // Part of the append is new, or the ids are out of their order.
    expect(repeatsElsewhere(stored, ids("b", "x"), 0)).toBe(true);
    expect(repeatsElsewhere(stored, ids("x", "b"), "stream_exists")).toBe(true);
    expect(repeatsElsewhere(stored, ids("c", "b"), 0)).toBe(true);
  });
});
