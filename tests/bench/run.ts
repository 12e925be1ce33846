/**
 * `npm run bench`: measurements reported in the README, never asserted in tests.
 * Each case runs against fresh stores in a temporary directory / database.
 *
 * `npm run bench -- --readme` also writes the whole run's tables into README.md, between the
 * two markers of its "One run of npm run bench" section, so the README's figures are one run's.
 */
import { embeddedAppendRows } from "./embedded.ts";
import { invoiceThroughput, rolesThroughput } from "./commerce.ts";
import { readLatency, rolesMemory } from "./reads.ts";
import { asOfLatency } from "./asOf.ts";
import { APPEND_HEADER, appendThroughputRows } from "./append.ts";
import { commandRows, commandsHeader } from "./commands.ts";
import { rebuildRows } from "./rebuild.ts";
import { floorRows } from "./floors.ts";
import { shardRows } from "./shards.ts";
import { TARGETS_HEADER, targetRows } from "./targets.ts";
import { writeIntoReadme } from "./readme.ts";

const started = new Date();
const printed: string[] = [];
/** Prints a line of the tables, and keeps it for the README. */
function out(line: string): void {
  console.log(line);
  printed.push(line);
}

out("\n## Appends on PostgreSQL beside a raw INSERT and Emmett (issue 13)\n");
out(APPEND_HEADER);
for (const row of await appendThroughputRows()) out(row);

out("\n## Commands in one business holding 1,000, 10,000 and 1,00,000 invoices, embedded and on PostgreSQL\n");
out(commandsHeader());
for (const row of await commandRows({ progress: (line) => console.error(line) })) out(row);

out("\n## Event store: single-event appends, embedded and on a server (issue 13)\n");
out("| store | writers | throughput | mean latency |\n|---|---|---|---|");
for (const row of await embeddedAppendRows()) out(row);

out("\n## Invoices and the dashboard\n");
out("| what | requests | result |\n|---|---|---|");
for (const row of [...(await invoiceThroughput()), ...(await rolesThroughput()), ...(await asOfLatency())]) out(row);

out("\n## Reads, writes, rebuilds and memory at 1,000 and 1,00,000 invoices in one business (issues 12 and 13)\n");
out("| what | requests | result |\n|---|---|---|");
for (const row of await readLatency(undefined, 100, (line) => console.error(line))) out(row);

out("\n## Memory of the roles on PostgreSQL at 1,000 and 1,00,000 invoices (issue 13)\n");
out("| what | requests | result |\n|---|---|---|");
for (const row of await rolesMemory(undefined, 50, (line) => console.error(line))) out(row);

out("\n## Rebuilds in process, the first and the tenth (issue 13)\n");
out("| what | events | result |\n|---|---|---|");
for (const row of await rebuildRows()) out(row);

out("\n## What a rebuild stands on: the log read, the fold in memory, the document writes (issue 13)\n");
out("| what | result |\n|---|---|");
for (const row of await floorRows(undefined, (line) => console.error(line))) out(row);

out("\n## Shards and read-your-writes across processes (issue 12)\n");
out("| what | events | result |\n|---|---|---|");
for (const row of await shardRows()) out(row);

out("\n## Issue 13's targets beside what this run measured\n");
out(TARGETS_HEADER);
for (const row of targetRows()) out(row);

if (process.argv.includes("--readme")) writeIntoReadme(new URL("../../README.md", import.meta.url), started, printed);
