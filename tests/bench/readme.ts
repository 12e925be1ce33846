/**
 * `npm run bench -- --readme`: the run's tables go into README.md between two markers, so the
 * README's "One run of npm run bench" section always holds one whole run, never a mix.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";

/** Replaces what lies between the README's two markers with this run's tables. */
export function writeIntoReadme(readme: URL, started: Date, printed: string[]): void {
  const START = "<!-- npm run bench --readme: start -->";
  const END = "<!-- npm run bench --readme: end -->";
  const text = readFileSync(readme, "utf8");
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no "${START}" … "${END}" section to write into`);
  const minutes = Math.round((Date.now() - started.getTime()) / 60_000);
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
  const run = [
    START,
    "",
    `Written by \`npm run bench -- --readme\` on ${started.toISOString().slice(0, 10)}: one run of ${minutes} minutes on ${machine}.`,
    ...printed.map((line) => line.replace(/^## /gm, "#### ")),
    "",
    END,
  ].join("\n");
  writeFileSync(readme, text.slice(0, from) + run + text.slice(to + END.length));
  console.error(`README.md: the run's tables are written between its markers`);
}
