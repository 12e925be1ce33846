import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ChainedEvent } from "../ports/auditLog.ts";
import { GENESIS_HASH, linkHash } from "./chain.ts";
import { csvExport, exportManifest, jsonLinesExport, recordedRange, verifyJsonLinesExport } from "./ledger.ts";

const BUSINESS = randomUUID();

function chain(count: number): ChainedEvent[] {
  const events: ChainedEvent[] = [];
  let prev = GENESIS_HASH;
  for (let i = 0; i < count; i++) {
    const base = {
      id: randomUUID(),
      type: "CustomerAdded",
      data: { name: `Party, "${i}"` },
      metadata: {
        userId: BUSINESS,
        actor: i === 1 ? '=HYPERLINK("http://x")' : `user:${BUSINESS}`,
        causationId: null,
        correlationId: "c",
        occurredAt: "2026-11-24T10:00:00.000Z",
        schemaVersion: 1,
      },
      streamId: `customer-${i}`,
      revision: 0,
      recordedAt: new Date(Date.UTC(2026, 10, 24, 4, i)).toISOString(),
      position: `${10 + i}:${i + 1}`,
    };
    const hash = linkHash(prev, base);
    events.push({ ...base, chainKey: BUSINESS, chainSeq: i + 1, prevHash: prev, hash });
    prev = hash;
  }
  return events;
}

const exportOf = (events: ChainedEvent[]) =>
  [...jsonLinesExport(events, exportManifest(BUSINESS, {}, events, { seq: events.length, hash: events[events.length - 1]?.hash ?? "" }, new Date()))].join("");

describe("the ledger export (Companies (Accounts) Rules 2014, Rule 3(1) and 3(5))", () => {
  it("verifies offline, from a stretch in the middle of the chain too", () => {
    const events = chain(6);
    expect(verifyJsonLinesExport(exportOf(events))).toMatchObject({ ok: true, checked: 6 });
    expect(verifyJsonLinesExport(exportOf(events.slice(2, 5)))).toMatchObject({
      ok: true,
      checked: 3,
      manifest: { firstSeq: 3, lastSeq: 5, prevHashBeforeFirst: events[1]!.hash },
    });
  });

  it("names a changed line, a missing line and a file without its manifest", () => {
    const text = exportOf(chain(4));
    const lines = text.trimEnd().split("\n");
    expect(verifyJsonLinesExport(text.replace('Party, \\"2\\"', 'Party, \\"9\\"'))).toMatchObject({ ok: false, checked: 2, problem: { line: 3 } });
    expect(verifyJsonLinesExport([lines[0], lines[2], lines[3], lines[4]].join("\n"))).toMatchObject({
      ok: false,
      problem: { line: 2, message: expect.stringMatching(/chain seq 3, expected 2/) },
    });
    expect(verifyJsonLinesExport(lines.slice(0, -1).join("\n"))).toMatchObject({ ok: false, problem: { message: expect.stringMatching(/manifest/) } });
    expect(verifyJsonLinesExport("")).toMatchObject({ ok: false });
  });

  it("writes CSV a spreadsheet reads as text: quotes, commas and formulas escaped", () => {
    const rows = [...csvExport(chain(2))];
    expect(rows[0]).toBe("seq,position,recordedAt,actor,type,stream,revision,id,hash,prevHash,data,metadata\r\n");
    expect(rows[1]).toContain('"{""name"":""Party, \\""0\\""""}"');
    // A cell starting with "=" would run as a formula: it is quoted behind an apostrophe.
    expect(rows[2]).toContain(`,"'=HYPERLINK(""http://x"")",CustomerAdded,`);
  });

  it("reads India's calendar days as the instants they span", () => {
    expect(recordedRange({ from: "2026-10-01", to: "2026-10-31" })).toEqual({
      recordedFrom: new Date("2026-09-30T18:30:00.000Z"),
      recordedUntil: new Date("2026-10-31T18:29:59.999Z"),
    });
  });
});
