/**
 * Invoice creation throughput over HTTP. The read side at 1k and 100k invoices (the dashboard,
 * the invoice list, the month's report and GSTR-1) is measured in reads.ts (readLatency).
 *
 * `node --import tsx tests/bench/commerce.ts [throughput|roles|reads]`: these scenarios alone.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, pgliteClient } from "@bahi/shared/server";
import { ApiClient } from "../support/apiClient.ts";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { stop, type BahiProcess } from "../support/processes.ts";
import { CpuShares } from "./cpu.ts";
import { readLatency } from "./reads.ts";
import { serveBench, startRoleProcesses } from "./server.ts";
import { recordTarget, whole } from "./targets.ts";

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

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/**
 * Issue 13: creating invoices on PostgreSQL with the roles as separate processes (one
 * command-api, one read-api, one projector, as `bahi` starts them), at 1 and 16 clients, each
 * client a business of its own (a shop's counter), 30 untimed invoices per client first.
 */
export async function rolesThroughput(): Promise<string[]> {
  const reason = await postgresUnavailableReason();
  if (reason) return [`| POST /api/invoices, PostgreSQL roles | skipped: ${reason} | |`];
  const database = await createTestDatabase();
  const started: BahiProcess[] = [];
  try {
    const { commandApi, readApi } = await startRoleProcesses(database.url, started);
    const [commandPid, readPid, projectorPid] = started.map((role) => role.child.pid!);
    const roles = { "command-api": commandPid!, "read-api": readPid!, projector: projectorPid!, "bench client": process.pid };
    const rows: string[] = [];
    for (const clients of [1, 16]) {
      const shops = await Promise.all(
        Array.from({ length: clients }, async () => {
          const client = new ApiClient(readApi.url, { commandUrl: commandApi.url });
          return { client, ...(await seedBusiness(client)) };
        }),
      );
      const create = async ({ client, customer, product }: (typeof shops)[number]) => {
        const response = await client.post("/api/invoices", invoiceBody(customer, product));
        if (response.status !== 201) throw new Error(`POST /api/invoices: ${response.status} ${JSON.stringify(response.body)}`);
      };
      for (const shop of shops) for (let i = 0; i < 30; i++) await create(shop);
      const perClient = clients === 1 ? 300 : 60;
      const latencies: number[] = [];
      const begun = performance.now();
      const cpu = CpuShares.begin(roles);
      await Promise.all(
        shops.map(async (shop) => {
          for (let i = 0; i < perClient; i++) {
            const posted = performance.now();
            await create(shop);
            latencies.push(performance.now() - posted);
          }
        }),
      );
      const seconds = (performance.now() - begun) / 1000;
      if (clients === 16) {
        const rate = latencies.length / seconds;
        recordTarget({ what: "Creating invoices, PostgreSQL roles, 16 clients", target: "≥ 500 invoices/s", measured: `${whole(rate)} invoices/s`, met: rate >= 500 });
      }
      const busy = cpu ? `; CPU (100% = one core): ${cpu.end()}` : "";
      rows.push(
        `| POST /api/invoices, ${clients} client${clients > 1 ? "s" : ""} (a business each), PostgreSQL: command-api, read-api and projector one process each | ${latencies.length} | ` +
          `${(latencies.length / seconds).toFixed(1)} invoices/s, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms (issue 13 asks ≥ 500/s at 16)${busy} |`,
      );
    }
    return rows;
  } finally {
    for (const child of started) await stop(child);
    await database.drop();
  }
}

if (process.argv[1]?.endsWith("commerce.ts")) {
  const which = process.argv[2] ?? "throughput";
  if (which !== "throughput" && which !== "reads" && which !== "roles") throw new Error(`unknown scenario ${which}: throughput, roles or reads`);
  console.log("| what | requests | result |\n|---|---|---|");
  const rows = which === "reads" ? await readLatency(undefined, undefined, (line) => console.error(line)) : which === "roles" ? await rolesThroughput() : await invoiceThroughput();
  for (const row of rows) console.log(row);
}
