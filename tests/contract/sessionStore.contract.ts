import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionStore } from "@bahi/shared/server";

export interface OpenedSessionStore {
  store: SessionStore;
  close(): Promise<void>;
}

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * The promises every SessionStore adapter keeps (ports/sessionStore.ts), as the API relies on
 * them (tests/api/security.test.ts): a revoked or expired session is refused on the next
 * request, switching business is per session, the sweep forgets expired sessions.
 *
 * The suite shares one store; each case keeps to a year of its own, and the sweeps run in the
 * earliest, so one case's sweep never reaches another's sessions.
 */
export function sessionStoreContract(name: string, open: () => Promise<OpenedSessionStore>): void {
  describe(`SessionStore contract: ${name}`, () => {
    let opened: OpenedSessionStore;
    let store: SessionStore;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.close();
    });

    const newSession = async (createdAt: Date, lifetimeMs = 7 * DAY) => {
      const session = { id: randomUUID(), userId: randomUUID(), createdAt, expiresAt: plus(createdAt, lifetimeMs) };
      await store.create(session);
      return session;
    };

    it("finds a session it created, as created, until the moment it expires (exclusive)", async () => {
      const session = await newSession(at("2031-01-01T10:00:00.123Z"));
      const record = { ...session, revokedAt: null, businessId: null };
      expect(await store.findActive(session.id, session.createdAt)).toEqual(record);
      expect(await store.findActive(session.id, plus(session.expiresAt, -1))).toEqual(record);
      expect(await store.findActive(session.id, session.expiresAt)).toBeNull();
      expect(await store.findActive(session.id, plus(session.expiresAt, DAY))).toBeNull();
      expect(await store.findActive(randomUUID(), session.createdAt)).toBeNull();
    });

    it("refuses a second session under an id already taken, and keeps the first as it was", async () => {
      const first = await newSession(at("2032-01-01T00:00:00Z"));
      await expect(store.create({ ...first, userId: randomUUID() })).rejects.toThrow();
      expect((await store.findActive(first.id, first.createdAt))?.userId).toBe(first.userId);
    });

    it("revokes a session from the next lookup on, idempotently, and an unknown id without a trace", async () => {
      const createdAt = at("2033-01-01T00:00:00Z");
      const session = await newSession(createdAt);
      const other = await newSession(createdAt);
      await store.revoke(session.id, plus(createdAt, 60_000));
      expect(await store.findActive(session.id, plus(createdAt, 120_000))).toBeNull();
      await store.revoke(session.id, plus(createdAt, 180_000));
      expect(await store.findActive(session.id, plus(createdAt, 240_000))).toBeNull();
      // Revoking one session of a person leaves the others alone.
      expect(await store.findActive(other.id, plus(createdAt, 240_000))).not.toBeNull();

      const unknown = randomUUID();
      await store.revoke(unknown, createdAt);
      expect(await store.findActive(unknown, createdAt)).toBeNull();
      // Nothing was stored under the unknown id: a session created under it later is a new one, active.
      await store.create({ id: unknown, userId: other.userId, createdAt, expiresAt: plus(createdAt, DAY) });
      expect(await store.findActive(unknown, createdAt)).toMatchObject({ id: unknown, revokedAt: null });
    });

    it("switches a session's business from the next lookup on, back to the person's own with null, one session at a time", async () => {
      const createdAt = at("2034-01-01T00:00:00Z");
      const session = await newSession(createdAt);
      const otherBrowser = await newSession(createdAt);
      const business = randomUUID();

      await store.switchBusiness(session.id, business);
      expect(await store.findActive(session.id, createdAt)).toMatchObject({ id: session.id, userId: session.userId, businessId: business });
      expect((await store.findActive(otherBrowser.id, createdAt))?.businessId).toBeNull();

      await store.switchBusiness(session.id, null);
      expect((await store.findActive(session.id, createdAt))?.businessId).toBeNull();
      // A switch does not bring a revoked session back.
      await store.switchBusiness(otherBrowser.id, business);
      await store.revoke(otherBrowser.id, createdAt);
      await store.switchBusiness(otherBrowser.id, randomUUID());
      expect(await store.findActive(otherBrowser.id, createdAt)).toBeNull();
    });

    it("forgets the sessions expired at or before the sweep's now, revoked or not, and says how many", async () => {
      const createdAt = at("2021-01-01T00:00:00Z");
      const expiredEarlier = await newSession(createdAt, DAY);
      const revoked = await newSession(createdAt, DAY);
      await store.revoke(revoked.id, plus(createdAt, 1000));
      const expiringNow = await newSession(createdAt, 2 * DAY);
      const live = await newSession(createdAt, 3 * DAY);
      const revokedLive = await newSession(createdAt, 3 * DAY);
      await store.revoke(revokedLive.id, plus(createdAt, 1000));
      const sweep = expiringNow.expiresAt;

      expect(await store.deleteExpired(plus(createdAt, -1))).toBe(0);
      expect(await store.deleteExpired(sweep)).toBe(3);
      expect(await store.deleteExpired(sweep)).toBe(0);
      expect(await store.findActive(live.id, plus(sweep, -1))).toMatchObject({ id: live.id });
      for (const gone of [expiredEarlier, expiringNow]) expect(await store.findActive(gone.id, createdAt)).toBeNull();
      // A revoked session that has not expired stays until its own time is up.
      expect(await store.deleteExpired(live.expiresAt)).toBe(2);
    });
  });
}
