import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProjections, Projector } from "@bahi/projector";
import { openStores, type Stores } from "@bahi/shared/server";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../support/postgres.ts";

const skipReason = await postgresUnavailableReason();

/**
 * Issue 12: processes on one PostgreSQL database hear of each other's read-model commits and
 * rebuilds through NOTIFY sent after the commit (not inside it, where it would take the
 * server-wide notification lock until the commit is flushed).
 */
describe.skipIf(skipReason !== null)(`read-model hints across processes on PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  let database: TestDatabase;
  let here: Stores;
  let there: Stores;
  beforeAll(async () => {
    database = await createTestDatabase();
    here = await openStores({ kind: "postgres", databaseUrl: database.url });
    there = await openStores({ kind: "postgres", databaseUrl: database.url });
  });
  afterAll(async () => {
    await here?.close();
    await there?.close();
    await database?.drop();
  });

  const heard = (subscribe: (listener: () => void) => () => void) =>
    new Promise<void>((resolve) => {
      const unsubscribe = subscribe(() => {
        unsubscribe();
        resolve();
      });
    });

  it("tells another process of a commit, and of a rebuild's new generation", async () => {
    const collection = `hints-${randomUUID()}`;
    const commitHeard = heard((listener) => there.readStore.onCommit(listener));
    const rebuildHeard = heard((listener) => there.readStore.onRebuild(listener));
    // LISTEN starts with the first listener: give it a moment before anything is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [state] = await here.readStore.activeProjections([collection]);
    await here.readStore.commit([{ projection: collection, generation: state!.generation, expectedCheckpoint: null, checkpoint: "1:1", documents: [] }]);
    await commitHeard;
    await here.readStore.createGeneration(collection);
    await rebuildHeard;
  });

  it("wakes an idle projector in another process to fill a rebuild at once, not after its idle pause", async () => {
    await here.eventStore.appendToStream(
      `customer-${randomUUID()}`,
      [
        {
          id: randomUUID(),
          type: "CustomerAdded",
          data: { customerId: randomUUID(), ownerId: randomUUID(), name: "Asha", stateCode: "27" },
          metadata: { userId: null, actor: "system:test", causationId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ],
      "no_stream",
    );
    // The shard sleeps a minute between looks unless a hint wakes it; the test's limit is far shorter.
    const shard = new Projector({ eventLog: there.eventLog, readStore: there.readStore, projections: allProjections, idleMs: 60_000 });
    shard.start();
    try {
      await new Projector({ eventLog: here.eventLog, readStore: here.readStore, projections: allProjections }).catchUp();
      const started = Date.now();
      const { generations } = await new Projector({ eventLog: here.eventLog, readStore: here.readStore, projections: allProjections }).rebuild({ shared: true, pollMs: 20 });
      expect(Object.keys(generations)).toHaveLength(allProjections.length);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await shard.stop();
    }
  }, 30_000);
});
