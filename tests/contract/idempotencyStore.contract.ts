import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_CLAIM_MS, IDEMPOTENCY_TTL_MS, type IdempotencyStore, type StoredAnswer } from "@bahi/shared/server";

export interface OpenedIdempotencyStore {
  store: IdempotencyStore;
  close(): Promise<void>;
}

const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

const answer = (): StoredAnswer => ({
  status: 201,
  headers: { "content-type": "application/json; charset=utf-8", "x-bahi-position": "12:12", location: `/api/customers/${randomUUID()}`, etag: '"1"' },
  // Every byte value survives, NUL included.
  body: new Uint8Array([0, 123, 255, ...Buffer.from(`{"id":"${randomUUID()}","name":"₹ Traders"}`, "utf8"), 0]),
});

const fingerprint = () => randomBytes(16).toString("hex");

/**
 * The promises every IdempotencyStore adapter keeps (ports/idempotencyStore.ts), the ones the
 * Idempotency-Key middleware relies on (tests/api/idempotency.test.ts): one claim wins, an answer
 * is replayed byte for byte, a claim left by a dead process is taken over after
 * IDEMPOTENCY_CLAIM_MS, a key is forgotten IDEMPOTENCY_TTL_MS after its answer.
 *
 * The suite shares one store; each case keeps to a year of its own, and the sweep runs in the
 * earliest, so it never reaches another case's keys.
 */
export function idempotencyStoreContract(name: string, open: () => Promise<OpenedIdempotencyStore>): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let opened: OpenedIdempotencyStore;
    let store: IdempotencyStore;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.close();
    });

    it("claims a new key once: the same request again is in progress, another request under it a mismatch", async () => {
      const now = at("2031-01-01T00:00:00Z");
      const [scope, key, request] = [randomUUID(), randomUUID(), fingerprint()];
      expect(await store.claim(scope, key, request, now)).toEqual({ kind: "claimed", rerun: false });
      expect(await store.claim(scope, key, request, plus(now, 1000))).toEqual({ kind: "in-progress" });
      expect(await store.claim(scope, key, fingerprint(), plus(now, 1000))).toEqual({ kind: "mismatch" });
      // A key belongs to its scope: another scope's same key is a key of its own.
      expect(await store.claim(randomUUID(), key, request, now)).toEqual({ kind: "claimed", rerun: false });
    });

    it("replays a completed answer byte for byte, for the same request only, however long after the claim", async () => {
      const now = at("2032-01-01T00:00:00Z");
      const [scope, key, request] = [randomUUID(), randomUUID(), fingerprint()];
      const sent = answer();
      await store.claim(scope, key, request, now);
      await store.complete(scope, key, sent, plus(now, 500));

      const replay = await store.claim(scope, key, request, plus(now, IDEMPOTENCY_CLAIM_MS + 1000));
      expect(replay.kind).toBe("replay");
      const response = (replay as Extract<typeof replay, { kind: "replay" }>).response;
      expect({ status: response.status, headers: response.headers }).toEqual({ status: sent.status, headers: sent.headers });
      expect(Buffer.from(response.body).equals(Buffer.from(sent.body))).toBe(true);
      expect(await store.claim(scope, key, fingerprint(), plus(now, 1000))).toEqual({ kind: "mismatch" });

      // An answer without headers or body is an answer too.
      const emptyKey = randomUUID();
      await store.claim(scope, emptyKey, request, now);
      await store.complete(scope, emptyKey, { status: 204, headers: {}, body: new Uint8Array() }, now);
      const empty = await store.claim(scope, emptyKey, request, now);
      expect(empty.kind).toBe("replay");
      const emptyResponse = (empty as Extract<typeof empty, { kind: "replay" }>).response;
      expect([emptyResponse.status, emptyResponse.headers, emptyResponse.body.byteLength]).toEqual([204, {}, 0]);
    });

    it("takes over a claim left unanswered IDEMPOTENCY_CLAIM_MS ago by the same request, and only then", async () => {
      const now = at("2033-01-01T00:00:00Z");
      const [scope, key, request] = [randomUUID(), randomUUID(), fingerprint()];
      await store.claim(scope, key, request, now);
      expect(await store.claim(scope, key, request, plus(now, IDEMPOTENCY_CLAIM_MS - 1))).toEqual({ kind: "in-progress" });
      // A stale claim is still another request's key.
      expect(await store.claim(scope, key, fingerprint(), plus(now, IDEMPOTENCY_CLAIM_MS))).toEqual({ kind: "mismatch" });
      const takeover = plus(now, IDEMPOTENCY_CLAIM_MS);
      // The same request ran before and never answered: its rerun may find its own events in the log.
      expect(await store.claim(scope, key, request, takeover)).toEqual({ kind: "claimed", rerun: true });
      // The claim taken over is fresh: the clock starts again from the takeover.
      expect(await store.claim(scope, key, request, plus(takeover, IDEMPOTENCY_CLAIM_MS - 1))).toEqual({ kind: "in-progress" });

      // An answered key is never taken over, only replayed.
      const answeredKey = randomUUID();
      await store.claim(scope, answeredKey, request, now);
      await store.complete(scope, answeredKey, answer(), now);
      expect((await store.claim(scope, answeredKey, request, plus(now, 10 * IDEMPOTENCY_CLAIM_MS))).kind).toBe("replay");
    });

    it("lets exactly one of many racing claims win, of a new key and of a stale one", async () => {
      const now = at("2034-01-01T00:00:00Z");
      const [scope, key, request] = [randomUUID(), randomUUID(), fingerprint()];
      const race = (when: Date) => Promise.all(Array.from({ length: 8 }, () => store.claim(scope, key, request, when)));
      const kinds = (outcomes: { kind: string }[]) => outcomes.map((o) => o.kind).sort();

      expect(kinds(await race(now))).toEqual(["claimed", ...Array(7).fill("in-progress")]);
      expect(kinds(await race(plus(now, IDEMPOTENCY_CLAIM_MS)))).toEqual(["claimed", ...Array(7).fill("in-progress")]);
    });

    it("keeps a key IDEMPOTENCY_TTL_MS after its answer (or its claim); an expired key names a new request even before the sweep", async () => {
      const now = at("2035-01-01T00:00:00Z");
      const [scope, key, request] = [randomUUID(), randomUUID(), fingerprint()];
      await store.claim(scope, key, request, now);
      const answeredAt = plus(now, 5000);
      await store.complete(scope, key, answer(), answeredAt);
      const expiry = plus(answeredAt, IDEMPOTENCY_TTL_MS);
      expect((await store.claim(scope, key, request, plus(expiry, -1))).kind).toBe("replay");
      expect(await store.claim(scope, key, fingerprint(), plus(expiry, -1))).toEqual({ kind: "mismatch" });
      const newRequest = fingerprint();
      expect(await store.claim(scope, key, newRequest, expiry)).toEqual({ kind: "claimed", rerun: false });
      // Claimed afresh: the old answer is gone, the new request's claim is running.
      expect(await store.claim(scope, key, newRequest, plus(expiry, 1))).toEqual({ kind: "in-progress" });
      expect(await store.claim(scope, key, request, plus(expiry, 1))).toEqual({ kind: "mismatch" });

      // A claim never answered expires IDEMPOTENCY_TTL_MS after it was taken.
      const abandoned = randomUUID();
      await store.claim(scope, abandoned, request, now);
      expect(await store.claim(scope, abandoned, fingerprint(), plus(now, IDEMPOTENCY_TTL_MS - 1))).toEqual({ kind: "mismatch" });
      expect(await store.claim(scope, abandoned, fingerprint(), plus(now, IDEMPOTENCY_TTL_MS))).toEqual({ kind: "claimed", rerun: false });
    });

    it("gives back a running claim on release, keeps an answered one, and ignores an unknown key", async () => {
      const now = at("2036-01-01T00:00:00Z");
      const [scope, key, request] = [randomUUID(), randomUUID(), fingerprint()];
      await store.claim(scope, key, request, now);
      await store.release(scope, key);
      // Released: the retry (or even another request) runs afresh.
      expect(await store.claim(scope, key, fingerprint(), plus(now, 1000))).toEqual({ kind: "claimed", rerun: false });

      const answeredKey = randomUUID();
      await store.claim(scope, answeredKey, request, now);
      await store.complete(scope, answeredKey, answer(), now);
      await store.release(scope, answeredKey);
      expect((await store.claim(scope, answeredKey, request, plus(now, 1000))).kind).toBe("replay");

      await store.release(scope, randomUUID());
      await store.release(randomUUID(), key);
      expect(await store.claim(scope, key, request, plus(now, 2000))).toEqual({ kind: "mismatch" });

      // Issue 38: the same request claiming its released key again is a rerun, at once.
      const retried = randomUUID();
      await store.claim(scope, retried, request, now);
      await store.release(scope, retried);
      expect(await store.claim(scope, retried, request, plus(now, 1))).toEqual({ kind: "claimed", rerun: true });
      expect(await store.claim(scope, retried, request, plus(now, 2))).toEqual({ kind: "in-progress" });
      // Its expired key claimed by the same request again: a rerun too (the ids it derives are the same).
      const lapsed = randomUUID();
      await store.claim(scope, lapsed, request, now);
      expect(await store.claim(scope, lapsed, request, plus(now, IDEMPOTENCY_TTL_MS))).toEqual({ kind: "claimed", rerun: true });
    });

    it("sweeps the keys expired at or before its now, answered or not, and says how many", async () => {
      const now = at("2021-01-01T00:00:00Z");
      const scope = randomUUID();
      const [answered, unanswered, later] = [randomUUID(), randomUUID(), randomUUID()];
      const request = fingerprint();
      await store.claim(scope, answered, request, now);
      await store.complete(scope, answered, answer(), now);
      await store.claim(scope, unanswered, request, now);
      await store.claim(scope, later, request, plus(now, 1000));
      const expiry = plus(now, IDEMPOTENCY_TTL_MS);

      expect(await store.deleteExpired(plus(expiry, -1))).toBe(0);
      expect(await store.deleteExpired(expiry)).toBe(2);
      expect(await store.deleteExpired(expiry)).toBe(0);
      // Swept keys are new keys; the one that had not expired is still its request's.
      expect(await store.claim(scope, answered, fingerprint(), plus(expiry, -10_000))).toEqual({ kind: "claimed", rerun: false });
      expect(await store.claim(scope, later, fingerprint(), plus(expiry, -10_000))).toEqual({ kind: "mismatch" });
    });
  });
}
