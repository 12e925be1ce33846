import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indianDateOf, type ExportManifest, type JournalEntry, type JournalPage } from "@bahi/shared/contract";
import { GENESIS_HASH, verifyJsonLinesExport } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];
const today = indianDateOf(new Date());
const yesterday = indianDateOf(new Date(Date.now() - 86_400_000));

/** `node bin/bahi.mjs ledger verify-export FILE`: no database, only the file. */
function verifyExportCli(file: string) {
  const run = spawnSync(process.execPath, ["bin/bahi.mjs", "ledger", "verify-export", file], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "" } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/**
 * Issue 11: the ledger of a business (Companies (Accounts) Rules 2014, Rule 3(1): an audit
 * trail of each transaction): its journal in chain order, the export an auditor takes away,
 * and the chain's verification.
 */
describe.each(backends)("the ledger journal on %s", (backend) => {
  let app: TestApp;
  let owner: ApiClient;
  let ownerId: string;
  let other: ApiClient;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp(backend);
    dir = await mkdtemp(join(tmpdir(), "bahi-ledger-"));
    owner = new ApiClient(app.baseUrl);
    ownerId = (await owner.register({ firstName: "Asha", lastName: "Rao" })).id;
    await owner.put("/api/profile", { stateCode: "27" });
    expect((await owner.post("/api/customers", { name: "Rao Traders", stateCode: "27" })).status).toBe(201);
    expect((await owner.post("/api/customers", { name: "Iyer Stores", stateCode: "27" })).status).toBe(201);
    expect((await owner.post("/api/products", { name: "Hair oil", sku: "HO-1", category: "Other", price: "100", stock: 10, gstRate: 18 })).status).toBe(201);
    other = new ApiClient(app.baseUrl);
    await other.register({ firstName: "Ravi", lastName: "Kumar" });
    expect((await other.post("/api/customers", { name: "Kumar & Sons", stateCode: "29" })).status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function everything(client: ApiClient, query = ""): Promise<JournalEntry[]> {
    const response = await client.get<JournalPage>(`/api/ledger?limit=500${query}`);
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    return response.body.entries;
  }

  it("lists the business's events oldest first, each linked to the one before, with who did it and the record", async () => {
    const response = await owner.get<JournalPage>("/api/ledger");
    expect(response.status).toBe(200);
    const { entries, head } = response.body;
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.prevHash).toBe(entries[i - 1]!.hash);
    expect(head).toEqual({ seq: entries[entries.length - 1]!.seq, hash: entries[entries.length - 1]!.hash });
    for (const entry of entries) {
      expect(entry.position).toMatch(/^\d+:\d+$/);
      expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(entry.recordedAt)).not.toBeNaN();
    }
    const added = entries.filter((e) => e.type === "CustomerAdded");
    expect(added).toHaveLength(2);
    expect(added[0]!.record?.kind).toBe("customer");
    // What happened in the business's words, as the record's history tells it.
    expect(added[0]!.summary).toContain("Rao Traders");
    expect(added[0]!.actor).toEqual({ kind: "member", id: ownerId, name: "Asha Rao", role: "owner" });
    expect(entries.some((e) => e.type === "ProductAdded" && e.record?.kind === "product")).toBe(true);
    // Nothing of the other business.
    expect(entries.some((e) => JSON.stringify(e).includes("Kumar"))).toBe(false);
    expect(entries.every((e) => e.actor.kind === "system" || e.actor.id === ownerId)).toBe(true);
  });

  it("pages by cursor without losing or repeating an entry", async () => {
    const all = await everything(owner);
    const paged: JournalEntry[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const page: JournalPage = (await owner.get<JournalPage>(`/api/ledger?limit=2${cursor ? `&cursor=${cursor}` : ""}`)).body;
      expect(page.entries.length).toBeLessThanOrEqual(2);
      paged.push(...page.entries);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(paged).toEqual(all);
  });

  it("filters by record kind, actor and India dates", async () => {
    const all = await everything(owner);
    const customers = await everything(owner, "&kind=customer");
    expect(customers.map((e) => e.seq)).toEqual(all.filter((e) => e.record?.kind === "customer").map((e) => e.seq));
    expect(customers.length).toBe(2);
    const limited = await owner.get<JournalPage>("/api/ledger?kind=customer&limit=1");
    expect(limited.body.entries).toEqual([customers[0]]);
    expect(limited.body.nextCursor).toBe(String(customers[0]!.seq));
    expect(await everything(owner, `&actor=${ownerId}`)).toEqual(all.filter((e) => e.actor.kind === "member"));
    expect(await everything(owner, "&actor=system")).toEqual(all.filter((e) => e.actor.kind === "system"));
    expect(await everything(owner, `&from=${today}&to=${today}`)).toEqual(all);
    expect(await everything(owner, `&to=${yesterday}`)).toEqual([]);
  });

  it("refuses bad parameters with 400 VALIDATION_FAILED, and strangers with 401", async () => {
    for (const query of ["limit=0", "limit=501", "limit=ten", "kind=spaceship", "from=2026-13-01", "to=yesterday", "cursor=-1", "actor=root", `from=${today}&to=${yesterday}`]) {
      const response = await owner.get(`/api/ledger?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe("VALIDATION_FAILED");
    }
    for (const query of ["format=xml", "from=31-10-2026"]) {
      const response = await owner.get(`/api/ledger/export?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe("VALIDATION_FAILED");
    }
    const stranger = new ApiClient(app.baseUrl);
    for (const path of ["/api/ledger", "/api/ledger/export", "/api/ledger/verify"]) expect((await stranger.get(path)).status, path).toBe(401);
  });

  it("verifies a clean chain: ok, every event checked, today's head", async () => {
    const all = await everything(owner);
    const response = await owner.get("/api/ledger/verify");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, checked: all.length, head: { seq: all.length, hash: all[all.length - 1]!.hash } });
  });

  it("exports JSON Lines with a manifest that verifies offline, and CSV with the same manifest", async () => {
    const all = await everything(owner);
    const response = await fetch(`${app.baseUrl}/api/ledger/export?format=jsonl&to=${today}`, { headers: { cookie: owner.cookie! } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="bahi-ledger-start-to-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    const text = await response.text();
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(all.length + 1);
    const manifest = (JSON.parse(lines[lines.length - 1]!) as { manifest: ExportManifest }).manifest;
    expect(manifest).toMatchObject({
      format: "bahi-ledger-export/1",
      businessId: ownerId,
      from: null,
      to: today,
      count: all.length,
      firstSeq: 1,
      lastSeq: all.length,
      firstPosition: all[0]!.position,
      lastPosition: all[all.length - 1]!.position,
      prevHashBeforeFirst: GENESIS_HASH,
      firstHash: all[0]!.hash,
      lastHash: all[all.length - 1]!.hash,
      head: { seq: all.length, hash: all[all.length - 1]!.hash },
    });
    expect(JSON.parse(Buffer.from(response.headers.get("x-bahi-manifest")!, "base64").toString("utf8"))).toEqual(manifest);
    expect(verifyJsonLinesExport(text)).toMatchObject({ ok: true, checked: all.length });

    const csv = await fetch(`${app.baseUrl}/api/ledger/export?format=csv`, { headers: { cookie: owner.cookie! } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const rows = (await csv.text()).trimEnd().split("\r\n");
    expect(rows[0]).toBe("seq,position,recordedAt,actor,type,stream,revision,id,hash,prevHash,data,metadata");
    expect(rows).toHaveLength(all.length + 1);
    expect(rows[1]!.startsWith(`1,${all[0]!.position},`)).toBe(true);
    expect(JSON.parse(Buffer.from(csv.headers.get("x-bahi-manifest")!, "base64").toString("utf8"))).toMatchObject({ count: all.length, lastHash: manifest.lastHash });

    // A range with no events is an empty export that still verifies.
    const empty = await (await fetch(`${app.baseUrl}/api/ledger/export?to=${yesterday}`, { headers: { cookie: owner.cookie! } })).text();
    expect(verifyJsonLinesExport(empty)).toMatchObject({ ok: true, checked: 0, manifest: { count: 0, lastHash: null } });
  });

  it("bahi ledger verify-export passes a good export and names what was changed in a tampered one", async () => {
    const text = await (await fetch(`${app.baseUrl}/api/ledger/export`, { headers: { cookie: owner.cookie! } })).text();
    const good = join(dir, "good.jsonl");
    await writeFile(good, text);
    const ok = verifyExportCli(good);
    expect(ok.out).toMatch(/^ok: \d+ events/);
    expect(ok.status).toBe(0);

    const lines = text.trimEnd().split("\n");
    const edited = lines.map((line) => line.replace('"name":"Iyer Stores"', '"name":"Iyer Stores (renamed)"'));
    expect(edited).not.toEqual(lines);
    const tampered = join(dir, "edited.jsonl");
    await writeFile(tampered, `${edited.join("\n")}\n`);
    const bad = verifyExportCli(tampered);
    expect(bad.out).toMatch(/PROBLEM: Line \d+ \(seq \d+\) was changed/);
    expect(bad.status).toBe(1);

    const dropped = join(dir, "dropped.jsonl");
    await writeFile(dropped, `${[...lines.slice(0, 1), ...lines.slice(2)].join("\n")}\n`);
    expect(verifyExportCli(dropped)).toMatchObject({ status: 1, out: expect.stringMatching(/PROBLEM: Line 2 has chain seq 3, expected 2/) });

    const recounted = join(dir, "recounted.jsonl");
    const manifest = JSON.parse(lines[lines.length - 1]!) as { manifest: ExportManifest };
    await writeFile(recounted, `${[...lines.slice(0, -1), JSON.stringify({ manifest: { ...manifest.manifest, count: 999 } })].join("\n")}\n`);
    expect(verifyExportCli(recounted)).toMatchObject({ status: 1, out: expect.stringMatching(/manifest counts 999 events/) });
  });

  it("an append moves the head on; the ledger reads the store, not a read model", async () => {
    const before = (await owner.get<JournalPage>("/api/ledger?limit=1")).body.head!;
    const eventsBefore = await countEvents(app.sql);
    expect((await owner.post("/api/customers", { name: "Shah Agencies", stateCode: "27" })).status).toBe(201);
    expect(await countEvents(app.sql)).toBeGreaterThan(eventsBefore);
    const after = (await owner.get<JournalPage>("/api/ledger?limit=1")).body.head!;
    expect(after.seq).toBeGreaterThan(before.seq);
    const last = await everything(owner, `&cursor=${before.seq}`);
    expect(last[0]!.prevHash).toBe(before.hash);
    expect(last[last.length - 1]!.hash).toBe(after.hash);
  });
});
