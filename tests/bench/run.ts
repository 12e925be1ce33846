/**
 * `npm run bench`: measurements reported in the README, never asserted in tests.
 * Each case runs against fresh stores in a temporary directory / database.
 */
import { embeddedAppendRows } from "./embedded.ts";
import { invoiceThroughput, rolesThroughput } from "./commerce.ts";
import { readLatency, rolesMemory } from "./reads.ts";
import { asOfLatency } from "./asOf.ts";
import { APPEND_HEADER, appendThroughputRows } from "./append.ts";
import { rebuildRows } from "./rebuild.ts";
import { floorRows } from "./floors.ts";
import { shardRows } from "./shards.ts";
import { TARGETS_HEADER, targetRows } from "./targets.ts";

console.log("\n## Appends on PostgreSQL beside a raw INSERT and Emmett (issue 13)\n");
console.log(APPEND_HEADER);
for (const row of await appendThroughputRows()) console.log(row);

console.log("\n## Event store: single-event appends, embedded and on a server (issue 13)\n");
console.log("| store | writers | throughput | mean latency |\n|---|---|---|---|");
for (const row of await embeddedAppendRows()) console.log(row);

console.log("\n## Invoices and the dashboard\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of [...(await invoiceThroughput()), ...(await rolesThroughput()), ...(await asOfLatency())]) console.log(row);

console.log("\n## Reads, writes, rebuilds and memory at 1,000 and 1,00,000 invoices in one business (issues 12 and 13)\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of await readLatency(undefined, 100, (line) => console.error(line))) console.log(row);

console.log("\n## Memory of the roles on PostgreSQL at 1,000 and 1,00,000 invoices (issue 13)\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of await rolesMemory(undefined, 50, (line) => console.error(line))) console.log(row);

console.log("\n## Rebuilds in process, the first and the tenth (issue 13)\n");
console.log("| what | events | result |\n|---|---|---|");
for (const row of await rebuildRows()) console.log(row);

console.log("\n## What a rebuild stands on: the log read, the fold in memory, the document writes (issue 13)\n");
console.log("| what | result |\n|---|---|");
for (const row of await floorRows(undefined, (line) => console.error(line))) console.log(row);

console.log("\n## Shards and read-your-writes across processes (issue 12)\n");
console.log("| what | events | result |\n|---|---|---|");
for (const row of await shardRows()) console.log(row);

console.log("\n## Issue 13's targets beside what this run measured\n");
console.log(TARGETS_HEADER);
for (const row of targetRows()) console.log(row);
