#!/usr/bin/env node
// The `bahi` CLI. TypeScript runs through tsx's loader, so there is no separate build step for the servers.
import { isMainThread, Worker } from "node:worker_threads";
import { register } from "tsx/esm/api";

const [command, sub] = process.argv.slice(2);

if (isMainThread && command === "projector" && sub === "rebuild") {
  await rebuildInWorker();
} else {
  register();
  await import("./bahi.ts");
}

/**
 * Issue 13: `bahi projector rebuild` runs in a worker thread whose heap is capped (256 MB, or
 * BAHI_REBUILD_HEAP_MB), and this thread loads nothing else. A rebuild holds one batch at a
 * time, but without a cap V8 let the garbage of batch after batch pile up before collecting it:
 * the process peaked at 636 MB with 1,00,000 invoices, and at 472 MB with the cap, as fast. A
 * rebuild that truly needs more fails saying so, and its half-built generations are dropped as
 * any failed rebuild's are.
 */
async function rebuildInWorker() {
  const setting = process.env.BAHI_REBUILD_HEAP_MB;
  const heapMb = setting === undefined ? 256 : Number(setting);
  if (!Number.isInteger(heapMb) || heapMb < 1) {
    console.error(`bahi: BAHI_REBUILD_HEAP_MB must be a whole number of megabytes, not "${setting}"`);
    process.exitCode = 1;
    return;
  }
  const worker = new Worker(new URL(import.meta.url), { argv: process.argv.slice(2), resourceLimits: { maxOldGenerationSizeMb: heapMb } });
  const code = await new Promise((done) => {
    worker.on("error", (error) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        console.error(`bahi: the rebuild needed more than ${heapMb} MB of heap: set BAHI_REBUILD_HEAP_MB higher, or BAHI_PROJECTOR_BATCH_SIZE lower`);
      } else {
        console.error(`bahi: the rebuild failed: ${error.stack ?? error}`);
      }
    });
    worker.on("exit", done);
  });
  // exitCode rather than exit(): what the worker wrote may still be on its way out.
  if (code !== 0) process.exitCode = code === 1 ? 1 : 70;
}
