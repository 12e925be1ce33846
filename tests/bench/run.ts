/**
 * `npm run bench`: measurements reported in the README, never asserted in tests.
 * Each case runs against fresh stores in a temporary directory / database.
 */
import { embeddedAppendRows } from "./embedded.ts";
import { invoiceThroughput } from "./commerce.ts";
import { readLatency } from "./reads.ts";
import { asOfLatency } from "./asOf.ts";
import { appendThroughputRows } from "./append.ts";
import { shardRows } from "./shards.ts";

console.log("\n## Event store: single-event appends, embedded and on a server (issue 13)\n");
console.log("| store | writers | throughput | mean latency |\n|---|---|---|---|");
for (const row of await embeddedAppendRows()) console.log(row);

console.log("\n## Invoices and the dashboard\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of [...(await invoiceThroughput()), ...(await asOfLatency())]) console.log(row);

console.log("\n## Reads at 1,000 and 1,00,000 invoices in one business (issue 12)\n");
console.log("| what | requests | result |\n|---|---|---|");
for (const row of await readLatency()) console.log(row);

console.log("\n## Append notification, shards and read-your-writes (issue 12)\n");
console.log("| what | writers | throughput | mean latency per append |\n|---|---|---|---|");
for (const row of await appendThroughputRows()) console.log(row);
console.log("\n| what | events | result |\n|---|---|---|");
for (const row of await shardRows()) console.log(row);
