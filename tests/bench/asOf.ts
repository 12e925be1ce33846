/**
 * Issue 11: what an "as of" answer costs on the embedded store. A business's history is
 * written straight into the log with bulk INSERTs (setup only, as reads.ts does), chained by
 * running migrate() again (chainBackfill.ts links rows written around the adapter), and then
 * the dashboard and the report are asked as of moments after all of it: the worst case, every
 * event replayed. The first request for the business reads its whole chain; "another moment"
 * is a fresh replay from the chain already read; "same moment again" is a screen's second
 * request, answered from the replay itself.
 */
import { randomUUID } from "node:crypto";
import { migrate, type SqlClient } from "@bahi/shared/server";
import { serveBench } from "./server.ts";
import { ApiClient } from "../support/apiClient.ts";
import { freshPglite } from "../support/pglite.ts";

const START = Date.parse("2026-01-01T00:00:00Z");
/** One event a minute: 50,000 events span about five weeks. */
const STEP_MS = 60_000;

/** `count` events of one business: an invoice, then (for every other invoice) its payment. */
export async function bulkHistory(sql: SqlClient, ownerId: string, customerId: string, productId: string, from: number, count: number) {
  for (let offset = from; offset < from + count; offset += 5000) {
    const rows = { id: [] as string[], stream: [] as string[], revision: [] as number[], type: [] as string[], data: [] as string[], metadata: [] as string[], at: [] as string[] };
    let lastInvoice: string | null = null;
    for (let i = offset; i < Math.min(from + count, offset + 5000); i++) {
      const at = new Date(START + i * STEP_MS).toISOString();
      const metadata = JSON.stringify({ userId: ownerId, actor: `user:${ownerId}`, causationId: null, correlationId: "bench", occurredAt: at, schemaVersion: 1 });
      rows.id.push(randomUUID());
      rows.at.push(at);
      rows.metadata.push(metadata);
      if (i % 3 === 2 && lastInvoice) {
        rows.stream.push(`invoice-${lastInvoice}`);
        rows.revision.push(1);
        rows.type.push("InvoicePaymentRecorded");
        rows.data.push(
          JSON.stringify({
            invoiceId: lastInvoice,
            ownerId,
            paymentId: randomUUID(),
            amountPaise: 11800,
            date: at.slice(0, 10),
            mode: "upi",
            reference: null,
            settles: true,
            recordedAt: at,
          }),
        );
        lastInvoice = null;
        continue;
      }
      const invoiceId = randomUUID();
      lastInvoice = invoiceId;
      rows.stream.push(`invoice-${invoiceId}`);
      rows.revision.push(0);
      rows.type.push("InvoiceCreated");
      rows.data.push(
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
    }
    await sql.query(
      `INSERT INTO bahi_events (event_id, stream_id, stream_revision, type, data, metadata, recorded_at)
       SELECT e.id::uuid, e.stream, e.revision, e.type, e.data::jsonb, e.metadata::jsonb, e.at::timestamptz
         FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS e(id, stream, revision, type, data, metadata, at)`,
      [rows.id, rows.stream, rows.revision, rows.type, rows.data, rows.metadata, rows.at],
    );
  }
}

async function timed(client: ApiClient, path: string): Promise<number> {
  const started = performance.now();
  const response = await client.get(path);
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return ms;
}

export async function asOfLatency(sizes: readonly number[] = [1_000, 50_000, 100_000]): Promise<string[]> {
  const rows: string[] = [];
  const sql = await freshPglite();
  // No projector: the as-of answer reads the log alone, and the live read models are not timed here.
  const app = await serveBench(sql, { roles: ["command-api", "read-api"] });
  try {
    const client = new ApiClient(app.url, { readYourWrites: false });
    const me = await client.register();
    await client.put("/api/profile", { companyName: "Bench Traders", gstNumber: "27AAPFU0939F1ZV" });
    const product = (await client.post("/api/products", { name: "Widget", sku: `W-${randomUUID().slice(0, 8)}`, category: "Other", price: "100", stock: 1_000_000, gstRate: 18 }))
      .body.id as string;
    const customer = (await client.post("/api/customers", { address: "12 MG Road", name: "Buyer", gstNumber: "29AABCR1718E1ZL" })).body.id as string;
    let total = 0;
    for (const size of sizes) {
      await bulkHistory(sql, me.id, customer, product, total, size - total);
      total = size;
      const chainStarted = performance.now();
      await migrate(sql);
      const chainSeconds = (performance.now() - chainStarted) / 1000;
      // The setup can outlast the server's keep-alive timeout: let a stale socket fail untimed (as reads.ts does).
      await client.get("/api/health").catch(() => undefined);
      // After every bulk event, and distinct per request so each is a fresh replay.
      const moment = (k: number) => encodeURIComponent(new Date(START + size * STEP_MS + k * 1000 + total).toISOString());
      // The first as-of request for the business reads its chain; later ones read only new links.
      const first = await timed(client, `/api/dashboard/stats?asOf=${moment(0)}`);
      const fresh = { dashboard: [] as number[], report: [] as number[] };
      for (let k = 1; k <= 3; k++) {
        fresh.dashboard.push(await timed(client, `/api/dashboard/stats?asOf=${moment(2 * k)}`));
        fresh.report.push(await timed(client, `/api/reports?period=this-year&asOf=${moment(2 * k + 1)}`));
      }
      const cached = await timed(client, `/api/dashboard/stats?asOf=${moment(2)}`);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(0);
      rows.push(
        `| GET /api/dashboard/stats?asOf, ${size.toLocaleString("en-IN")} events, embedded store | 1 + 3 + 1 | first for the business (reads the chain) ${first.toFixed(0)} ms; another moment median ${median(fresh.dashboard)} ms; same moment again ${cached.toFixed(0)} ms (chaining the bulk history took ${chainSeconds.toFixed(1)} s) |`,
      );
      rows.push(`| GET /api/reports?asOf, ${size.toLocaleString("en-IN")} events, embedded store | 3 | another moment median ${median(fresh.report)} ms |`);
    }
    return rows;
  } finally {
    await app.close();
  }
}

// `node --import tsx tests/bench/asOf.ts [sizes…]`: this scenario alone.
if (process.argv[1]?.endsWith("asOf.ts")) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  for (const row of await asOfLatency(sizes.length > 0 ? sizes : undefined)) console.log(row);
}
