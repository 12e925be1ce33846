/**
 * Invoice creation throughput over HTTP. The read side at 1k and 100k invoices (the dashboard,
 * the invoice list, the month's report and GSTR-1) is measured in reads.ts (readLatency).
 *
 * `node --import tsx tests/bench/commerce.ts [throughput|reads]`: these scenarios alone.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, pgliteClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { readLatency } from "./reads.ts";
import { serveBench } from "./server.ts";

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
  const app = await serveBench(pgliteClient(await openPglite(dir)));
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

if (process.argv[1]?.endsWith("commerce.ts")) {
  const which = process.argv[2] ?? "throughput";
  if (which !== "throughput" && which !== "reads") throw new Error(`unknown scenario ${which}: throughput or reads`);
  console.log("| what | requests | result |\n|---|---|---|");
  const rows = which === "reads" ? await readLatency(undefined, undefined, (line) => console.error(line)) : await invoiceThroughput();
  for (const row of rows) console.log(row);
}
