import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JournalPage, LedgerVerification } from "@bahi/shared/contract";
import { GENESIS_HASH, linkHash, migrate, storesOnClient, type EventMetadata, type NewEvent, type SqlClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { freshPglite } from "../support/pglite.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
if (postgresSkipReason) console.warn(`SKIPPED the ledger's tamper and concurrency suites (they need PostgreSQL): ${postgresSkipReason}`);

function metadataOf(businessId: string): EventMetadata {
  return { userId: businessId, businessId, actor: `user:${businessId}`, causationId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 };
}

function note(businessId: string, n: number): NewEvent {
  return { id: randomUUID(), type: "LedgerTestNoted", data: { n, text: `note ${n}`, amountPaise: n * 100 }, metadata: metadataOf(businessId) };
}

/** A business with a few records, signed in; its ledger entries. */
async function smallBusiness(app: TestApp) {
  const owner = new ApiClient(app.baseUrl);
  const { id } = await owner.register();
  for (const name of ["Rao Traders", "Iyer Stores", "Shah Agencies"]) expect((await owner.post("/api/customers", { name, stateCode: "27" })).status).toBe(201);
  const entries = (await owner.get<JournalPage>("/api/ledger?limit=500")).body.entries;
  expect(entries.length).toBeGreaterThanOrEqual(5);
  const verify = async () => (await owner.get<LedgerVerification>("/api/ledger/verify")).body;
  expect(await verify()).toMatchObject({ ok: true, checked: entries.length });
  return { owner, id, entries, verify };
}

/** The row of the store position "tx:pos". */
const at = (position: string) => {
  const [tx, pos] = position.split(":");
  return { where: "transaction_id = $1::text::xid8 AND position = $2::bigint", params: [tx, pos] };
};

/**
 * Issue 11: tamper evidence (Companies (Accounts) Rules 2014, Rule 3(1) and its proviso: an
 * audit trail that cannot be altered). The application's own connection cannot change the
 * log (tests/api/append-only.test.ts); a superuser who disables the trigger can, and verify
 * names the first event so changed, whichever way.
 */
describe.skipIf(postgresSkipReason !== null)("the hash chain catches a superuser's edits on postgres", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("postgres");
    // As a superuser would (the suites connect as one): the append-only trigger off.
    await app.sql.query("ALTER TABLE bahi_events DISABLE TRIGGER USER");
  });
  afterAll(async () => {
    await app?.sql.query("ALTER TABLE bahi_events ENABLE TRIGGER USER").catch(() => undefined);
    await app?.close();
  });

  it("Rule 3(1): an event's data edited in the database is named as edited, at its position", async () => {
    const { entries, verify } = await smallBusiness(app);
    const target = entries.find((e) => e.type === "CustomerAdded")!;
    const row = at(target.position);
    await app.sql.query(`UPDATE bahi_events SET data = jsonb_set(data, '{name}', '"Someone Else"') WHERE ${row.where}`, row.params);
    expect(await verify()).toEqual({
      ok: false,
      checked: target.seq - 1,
      head: { seq: target.seq - 1, hash: target.prevHash },
      firstProblem: { kind: "edited", position: target.position, seq: target.seq },
    });
  });

  it("Rule 3(1): an event deleted from the database is named as deleted, at the event after the gap", async () => {
    const { entries, verify } = await smallBusiness(app);
    const target = entries[2]!;
    const row = at(target.position);
    await app.sql.query(`DELETE FROM bahi_events WHERE ${row.where}`, row.params);
    expect(await verify()).toMatchObject({ ok: false, checked: 2, firstProblem: { kind: "deleted", position: entries[3]!.position, seq: 3 } });
  });

  it("Rule 3(1): the last event deleted is named as deleted against the chain's head", async () => {
    const { entries, verify } = await smallBusiness(app);
    const last = entries[entries.length - 1]!;
    const row = at(last.position);
    await app.sql.query(`DELETE FROM bahi_events WHERE ${row.where}`, row.params);
    expect(await verify()).toMatchObject({ ok: false, checked: entries.length - 1, firstProblem: { kind: "deleted", position: null, seq: last.seq } });
  });

  it("Rule 3(1): a forged event inserted with a self-consistent hash on a made-up link is named as inserted", async () => {
    const { id, entries, verify } = await smallBusiness(app);
    const forged = {
      id: randomUUID(),
      type: "CustomerAdded",
      data: { customerId: randomUUID(), ownerId: id, name: "Ghost Traders" },
      metadata: metadataOf(id),
      streamId: `customer-${randomUUID()}`,
      revision: 0,
      recordedAt: new Date().toISOString(),
    };
    const prevHash = "ab".repeat(32);
    const hash = linkHash(prevHash, forged);
    const seq = entries.length + 1;
    const [row] = await app.sql.query<{ position: string }>(
      `INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata, recorded_at, chain_key, chain_seq, prev_hash, hash)
       VALUES ($1, $2, 0, $3, $4::jsonb, $5::jsonb, $6::timestamptz, $7, $8, $9, $10)
       RETURNING transaction_id::text || ':' || position::text AS position`,
      [forged.id, forged.streamId, forged.type, JSON.stringify(forged.data), JSON.stringify(forged.metadata), forged.recordedAt, id, seq, prevHash, hash],
    );
    expect(await verify()).toMatchObject({ ok: false, checked: entries.length, firstProblem: { kind: "inserted", position: row!.position, seq } });
  });

  it("Rule 3(1): two events swapped (their type and data) are named as reordered", async () => {
    const { entries, verify } = await smallBusiness(app);
    const customers = entries.filter((e) => e.type === "CustomerAdded");
    const [a, b] = [customers[0]!, customers[1]!];
    const [ra, rb] = [at(a.position), at(b.position)];
    const [rowA] = await app.sql.query<{ type: string; data: string }>(`SELECT type, data::text FROM bahi_events WHERE ${ra.where}`, ra.params);
    const [rowB] = await app.sql.query<{ type: string; data: string }>(`SELECT type, data::text FROM bahi_events WHERE ${rb.where}`, rb.params);
    await app.sql.query(`UPDATE bahi_events SET type = $3, data = $4::jsonb WHERE ${ra.where}`, [...ra.params, rowB!.type, rowB!.data]);
    await app.sql.query(`UPDATE bahi_events SET type = $3, data = $4::jsonb WHERE ${rb.where}`, [...rb.params, rowA!.type, rowA!.data]);
    const swapped = await app.sql.query<{ name: string }>(`SELECT data->>'name' AS name FROM bahi_events WHERE ${ra.where}`, ra.params);
    expect(swapped[0]!.name).toBe("Iyer Stores");
    expect(await verify()).toMatchObject({ ok: false, checked: a.seq - 1, firstProblem: { kind: "reordered", position: a.position, seq: a.seq } });
  });

  it("Rule 3(1): two events' places in the chain swapped (their chain_seq) are named as reordered", async () => {
    const { id, entries, verify } = await smallBusiness(app);
    const [a, b] = [entries[1]!, entries[3]!];
    await app.sql.query("DROP INDEX bahi_events_chain");
    try {
      await app.sql.query(`UPDATE bahi_events SET chain_seq = CASE chain_seq WHEN $2 THEN $3 ELSE $2 END WHERE chain_key = $1 AND chain_seq IN ($2, $3)`, [id, a.seq, b.seq]);
    } finally {
      await app.sql.query("CREATE UNIQUE INDEX bahi_events_chain ON bahi_events (chain_key, chain_seq)");
    }
    expect(await verify()).toMatchObject({ ok: false, checked: 1, firstProblem: { kind: "reordered", position: b.position, seq: a.seq } });
  });

  it("bahi ledger verify names the business with a problem and exits 1; one clean business exits 0", async () => {
    const clean = await smallBusiness(app);
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["bin/bahi.mjs", "ledger", "verify", ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: app.databaseUrl! } });
    const one = run(["--business", clean.id]);
    expect(one.stdout).toMatch(new RegExp(`^ok\\t${clean.id}\\t${clean.entries.length} events\\thead ${clean.entries.length} ${clean.entries[clean.entries.length - 1]!.hash}`));
    expect(one.status).toBe(0);
    const all = run([]);
    expect(all.stdout).toMatch(/PROBLEM\t[0-9a-f-]{36}\tedited at seq \d+ \(position \d+:\d+\)/);
    expect(all.stdout).toMatch(/PROBLEM\t[0-9a-f-]{36}\tdeleted at seq/);
    expect(all.stdout).toMatch(/PROBLEM\t[0-9a-f-]{36}\tinserted at seq/);
    expect(all.stdout).toMatch(/PROBLEM\t[0-9a-f-]{36}\treordered at seq/);
    expect(all.stdout).toContain(`ok\t${clean.id}\t`);
    expect(all.status).toBe(1);
  });
});

describe.skipIf(postgresSkipReason !== null)("the chain under concurrent appends on postgres", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("postgres");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("20 appends at once to different streams of one business make one chain, seq 1..20, no fork", async () => {
    const business = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => app.stores.eventStore.appendToStream(`ledgertest-${randomUUID()}`, [note(business, i)], "no_stream")));
    expect(results).toHaveLength(20);
    const events = await app.stores.auditLog.businessEvents(business);
    expect(events.map((e) => e.chainSeq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(events[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < events.length; i++) expect(events[i]!.prevHash).toBe(events[i - 1]!.hash);
    expect(new Set(events.map((e) => e.prevHash)).size).toBe(20);
    expect(await app.stores.auditLog.chainHead(business)).toEqual({ seq: 20, hash: events[19]!.hash });
    expect(await app.stores.auditLog.verifyBusiness(business)).toEqual({ ok: true, checked: 20, head: { seq: 20, hash: events[19]!.hash } });
  });

  it("a retried append (same ids) is answered as the first and adds nothing to the chain", async () => {
    const business = randomUUID();
    const stream = `ledgertest-${randomUUID()}`;
    const events = [note(business, 1), note(business, 2)];
    const first = await app.stores.eventStore.appendToStream(stream, events, "no_stream");
    const again = await app.stores.eventStore.appendToStream(stream, events, "no_stream");
    expect(again).toEqual(first);
    expect(await app.stores.auditLog.chainHead(business)).toMatchObject({ seq: 2 });
    expect((await app.stores.auditLog.verifyBusiness(business)).ok).toBe(true);
  });
});

describe("the chain on the embedded store", () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await freshPglite();
  });
  afterAll(async () => {
    await sql?.close();
  });

  it("Rule 3(1): a clean ledger of 10,000 events verifies", async () => {
    let now = Date.parse("2026-10-01T04:30:00Z");
    const stores = await storesOnClient(sql, "pglite", { clock: () => new Date((now += 1000)) });
    const business = randomUUID();
    for (let batch = 0; batch < 100; batch++) {
      await stores.eventStore.appendToStream(
        `ledgertest-${randomUUID()}`,
        Array.from({ length: 100 }, (_, i) => note(business, batch * 100 + i)),
        "no_stream",
      );
    }
    const head = await stores.auditLog.chainHead(business);
    expect(head?.seq).toBe(10_000);
    const verification = await stores.auditLog.verifyBusiness(business);
    expect(verification).toEqual({ ok: true, checked: 10_000, head });
    // One append of a hundred events shares one recorded time; the clock moved between appends.
    const firstOctober = await stores.auditLog.businessEvents(business, { recordedUntil: new Date("2026-10-01T04:30:02Z") });
    expect(firstOctober.map((e) => e.chainSeq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(firstOctober[0]!.recordedAt).toBe("2026-10-01T04:30:01.000Z");
    const page = await stores.auditLog.businessEvents(business, { afterSeq: 9_990, limit: 5 });
    expect(page.map((e) => e.chainSeq)).toEqual([9_991, 9_992, 9_993, 9_994, 9_995]);
  });

  it("a store from before the chain gets its links from the migration, in log order, and verifies", async () => {
    const stores = await storesOnClient(sql, "pglite");
    const business = randomUUID();
    // Rows as an earlier release wrote them (or a bulk INSERT around the adapter): no chain columns.
    // More than one page of the backfill (1,000 rows), in three transactions.
    const count = 2_503;
    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [2, count],
    ] as const) {
      const events = Array.from({ length: to - from }, (_, i) => note(business, from + i));
      await sql.query(
        `INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata)
         SELECT e.id::uuid, e.stream, 0, e.type, e.data::jsonb, e.metadata::jsonb FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS e(id, stream, type, data, metadata)`,
        [
          events.map((e) => e.id),
          events.map(() => `ledgertest-${randomUUID()}`),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
    }
    expect(await stores.auditLog.verifyBusiness(business)).toMatchObject({ ok: false, firstProblem: { kind: "inserted" } });
    await migrate(sql);
    const events = await stores.auditLog.businessEvents(business);
    expect(events.map((e) => [e.chainSeq, (e.data as { n: number }).n])).toEqual(Array.from({ length: count }, (_, i) => [i + 1, i]));
    expect(await stores.auditLog.verifyBusiness(business)).toEqual({ ok: true, checked: count, head: { seq: count, hash: events[count - 1]!.hash } });
    // The trigger is back on after the backfill.
    await expect(sql.query("DELETE FROM bahi_events WHERE chain_key = $1", [business])).rejects.toThrow(/append-only/);
    // Appends continue the backfilled chain.
    await stores.eventStore.appendToStream(`ledgertest-${randomUUID()}`, [note(business, count)], "no_stream");
    expect(await stores.auditLog.verifyBusiness(business)).toMatchObject({ ok: true, checked: count + 1 });
  });
});
