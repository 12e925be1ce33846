/**
 * A child process for tests/processes/embeddedCrash.test.ts: opens the embedded store in
 * `<dataDir>` as `bahi start` does and appends from four concurrent writers (each its own
 * business) until killed, printing `ack <event id>` only once an append has resolved, i.e.
 * once its commit is acknowledged. It prints `ready` when the store is open.
 */
import { randomUUID } from "node:crypto";
import { openStores } from "@bahi/shared/server";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: embeddedWriter.ts <dataDir>");
const stores = await openStores({ kind: "embedded", dataDir });
process.stdout.write("ready\n");
await Promise.all(
  Array.from({ length: 4 }, async () => {
    const business = randomUUID();
    for (let i = 0; ; i++) {
      const id = randomUUID();
      await stores.eventStore.appendToStream(
        `crash-${randomUUID()}`,
        [{ id, type: "BenchEventRecorded", data: { i, padding: "x".repeat(200 + (i % 7) * 300) }, metadata: { userId: business, actor: "crash-test", schemaVersion: 1 } } as never],
        "no_stream",
      );
      // A pipe's write is synchronous on Linux: once this returns, the parent can read it.
      process.stdout.write(`ack ${id}\n`);
    }
  }),
);
