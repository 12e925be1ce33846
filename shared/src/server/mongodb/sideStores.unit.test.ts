import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { Context, Query, updateOne } from "mingo";
import * as expressionOperators from "mingo/operators/expression";
import type { PipelineStage } from "mingo/updater";
import { Binary, MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoServerSelectionError, type Document, type TopologyDescription } from "mongodb";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../ports/blobStore.ts";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { IDEMPOTENCY_CLAIM_MS, IDEMPOTENCY_TTL_MS } from "../ports/idempotencyStore.ts";
import { blobBytesOf, blobDocumentsOf, chunkId, type BlobChunkDocument } from "./mongoBlobStore.ts";
import { answerFields, claimOutcomeOf, freshClaim, idempotencyId, RELEASED, storedAnswerOf, takeoverFilter, type IdempotencyDocument } from "./mongoIdempotencyStore.ts";
import { freeOrOursFilter, leaseUpdate, liveFilter, memberUpdate, rebalancePlan, takeableFilter, type LeaseDocument } from "./mongoLeases.ts";
import { activeSessionFilter, expiredSessionsFilter, sessionDocumentOf, sessionRecordOf, type SessionDocument } from "./mongoSessionStore.ts";
import { isDuplicateKey, mongoErrorOf } from "./unavailable.ts";

/** Mingo evaluates MongoDB's query language (and pipeline updates) in memory: the filters' meaning, without a server. */
const matches = (filter: Document, document: Document) => new Query(filter).test(document);
const context = Context.init().addExpressionOps(expressionOperators);

const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe("sessions as documents", () => {
  const createdAt = at("2031-01-01T00:00:00Z");
  const session = { id: "s-1", userId: "u-1", createdAt, expiresAt: plus(createdAt, 1000) };

  it("stores a session under its id and reads it back as the port's record", () => {
    const document = sessionDocumentOf(session);
    expect(document).toEqual({ _id: "s-1", userId: "u-1", createdAt, expiresAt: session.expiresAt, revokedAt: null, businessId: null });
    expect(sessionRecordOf(document)).toEqual({ ...session, revokedAt: null, businessId: null });
    expect(sessionRecordOf({ ...document, revokedAt: plus(createdAt, 1), businessId: "b-1" })).toMatchObject({ revokedAt: plus(createdAt, 1), businessId: "b-1" });
    // A document missing the later fields reads as PipelineStage[] revoked, in the person's own business.
    const { revokedAt: _revokedAt, businessId: _businessId, ...older } = document;
    expect(sessionRecordOf(older as SessionDocument)).toMatchObject({ revokedAt: null, businessId: null });
  });

  it("finds a session active while unrevoked and strictly before its expiry; sweeps it at its expiry", () => {
    const document = sessionDocumentOf(session);
    expect(matches(activeSessionFilter("s-1", createdAt), document)).toBe(true);
    expect(matches(activeSessionFilter("s-1", plus(session.expiresAt, -1)), document)).toBe(true);
    expect(matches(activeSessionFilter("s-1", session.expiresAt), document)).toBe(false);
    expect(matches(activeSessionFilter("s-2", createdAt), document)).toBe(false);
    expect(matches(activeSessionFilter("s-1", createdAt), { ...document, revokedAt: createdAt })).toBe(false);
    const { revokedAt: _revokedAt, ...neverRevoked } = document;
    expect(matches(activeSessionFilter("s-1", createdAt), neverRevoked)).toBe(true);

    expect(matches(expiredSessionsFilter(plus(session.expiresAt, -1)), document)).toBe(false);
    expect(matches(expiredSessionsFilter(session.expiresAt), document)).toBe(true);
    expect(matches(expiredSessionsFilter(session.expiresAt), { ...document, revokedAt: createdAt })).toBe(true);
  });
});

describe("blobs as documents", () => {
  const createdAt = at("2031-01-01T00:00:00Z");

  it("keeps content up to a chunk inline, larger content in chunks named by hash and index", () => {
    const bytes = new Uint8Array(randomBytes(10));
    const inline = blobDocumentsOf(bytes, createdAt, 10);
    expect(inline.chunks).toEqual([]);
    expect(inline.head).toMatchObject({ _id: sha256Hex(bytes), size: 10, chunks: 0 });

    const { head, chunks } = blobDocumentsOf(bytes, createdAt, 4);
    expect(head).toMatchObject({ _id: sha256Hex(bytes), size: 10, content: null, chunks: 3 });
    expect(chunks.map((chunk) => [chunk._id, chunk.content.length()])).toEqual([
      [chunkId(head._id, 0), 4],
      [chunkId(head._id, 1), 4],
      [chunkId(head._id, 2), 2],
    ]);
  });

  it("gives back exactly the bytes stored, whatever the chunk size and the order chunks arrive in", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 64 }), (bytes, chunkBytes) => {
        const { head, chunks } = blobDocumentsOf(bytes, createdAt, chunkBytes);
        const back = blobBytesOf(head, [...chunks].reverse());
        expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
        expect(head.size).toBe(bytes.byteLength);
      }),
    );
  });

  it("refuses to answer other bytes than the hash names: a chunk missing, a size that does not add up", () => {
    const { head, chunks } = blobDocumentsOf(new Uint8Array(randomBytes(10)), createdAt, 4);
    expect(() => blobBytesOf(head, chunks.slice(1))).toThrow(/missing its chunk 0 of 3/);
    const short: BlobChunkDocument = { _id: chunkId(head._id, 2), content: new Binary(new Uint8Array([1])) };
    expect(() => blobBytesOf(head, [...chunks.slice(0, 2), short])).toThrow(/holds 9 bytes, not the 10/);
    const inline = blobDocumentsOf(new Uint8Array([1, 2]), createdAt).head;
    expect(() => blobBytesOf({ ...inline, size: 3 })).toThrow(/holds 2 bytes/);
  });
});

describe("Idempotency-Key claims as documents", () => {
  const now = at("2031-06-01T12:00:00Z");
  const claimed = (fingerprint: string, claimedAt: Date, answered = false): IdempotencyDocument => ({
    _id: idempotencyId("scope", "key"),
    ...freshClaim(fingerprint, claimedAt),
    ...(answered ? answerFields({ status: 200, headers: {}, body: new Uint8Array() }, claimedAt) : {}),
  });

  it("decides a claim as the SQL store does: mismatch, replay, in progress, or take over", () => {
    expect(claimOutcomeOf(claimed("a", now), "b", now)).toEqual({ kind: "mismatch" });
    expect(claimOutcomeOf(claimed("a", now, true), "a", now)).toMatchObject({ kind: "replay" });
    expect(claimOutcomeOf(claimed("a", now), "a", plus(now, IDEMPOTENCY_CLAIM_MS - 1))).toEqual({ kind: "in-progress" });
    expect(claimOutcomeOf(claimed("a", now), "a", plus(now, IDEMPOTENCY_CLAIM_MS))).toBe("take-over");
    expect(claimOutcomeOf(claimed("a", now), "b", plus(now, IDEMPOTENCY_CLAIM_MS))).toEqual({ kind: "mismatch" });
    expect(claimOutcomeOf(claimed("a", now, true), "a", plus(now, IDEMPOTENCY_TTL_MS - 1))).toMatchObject({ kind: "replay" });
    expect(claimOutcomeOf(claimed("a", now, true), "b", plus(now, IDEMPOTENCY_TTL_MS))).toBe("take-over");
    // Issue 38: a released claim is taken at once, by any request.
    const released = { ...claimed("a", now), claimedAt: RELEASED };
    expect(claimOutcomeOf(released, "a", now)).toBe("take-over");
    expect(claimOutcomeOf(released, "b", now)).toBe("take-over");
  });

  it("writes through takeoverFilter exactly when claimOutcomeOf says take over", () => {
    const offsets = [0, 1, IDEMPOTENCY_CLAIM_MS - 1, IDEMPOTENCY_CLAIM_MS, IDEMPOTENCY_CLAIM_MS + 1, IDEMPOTENCY_TTL_MS - 1, IDEMPOTENCY_TTL_MS, IDEMPOTENCY_TTL_MS + 1];
    fc.assert(
      fc.property(
        fc.constantFrom("a", "b"),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(...offsets),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom("a", "b"),
        (stored, answered, released, offset, jitter, asked) => {
          const document = released && !answered ? { ...claimed(stored, now, answered), claimedAt: RELEASED } : claimed(stored, now, answered);
          const when = plus(now, offset + jitter);
          expect(matches(takeoverFilter(document._id, asked, when), document)).toBe(claimOutcomeOf(document, asked, when) === "take-over");
        },
      ),
    );
    // Only the key's own document.
    expect(matches(takeoverFilter(idempotencyId("scope", "other"), "a", plus(now, IDEMPOTENCY_TTL_MS)), claimed("a", now))).toBe(false);
  });

  it("keeps an answer's headers as pairs, whatever their names, and its body byte for byte", () => {
    const response = { status: 201, headers: { "content-type": "application/json", "x.dotted": "1", $dollar: "2" }, body: new Uint8Array([0, 1, 255, 0]) };
    const fields = answerFields(response, now);
    expect(fields.headers).toEqual([
      { name: "content-type", value: "application/json" },
      { name: "x.dotted", value: "1" },
      { name: "$dollar", value: "2" },
    ]);
    expect(fields.expiresAt).toEqual(plus(now, IDEMPOTENCY_TTL_MS));
    const back = storedAnswerOf({ ...claimed("a", now), ...fields });
    expect({ ...back, body: [...back.body] }).toEqual({ ...response, body: [0, 1, 255, 0] });
    expect(() => storedAnswerOf(claimed("a", now))).toThrow(/no answer/);
  });
});

describe("partition leases as documents", () => {
  const leaseMs = 10_000;
  const ago = (ms: number) => new Date(Date.now() - ms);
  const lease = (unit: number, holder: string, expiresAt: Date): LeaseDocument => ({ _id: unit, holder, expiresAt });

  it("renews our own lease, takes an expired one, never a live one of another's (on the server's clock)", () => {
    expect(matches(takeableFilter(1, "me"), lease(1, "me", ago(-5000)))).toBe(true);
    expect(matches(takeableFilter(1, "me"), lease(1, "me", ago(5000)))).toBe(true);
    expect(matches(takeableFilter(1, "me"), lease(1, "other", ago(5000)))).toBe(true);
    expect(matches(takeableFilter(1, "me"), lease(1, "other", ago(-5000)))).toBe(false);
    expect(matches(takeableFilter(2, "me"), lease(1, "me", ago(-5000)))).toBe(false);
    // The upsert's filter matches ours alone, so for a unit with another's document its insert collides with the `_id`.
    expect(matches(freeOrOursFilter(1, "me"), lease(1, "me", ago(5000)))).toBe(true);
    expect(matches(freeOrOursFilter(1, "me"), lease(1, "other", ago(5000)))).toBe(false);

    expect(matches(liveFilter, lease(1, "other", ago(-5000)))).toBe(true);
    expect(matches(liveFilter, lease(1, "other", ago(5000)))).toBe(false);
  });

  it("writes the holder and the server's now + leaseMs, in a pipeline update", () => {
    const documents: Document[] = [lease(3, "other", ago(5000))];
    const before = Date.now();
    const result = updateOne(documents, takeableFilter(3, "me"), leaseUpdate("me", leaseMs) as PipelineStage[], {}, { context });
    expect(result.matchedCount).toBe(1);
    expect(documents[0]!.holder).toBe("me");
    expect(documents[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + leaseMs);
    expect(documents[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + leaseMs);

    const members = [{ _id: "me", expiresAt: ago(1) }];
    updateOne(members, { _id: "me" }, memberUpdate(leaseMs) as PipelineStage[], {}, { context });
    expect(members[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + leaseMs);
    // Another's live lease is left alone.
    const live: Document[] = [lease(3, "other", ago(-5000))];
    expect(updateOne(live, takeableFilter(3, "me"), leaseUpdate("me", leaseMs) as PipelineStage[], {}, { context }).matchedCount).toBe(0);
    expect(live[0]!.holder).toBe("other");
  });

  it("plans AdvisoryLeases' shares: the first units mod members take one more, each starting from its own place", () => {
    const none = new Set<number>();
    expect(rebalancePlan({ units: 8, members: ["a"], holder: "a", ours: none, taken: none })).toEqual({ share: 8, release: [], candidates: [0, 1, 2, 3, 4, 5, 6, 7] });
    expect(rebalancePlan({ units: 8, members: ["c", "a", "b"], holder: "a", ours: none, taken: none }).share).toBe(3);
    expect(rebalancePlan({ units: 8, members: ["c", "a", "b"], holder: "b", ours: none, taken: none })).toMatchObject({ share: 3, candidates: [3, 4, 5, 6, 7, 0, 1, 2] });
    expect(rebalancePlan({ units: 8, members: ["c", "a", "b"], holder: "c", ours: none, taken: new Set([0, 7]) })).toMatchObject({ share: 2, candidates: [6, 1, 2, 3, 4, 5] });
    // Units beyond a lowered count go back first, then the highest beyond the share.
    expect(rebalancePlan({ units: 4, members: ["a", "b"], holder: "a", ours: new Set([0, 1, 2, 5, 6]), taken: none })).toMatchObject({ share: 2, release: [6, 5, 2] });
    // A member the server did not list yet ranks first rather than nowhere.
    expect(rebalancePlan({ units: 3, members: ["b"], holder: "a", ours: none, taken: none }).share).toBe(3);
  });

  it("settles any number of members on a fair split, never holding a unit twice", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 16 }), fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (count, units, order) => {
        const members = Array.from({ length: count }, (_, i) => `m${i}`);
        const holders = new Map<number, string>();
        const look = (holder: string) => {
          const ours = new Set([...holders].filter(([, h]) => h === holder).map(([unit]) => unit));
          const taken = new Set([...holders].filter(([, h]) => h !== holder).map(([unit]) => unit));
          const plan = rebalancePlan({ units, members, holder, ours, taken });
          for (const unit of plan.release) holders.delete(unit);
          let held = ours.size - plan.release.length;
          for (const unit of plan.candidates) {
            if (held >= plan.share) break;
            expect(holders.has(unit)).toBe(false);
            holders.set(unit, holder);
            held += 1;
          }
        };
        // Members look in any order for a while, then each looks twice more in turn.
        for (const n of order) look(members[n % count]!);
        for (let round = 0; round < 2; round++) for (const member of members) look(member);
        const sizes = members.map((member) => [...holders.values()].filter((h) => h === member).length);
        expect([...holders.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: units }, (_, unit) => unit));
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("driver errors", () => {
  it("answers an unreachable or failing-over server as StoreUnavailableError, with the driver's error as its cause", () => {
    const outages = [
      new MongoServerSelectionError("Server selection timed out after 3000 ms", { error: null } as unknown as TopologyDescription),
      new MongoNetworkError("connection 1 to 127.0.0.1:27017 closed"),
      new MongoNetworkTimeoutError("connection 1 to 127.0.0.1:27017 timed out"),
      new MongoServerError({ message: "not primary", code: 10107, codeName: "NotWritablePrimary" }),
      new MongoServerError({ message: "interrupted", code: 11602, codeName: "InterruptedDueToReplStateChange" }),
    ];
    for (const outage of outages) {
      const translated = mongoErrorOf(outage);
      expect(translated).toBeInstanceOf(StoreUnavailableError);
      expect((translated as StoreUnavailableError).code).toBe("STORE_UNAVAILABLE");
      expect((translated as StoreUnavailableError).cause).toBe(outage);
      expect((translated as Error).message).toContain(outage.message);
    }
  });

  it("leaves everything else as it came: a duplicate key, a bad query, a bug", () => {
    const duplicate = new MongoServerError({ message: "E11000 duplicate key error", code: 11000 });
    const badQuery = new MongoServerError({ message: "unknown operator: $foo", code: 2, codeName: "BadValue" });
    const bug = new TypeError("undefined is not a function");
    for (const error of [duplicate, badQuery, bug, "a string"]) expect(mongoErrorOf(error)).toBe(error);
    expect(isDuplicateKey(duplicate)).toBe(true);
    expect(isDuplicateKey(badQuery)).toBe(false);
    expect(isDuplicateKey(new Error("E11000"))).toBe(false);
  });
});
