/**
 * Invoice creation throughput over HTTP, and dashboard latency at 1k and 100k invoices.
 * The 100k history is written straight into the log with one bulk INSERT (setup only: the
 * HTTP path would take an hour), then projected by the real projector like any other events.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, pgliteClient, storesOnClient } from "@bahi/shared/server";
import { createBahi } from "../../bin/server.ts";
import { ApiClient } from "../support/apiClient.ts";
import { freshPglite } from "../support/pglite.ts";
import type { AddressInfo } from "node:net";

async function serve(sql: Awaited<ReturnType<typeof freshPglite>>) {
  const stores = await storesOnClient(sql, "bench");
  const bahi = createBahi({
    roles: ["command-api", "read-api", "projector"],
    stores,
    sessionSecret: "b".repeat(40),
    clientDir: null,
    authLimits: { perIp: 1e9, perEmail: 1e9, windowMs: 60_000 },
  });
  const server = await bahi.listen(0, "127.0.0.1");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    stores,
    bahi,
    url,
    async close() {
      await bahi.close();
      await stores.close();
    },
  };
}

async function seedBusiness(client: ApiClient) {
  await client.register();
  await client.put("/api/profile", { companyName: "Bench Traders", gstNumber: "27AAPFU0939F1ZV" });
  await client.post("/api/profile/plan", { plan: "professional" });
  const product = (await client.post("/api/products", { name: "Widget", sku: `W-${randomUUID().slice(0, 8)}`, category: "Other", price: "100", stock: 1_000_000, gstRate: 18 }))
    .body.id as string;
  const customer = (await client.post("/api/customers", { address: "12 MG Road", name: "Buyer", gstNumber: "29AABCR1718E1ZL" })).body.id as string;
  return { product, customer };
}

const invoiceBody = (customerId: string, productId: string) => ({
  customerId,
  invoiceNumber: `B-${randomUUID().slice(0, 12)}`,
  status: "pending",
  dueDate: null,
  notes: null,
  subtotal: "100.00",
  gstAmount: "18.00",
  total: "118.00",
  items: [{ productId, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }],
});

export async function invoiceThroughput(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "bahi-bench-"));
  const app = await serve(pgliteClient(await openPglite(dir), { durableDir: dir }));
  try {
    const client = new ApiClient(app.url);
    const { product, customer } = await seedBusiness(client);
    const rows: string[] = [];
    for (const concurrency of [1, 4]) {
      const count = 100;
      const queue = Array.from({ length: count }, (_, i) => i);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (queue.shift() !== undefined) {
            const response = await client.post("/api/invoices", invoiceBody(customer, product));
            if (response.status !== 201) throw new Error(JSON.stringify(response.body));
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      rows.push(`| POST /api/invoices, ${concurrency} at a time, embedded store (fsync on) | ${count} | ${(count / seconds).toFixed(1)} invoices/s |`);
    }
    return rows;
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function bulkInvoices(sql: Awaited<ReturnType<typeof freshPglite>>, ownerId: string, customerId: string, productId: string, count: number) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let offset = 0; offset < count; offset += 5000) {
    const ids: string[] = [],
      streams: string[] = [],
      data: string[] = [],
      metadata: string[] = [];
    for (let i = offset; i < Math.min(count, offset + 5000); i++) {
      const invoiceId = randomUUID();
      const at = new Date(base + i * 60_000).toISOString();
      ids.push(randomUUID());
      streams.push(`invoice-${invoiceId}`);
      data.push(
        JSON.stringify({
          invoiceId,
          ownerId,
          invoiceNumber: `H-${i}`,
          issueDate: at,
          dueDate: null,
          notes: null,
          placeOfSupply: "29",
          taxKind: "inter",
          stateTaxLabel: "SGST",
          supplier: { name: "Bench Traders", gstin: "27AAPFU0939F1ZV", address: null, stateCode: "27" },
          customer: { id: customerId, name: "Buyer", gstin: "29AABCR1718E1ZL", address: null, email: null, phone: null },
          lines: [
            {
              lineId: randomUUID(),
              productId,
              productName: "Widget",
              hsnCode: null,
              quantity: 1,
              pricePaise: 10000,
              rateBasisPoints: 1800,
              discount: null,
              discountPaise: 0,
              taxablePaise: 10000,
              cgstPaise: 0,
              sgstPaise: 0,
              igstPaise: 1800,
              cessPaise: 0,
              amountPaise: 11800,
            },
          ],
          subtotalPaise: 10000,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 1800,
          cessPaise: 0,
          gstAmountPaise: 1800,
          totalPaise: 11800,
          createdAt: at,
        }),
      );
      metadata.push(JSON.stringify({ userId: ownerId, actor: "bench", causationId: null, correlationId: "bench", occurredAt: at, schemaVersion: 1 }));
    }
    await sql.query(
      `INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata)
       SELECT e.id::uuid, e.stream, 0, 'InvoiceCreated', e.data::jsonb, e.metadata::jsonb FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS e(id, stream, data, metadata)`,
      [ids, streams, data, metadata],
    );
  }
}

export async function dashboardLatency(): Promise<string[]> {
  const rows: string[] = [];
  const sql = await freshPglite();
  const app = await serve(sql);
  try {
    const client = new ApiClient(app.url);
    const { product, customer } = await seedBusiness(client);
    const me = (await client.get("/api/auth/me")).body.id as string;
    let total = 0;
    for (const target of [1_000, 100_000]) {
      await bulkInvoices(sql, me, customer, product, target - total);
      total = target;
      const projectStarted = performance.now();
      await app.bahi.projector!.catchUp();
      const projectSeconds = (performance.now() - projectStarted) / 1000;
      // Projecting 100k events can outlast the server's keep-alive timeout: the client's idle
      // socket may be closed under its next request (ECONNRESET). One untimed request first
      // lets a stale socket fail and be replaced; it is not part of the measurement.
      await client.get("/api/health").catch(() => undefined);
      const timings: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const response = await client.get("/api/dashboard/stats");
        timings.push(performance.now() - started);
        if (response.status !== 200) throw new Error(String(response.status));
      }
      timings.sort((a, b) => a - b);
      const p = (q: number) => timings[Math.floor(q * (timings.length - 1))]!.toFixed(2);
      rows.push(
        `| GET /api/dashboard/stats with ${target.toLocaleString("en-IN")} invoices | 200 | p50 ${p(0.5)} ms, p95 ${p(0.95)} ms (projecting the new invoices took ${projectSeconds.toFixed(1)} s) |`,
      );
    }
    return rows;
  } finally {
    await app.close();
  }
}
