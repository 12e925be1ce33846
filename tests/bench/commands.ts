/**
 * Commands in ONE business that already holds 1,000, 10,000 and 1,00,000 invoices, embedded and
 * on PostgreSQL, from one run: each command's rate at each size side by side, and each larger
 * size's rate over the smallest's. The issue's targets: invoice creation in a business holding
 * 1,00,000 invoices ≥ 0.8× the rate in one holding 1,000, one after another and 8 at a time, the
 * same for payments, expenses and stock moves; the command side's memory at 1,00,000 within
 * issue 13's limits.
 *
 * The history is written straight into the log with bulk INSERTs (reads.ts's `insert`: the HTTP
 * path would take hours) and projected by the real projector. It lies in the current financial
 * year, up to an hour ago, so an invoice created today numbers from the same series:
 *
 * - each invoice's number issued from the business's invoice series (DocumentNumberIssued on
 *   `streams.documentSeries(owner, "invoice", GSTIN, financial year)`, what series.ts folds to
 *   give the next number), then the invoice (InvoiceCreated, as reads.ts writes it), due on
 *   receipt; four in five of the older ones paid (InvoicePaymentRecorded), the newest PAID_INTO
 *   left unpaid for the payments measured to land on. The creation process also writes an
 *   intent on the invoice's stream and the number's reservation: no command measured here reads
 *   either, and they would add minutes of projection at 1,00,000, so they are left out;
 * - a tenth as many reverse-charge purchases (ExpenseRecorded), each numbered first from the
 *   year's self-invoice series (SelfInvoiceNumberIssued), as purchaseFacts.ts records them;
 * - as many stock moves as invoices (StockReceived, every fourth a StockAdjusted) on the stream
 *   of one product, the "stocked" one.
 *
 * The commands then go over HTTP to the command side as a process of its own (`bahi start` on
 * the embedded data directory; command-api beside read-api and the projector on PostgreSQL), so
 * its resident memory is its own and a request that outlives its cell can be given up with its
 * process, which starts again on the same store. A cell (one command at one size, one at a time
 * or 8 at a time) sends at most `requests` (twice as many 8 at a time) and none after
 * `cellSeconds`; an answer still out GRACE_SECONDS later is given up. A 409 (another request
 * moved the stream) is sent again, as a client would, and counted.
 *
 * `node --import tsx tests/bench/commands.ts [sizes…] [--requests N] [--seconds N] [--embedded | --postgres]`:
 * this scenario alone; `--quick`: 1,000 and 10,000 invoices, embedded, 20 requests a cell.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareWirePositions, DEFAULT_INVOICE_PREFIX, financialYearOf, indianDateOf, selfInvoiceNumber, seriesNumber } from "@bahi/shared/contract";
import { streams, validateEvent, type BahiEvent, type EventData, type EventType } from "@bahi/shared/events";
import { returnPeriodOf } from "@bahi/shared/returns";
import { migrate, openPglite, pgliteClient, postgresClient, type SqlClient } from "@bahi/shared/server";
import { ApiClient, type ApiResponse } from "../support/apiClient.ts";
import { createTestDatabase, postgresUnavailableReason } from "../support/postgres.ts";
import { startRole, stop, type BahiProcess, type StartedRole } from "../support/processes.ts";
import { residentMb } from "./cpu.ts";
import { insert, invoiceFacts, isoDay, seed, SUPPLIER, type Business, type Row } from "./reads.ts";
import { roleEnv, serveBench, startRoleProcesses, type BenchServer } from "./server.ts";
import { recordTarget, targetRows, times, whole } from "./targets.ts";

export const COMMAND_SIZES: readonly number[] = [1_000, 10_000, 1_00_000];
/** Requests of a cell one at a time; 8 at a time sends twice as many. */
const REQUESTS = 100;
/** After this long a cell sends no more requests. */
const CELL_SECONDS = 30;
/** How long a cell waits past its time for the answers still out before it gives them up. */
const GRACE_SECONDS = 15;
const CONCURRENCY = 8;
/** Untimed requests before a cell one at a time (first-use compilation, caches). */
const WARM_UP = 5;
/**
 * A process just started has its own work first (`bahi start`'s overdue sweep reads every pending
 * invoice, the process recovery sweep looks for unfinished processes): the cells wait this long.
 */
const SETTLE_MS = 5_000;
/** The newest invoices are left unpaid: the payments land on them, one rupee each, in turn. */
const PAID_INTO = 300;
/** Rows per INSERT of the history. */
const BATCH = 5_000;
/**
 * Issue 13's limit for `bahi start` (the embedded process): 600 MB. Issue 13 set none for command-api
 * on PostgreSQL (its peak is the login's scrypt, 352 MB at 1,000 invoices): there the target is that
 * it does not grow with the history, at most 1.2× its peak in the smallest business.
 */
const MEMORY_LIMIT_MB = { embedded: 600, PostgreSQL: null } as const;
const MEMORY_GROWTH = 1.2;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type StoreName = keyof typeof MEMORY_LIMIT_MB;

export interface CommandRowsOptions {
  /** Invoices in the business, smallest first: the ratios are of each size against the first. */
  sizes?: readonly number[];
  /** Requests of a cell one at a time (8 at a time: twice as many). */
  requests?: number;
  /** Seconds after which a cell sends no more requests. */
  cellSeconds?: number;
  stores?: readonly StoreName[];
  /** Where progress goes (stderr from the runners): the 1,00,000 case takes minutes. */
  progress?: (line: string) => void;
}

/** "1k", "10k", "100k": the columns' names. */
const short = (size: number) => (size % 1_000 === 0 ? `${size / 1_000}k` : whole(size));

/** The table's header for these sizes: a rate per size, then each larger size against the first. */
export function commandsHeader(sizes: readonly number[] = COMMAND_SIZES): string {
  const columns = ["command", "store", ...sizes.map((size) => `${short(size)} /s`), ...sizes.slice(1).map((size) => `${short(size)}/${short(sizes[0]!)}`)];
  return `| ${columns.join(" | ")} |\n|${columns.map(() => "---|").join("")}`;
}

/** One event of the history, its data checked against the catalogue's type here and its schema before it is written. */
const row = <T extends EventType>(stream: string, revision: number, type: T, at: string, data: EventData<T>): Row => ({ stream, revision, type, at, data });

/** The first thousand rows of each type are checked against the catalogue's zod schemas (every variant of the history's cycles; the rest are made alike). */
function validated(rows: Row[], checked: Map<string, number>): Row[] {
  for (const r of rows) {
    const count = checked.get(r.type) ?? 0;
    if (count >= 1_000) continue;
    validateEvent({ type: r.type, data: r.data } as BahiEvent);
    checked.set(r.type, count + 1);
  }
  return rows;
}

interface History {
  /** The newest invoices, unpaid: the payments land on them in turn. */
  paidInto: string[];
  /** Numbers issued from the invoice series and from the self-invoice series. */
  invoices: number;
  purchases: number;
  events: number;
}

/**
 * The business's history of `size` invoices in the financial year of `now`, up to an hour
 * before it, written straight into the log (see the file's comment for what it holds).
 */
async function writeHistory(sql: SqlClient, business: Business, size: number, now: Date, parties: { landlord: { id: string; name: string } }): Promise<History> {
  const financialYear = financialYearOf(indianDateOf(now));
  const yearStart = Date.parse(`${financialYear.slice(0, 4)}-04-01T00:00:00+05:30`);
  const until = now.getTime() - HOUR_MS;
  const atOf = (i: number, count: number) => yearStart + Math.floor((i * (until - yearStart)) / count);
  const owner = business.ownerId;
  const gstin = SUPPLIER.gstin;
  const series = streams.documentSeries(owner, "invoice", gstin, financialYear);
  const checked = new Map<string, number>();
  const paidInto: string[] = [];
  let events = 0;
  const write = async (rows: Row[]) => {
    await insert(sql, owner, validated(rows, checked));
    events += rows.length;
  };

  // Invoices: each number issued from the series, then the invoice that took it, due on receipt (nothing for the overdue sweep to mark);
  // four in five of the older ones paid a few days later. One invoice's events together: its documents are then mostly written once.
  for (let offset = 0; offset < size; offset += BATCH) {
    const rows: Row[] = [];
    for (let i = offset; i < Math.min(size, offset + BATCH); i++) {
      const invoiceId = randomUUID();
      const atMs = atOf(i, size);
      const at = new Date(atMs).toISOString();
      const number = seriesNumber(DEFAULT_INVOICE_PREFIX, financialYear, i + 1);
      const invoice = invoiceFacts(business, i, { invoiceId, invoiceNumber: number, atMs, dueDate: null });
      const data = { userId: owner, series: "invoice", gstin, financialYear, sequence: i + 1, number, documentId: invoiceId, documentDate: isoDay(atMs), issuedAt: at };
      rows.push(row(series, i, "DocumentNumberIssued", at, data), row(streams.invoice(invoiceId), 0, "InvoiceCreated", at, invoice));
      if (i >= size - PAID_INTO) paidInto.push(invoiceId);
      else if (i % 5 !== 4) {
        const paidMs = Math.min(atMs + (1 + (i % 7)) * DAY_MS, until);
        const paidAt = new Date(paidMs).toISOString();
        rows.push(
          row(streams.invoice(invoiceId), 1, "InvoicePaymentRecorded", paidAt, {
            invoiceId,
            ownerId: owner,
            paymentId: randomUUID(),
            amountPaise: invoice.totalPaise,
            date: isoDay(paidMs),
            mode: i % 3 === 0 ? "upi" : i % 3 === 1 ? "bank_transfer" : "cash",
            reference: null,
            settles: true,
            recordedAt: paidAt,
          }),
        );
      }
    }
    await write(rows);
  }

  // Reverse-charge purchases (rent from an unregistered landlord), each numbered from the self-invoice series first.
  const purchases = Math.floor(size / 10);
  for (let offset = 0; offset < purchases; offset += BATCH) {
    const numbers: Row[] = [];
    const recorded: Row[] = [];
    for (let i = offset; i < Math.min(purchases, offset + BATCH); i++) {
      const expenseId = randomUUID();
      const atMs = atOf(i, purchases);
      const at = new Date(atMs).toISOString();
      const date = isoDay(atMs);
      const number = selfInvoiceNumber(financialYear, i + 1);
      numbers.push(
        row(streams.selfInvoice(owner, financialYear), i, "SelfInvoiceNumberIssued", at, { userId: owner, financialYear, number, sequence: i + 1, expenseId, issuedAt: at }),
      );
      recorded.push(
        row(streams.expense(expenseId), 0, "ExpenseRecorded", at, {
          expenseId,
          ownerId: owner,
          vendor: { id: parties.landlord.id, name: parties.landlord.name, gstNumber: null },
          category: "Office Rent",
          description: "Shop rent",
          amountPaise: 30_000_00,
          gstRateBasisPoints: 1800,
          cgstPaise: 2_700_00,
          sgstPaise: 2_700_00,
          igstPaise: 0,
          date,
          placeOfSupply: SUPPLIER.stateCode,
          vendorInvoiceNumber: null,
          vendorInvoiceDate: null,
          hsnCode: null,
          eligibleForItc: true,
          documentType: "bill",
          againstExpenseId: null,
          taxability: "taxable",
          reverseCharge: true,
          reverseChargeService: "renting-unregistered",
          selfInvoiceNumber: number,
          itcReason: null,
          isCapitalGoods: false,
          reportingPeriod: returnPeriodOf(date),
          recipientGstin: gstin,
          businessStateCode: SUPPLIER.stateCode,
          recordedAt: at,
        }),
      );
    }
    await write([...numbers, ...recorded]);
  }

  // As many stock moves as invoices on the stocked product's own stream, after what its creation wrote.
  const stocked = business.products[1]!;
  const productStream = streams.product(stocked.id);
  const head = await sql.query<{ revision: number | null }>("SELECT max(stream_revision)::int AS revision FROM bahi_events WHERE stream_id = $1", [productStream]);
  const first = (head[0]?.revision ?? -1) + 1;
  for (let offset = 0; offset < size; offset += BATCH) {
    const moves: Row[] = [];
    for (let i = offset; i < Math.min(size, offset + BATCH); i++) {
      const at = new Date(atOf(i, size)).toISOString();
      moves.push(
        i % 4 === 3
          ? row(productStream, first + i, "StockAdjusted", at, { productId: stocked.id, ownerId: owner, quantityDelta: -1, reason: "Damaged in the shop", adjustedAt: at })
          : row(productStream, first + i, "StockReceived", at, { productId: stocked.id, ownerId: owner, quantity: 10, note: null, receivedAt: at }),
      );
    }
    await write(moves);
  }
  return { paidInto, invoices: size, purchases, events };
}

/**
 * Until every projection has applied the whole log: the live projector of `app` reads beside
 * the bulk writes, so catchUp alone may return while its batch is still in flight, and a sale's
 * stock check would then wait for it (3 s, then a 409) inside a cell.
 */
async function projected(app: BenchServer): Promise<void> {
  const head = await app.stores.eventLog.head();
  for (const deadline = Date.now() + 900_000; Date.now() < deadline;) {
    await app.bahi.projector!.catchUp();
    const checkpoints = Object.values(await app.stores.readStore.checkpoints());
    if (checkpoints.every((position) => compareWirePositions(position, head) >= 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the projector did not reach the log's head in 15 minutes");
}

const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;

/** What a cell sends: each call one request, the next of the command's own sequence. */
interface Command {
  label: string;
  send(client: ApiClient): Promise<ApiResponse>;
}

/** The commands in the table's order. */
const LABELS = {
  invoices: "POST /api/invoices (the number from the series)",
  sales: "POST /api/invoices selling the stocked product",
  payments: `POST /api/invoices/:id/payments (₹1 on each of the ${PAID_INTO} newest, unpaid invoices in turn)`,
  bills: "POST /api/expenses (a vendor's bill)",
  reverseCharge: "POST /api/expenses (reverse charge: the number from the self-invoice series)",
  stock: "POST /api/products/:id/stock and /stock-adjustments in turn (the stocked product)",
} as const;

/** The commands in the order they run at each size: those that take a number from a long series last, as they may outlive their cells. */
function commandsOf(business: Business, history: History, parties: { supplier: string; landlord: string }, today: string): Command[] {
  const customer = business.customers[0]!;
  const sale = (productIndex: number, quantity: number) => {
    const product = business.products[productIndex]!;
    const net = product.pricePaise * quantity;
    const tax = product.taxPerUnitPaise * quantity;
    // No invoice number: the series gives the next one.
    return {
      customerId: customer.id,
      status: "pending",
      dueDate: null,
      notes: null,
      subtotal: rupees(net),
      gstAmount: rupees(tax),
      total: rupees(net + tax),
      items: [{ productId: product.id, quantity, price: rupees(product.pricePaise), gstRate: String(product.rateBasisPoints / 100), amount: rupees(net + tax) }],
    };
  };
  let payments = 0;
  let bills = 0;
  let moves = 0;
  const stocked = business.products[1]!;
  /** The answer, once its number is checked to come after those the history issued: else the series measured is not the one seeded. */
  const numbered = async (sent: Promise<ApiResponse>, field: "invoiceNumber" | "selfInvoiceNumber", seeded: number) => {
    const response = await sent;
    const number = String(response.body?.[field]);
    if (response.status === 201 && !(Number(/\/(\d+)$/.exec(number)?.[1]) > seeded)) throw new Error(`${field} ${number}: not after the ${seeded} numbers of the history`);
    return response;
  };
  const invoices: Command = { label: LABELS.invoices, send: (client) => numbered(client.post("/api/invoices", sale(0, 1)), "invoiceNumber", history.invoices) };
  // Two notebooks: ₹525.00, a whole rupee amount whatever the rounding setting.
  const sales: Command = { label: LABELS.sales, send: (client) => numbered(client.post("/api/invoices", sale(1, 2)), "invoiceNumber", history.invoices) };
  const payment: Command = {
    label: LABELS.payments,
    send: (client) =>
      client.post(`/api/invoices/${history.paidInto[payments++ % history.paidInto.length]}/payments`, { amount: "1.00", date: today, mode: "upi", reference: null }),
  };
  const bill: Command = {
    label: LABELS.bills,
    send: (client) =>
      client.post("/api/expenses", {
        vendorId: parties.supplier,
        category: "Supplies",
        description: "Packing material",
        amount: "1000",
        gstRate: "18",
        date: today,
        vendorInvoiceNumber: `PM-${++bills}`,
      }),
  };
  const reverseCharge: Command = {
    label: LABELS.reverseCharge,
    send: (client) =>
      numbered(
        client.post("/api/expenses", {
          vendorId: parties.landlord,
          category: "Office Rent",
          description: "Shop rent",
          amount: "30000",
          gstRate: "18",
          date: today,
          reverseCharge: true,
          reverseChargeService: "renting-unregistered",
        }),
        "selfInvoiceNumber",
        history.purchases,
      ),
  };
  const stock: Command = {
    label: LABELS.stock,
    send: (client) =>
      ++moves % 4 === 0
        ? client.post(`/api/products/${stocked.id}/stock-adjustments`, { quantityDelta: -1, reason: "Damaged in the shop" })
        : client.post(`/api/products/${stocked.id}/stock`, { quantity: 10, note: null }),
  };
  return [payment, bill, stock, reverseCharge, invoices, sales];
}

/** The command side as a process of its own: `bahi start` embedded, command-api on PostgreSQL. */
interface CommandSide {
  client: ApiClient;
  /** Its highest resident memory while the commands ran, over every process it was (MB). */
  peakMb: number;
  /** Its peak before that: start-up and the login's scrypt (MB). */
  startPeakMb: number;
  restarts: number;
  /** Gives up the process (its requests outlived their cell) and starts it again on the same store. */
  restart(): Promise<void>;
  /** Reads the process's peak into peakMb. */
  sample(): void;
}

/** Starts the command side with `start`, logs in, and counts its memory from then on. */
async function commandSide(
  business: Business,
  start: () => Promise<{ client: ApiClient; pid: number; stopHard(): Promise<void> }>,
  progress: (line: string) => void,
): Promise<CommandSide> {
  let current = await start();
  const login = await current.client.post("/api/auth/login", { email: business.email, password: "secret123" });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const forgetPeak = (pid: number) => {
    // Linux: "5" sets the process's VmHWM to its present resident size, so what follows is the commands' own peak.
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      // not Linux, or not allowed: the peak then counts start-up and login too
    }
  };
  const side: CommandSide = {
    client: current.client,
    peakMb: 0,
    startPeakMb: residentMb(current.pid).peakMb,
    restarts: 0,
    sample() {
      side.peakMb = Math.max(side.peakMb, residentMb(current.pid).peakMb);
    },
    async restart() {
      side.sample();
      const begun = performance.now();
      await current.stopHard();
      const { cookie, position } = side.client;
      current = await start();
      progress(`the command side, its requests given up, started again in ${((performance.now() - begun) / 1000).toFixed(1)} s`);
      current.client.cookie = cookie;
      current.client.position = position;
      side.client = current.client;
      side.restarts++;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      forgetPeak(current.pid);
    },
  };
  forgetPeak(current.pid);
  return side;
}

interface Cell {
  /** Answered requests a second, from the first timed request to the cell's end. */
  rate: number;
  answered: number;
  seconds: number;
  /** The cell's time ended it before all its requests were answered. */
  capped: boolean;
  /** 409s sent again. */
  retried: number;
  /** Not run: one at a time answered nothing within its cell. */
  skipped?: boolean;
}

const TIMED_OUT = Symbol("timed out");

/** `promise`, or TIMED_OUT once performance.now() reaches `at`. */
async function until<T>(promise: Promise<T>, at: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(resolve, Math.max(0, at - performance.now()), TIMED_OUT)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `count` requests of `command`, `concurrency` at a time, none sent after `cellSeconds`; one still
 * out GRACE_SECONDS later is given up with the process. One at a time, WARM_UP untimed requests
 * go first, for at most a quarter of the cell's time.
 */
async function runCell(side: CommandSide, command: Command, concurrency: number, count: number, cellSeconds: number): Promise<Cell> {
  let retried = 0;
  let stuck = false;
  /** When the oldest request given up was sent: it went that long unanswered. */
  let givenUpFrom = Infinity;
  /** One request, sent again on a 409 until `softEnd`; false when it was not answered by then, or by `hardEnd`. */
  const answer = async (softEnd: number, hardEnd: number): Promise<boolean> => {
    for (;;) {
      const sentAt = performance.now();
      const sent = command.send(side.client);
      // Given up, it may still fail later (its process killed): nobody is listening then.
      sent.catch(() => undefined);
      const response = await until(sent, hardEnd);
      if (response === TIMED_OUT) {
        stuck = true;
        givenUpFrom = Math.min(givenUpFrom, sentAt);
        return false;
      }
      if (response.status === 200 || response.status === 201) return true;
      if (response.status !== 409) throw new Error(`${command.label}: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
      retried++;
      if (performance.now() >= softEnd) return false;
    }
  };
  const begun = performance.now();
  if (concurrency === 1) {
    const warmEnd = begun + (cellSeconds * 1000) / 4;
    for (let i = 0; i < WARM_UP && !stuck && performance.now() < warmEnd; i++) await answer(warmEnd, begun + (cellSeconds + GRACE_SECONDS) * 1000);
  }
  const timed = performance.now();
  const softEnd = timed + cellSeconds * 1000;
  const hardEnd = softEnd + GRACE_SECONDS * 1000;
  let sent = 0;
  let answered = 0;
  let capped = false;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stuck && sent < count) {
        if (performance.now() >= softEnd) {
          capped = true;
          return;
        }
        sent++;
        if (await answer(softEnd, hardEnd)) answered++;
        else capped = true;
      }
    }),
  );
  const ended = performance.now();
  if (stuck) await side.restart();
  // Nothing answered: the rate is below one over the longest a request went unanswered.
  const seconds = (ended - (answered === 0 && stuck ? givenUpFrom : timed)) / 1000;
  return { rate: answered / seconds, answered, seconds, capped: capped || stuck, retried };
}

/** A rate for the table: a cell that answered nothing only bounds it. */
function rateText(cell: Cell | undefined): string {
  if (!cell) return "";
  if (cell.skipped) return "†";
  if (cell.answered === 0) return `< ${(1 / cell.seconds).toFixed(3)}*`;
  const rate = cell.rate >= 100 ? whole(cell.rate) : cell.rate.toFixed(cell.rate >= 1 ? 1 : 3);
  return cell.capped ? `${rate}*` : rate;
}

/** A ratio, with two significant digits below 0.1× (where times() would print 0.00×). */
const ratioText = (ratio: number) => (ratio >= 0.1 ? times(ratio) : `${ratio.toPrecision(2)}×`);

/** A larger size's rate over the first size's: `bound` when the larger one answered nothing (it is at most that). */
function ratioOf(large: Cell | undefined, small: Cell | undefined): { ratio: number; text: string } | null {
  if (!large || !small || large.skipped || small.skipped || small.answered === 0) return null;
  if (large.answered === 0) {
    const bound = 1 / large.seconds / small.rate;
    return { ratio: bound, text: `< ${ratioText(bound)}` };
  }
  return { ratio: large.rate / small.rate, text: ratioText(large.rate / small.rate) };
}

interface StoreRun {
  store: StoreName;
  /** label → concurrency → size → cell */
  cells: Map<string, Map<number, Map<number, Cell>>>;
  notes: string[];
}

/** Every command at every size on one store; each size a fresh business on a fresh store. */
async function measureStore(store: StoreName, options: Required<CommandRowsOptions>): Promise<StoreRun> {
  const { sizes, requests, cellSeconds, progress } = options;
  const run: StoreRun = { store, cells: new Map(), notes: [] };
  let firstPeakMb = 0;
  for (const size of sizes) {
    if (size < PAID_INTO) throw new Error(`the payments need ${PAID_INTO} invoices at least`);
    const count = whole(size);
    const started: BahiProcess[] = [];
    let cleanUp: () => Promise<void> = async () => undefined;
    try {
      // The history, written and projected in this process, on a fresh store.
      let sql: SqlClient;
      let startSide: () => Promise<{ client: ApiClient; pid: number; stopHard(): Promise<void> }>;
      if (store === "embedded") {
        // As `npm start` runs it: a data directory on disk, the WAL fsynced at commit (reads.ts does the same).
        const dataDir = await mkdtemp(join(tmpdir(), "bahi-commands-"));
        cleanUp = () => rm(dataDir, { recursive: true, force: true });
        sql = pgliteClient(await openPglite(join(dataDir, "pglite")));
        // The process recovery sweep fences a creation still running after 30 s: with slow commands it would turn them into 409s.
        const env = { BAHI_DATA_DIR: dataDir, BAHI_LOG_LEVEL: "warn", BAHI_PROCESS_STALE_MS: String(HOUR_MS) };
        startSide = async () => {
          const role = await startRole("start", env, started, 300_000);
          return { client: new ApiClient(role.url), pid: role.process.child.pid!, stopHard: () => stop(role.process, "SIGKILL") };
        };
      } else {
        const database = await createTestDatabase();
        cleanUp = () => database.drop();
        sql = postgresClient(database.url);
        const env = roleEnv(database.url);
        let readApiUrl: string | null = null;
        startSide = async () => {
          // The first time all three roles; started again, command-api alone beside the others.
          let commandApi: StartedRole;
          if (readApiUrl === null) {
            const roles = await startRoleProcesses(database.url, started, env);
            readApiUrl = roles.readApi.url;
            commandApi = roles.commandApi;
          } else commandApi = await startRole("command-api", env, started, 60_000);
          return { client: new ApiClient(readApiUrl, { commandUrl: commandApi.url }), pid: commandApi.process.child.pid!, stopHard: () => stop(commandApi.process, "SIGKILL") };
        };
      }
      const app = await serveBench(sql);
      const now = new Date();
      let business: Business;
      let history: History;
      let parties: { supplier: string; landlord: string };
      const writeStarted = performance.now();
      try {
        const client = new ApiClient(app.url);
        business = await seed(client);
        const supplier = (await client.post("/api/vendors", { name: "Karnataka Packaging", gstNumber: "29AABCR1718E1ZL", address: "4 Peenya, Bengaluru" })).body.id as string;
        const landlordName = "Shree Properties";
        const landlord = (await client.post("/api/vendors", { name: landlordName, address: "9 FC Road, Pune" })).body.id as string;
        if (!supplier || !landlord) throw new Error("the vendors were not created");
        parties = { supplier, landlord };
        history = await writeHistory(sql, business, size, now, { landlord: { id: landlord, name: landlordName } });
        const written = (performance.now() - writeStarted) / 1000;
        // The bulk INSERTs bypassed the adapter: the audit chain's links and the partition hashes are
        // given here, as the first process to open the store would (else inside the timed start-up).
        const chainStarted = performance.now();
        await migrate(sql);
        const chained = (performance.now() - chainStarted) / 1000;
        const projectStarted = performance.now();
        await projected(app);
        const projecting = (performance.now() - projectStarted) / 1000;
        // The chain's UPDATEs left every event row dead once: a store that grew by appends has no such
        // bloat, and PostgreSQL's autovacuum would otherwise clear it in the middle of the cells.
        const vacuumStarted = performance.now();
        await sql.query("VACUUM ANALYZE");
        const vacuumed = (performance.now() - vacuumStarted) / 1000;
        run.notes.push(
          `${count} invoices: ${whole(history.events)} events written in ${written.toFixed(1)} s, chained in ${chained.toFixed(1)} s, projected in ${projecting.toFixed(1)} s more, vacuumed in ${vacuumed.toFixed(1)} s`,
        );
        progress(`${store}, ${run.notes[run.notes.length - 1]}`);
      } finally {
        await app.close();
      }

      const side = await commandSide(business, startSide, (line) => progress(`${store}, ${count} invoices: ${line}`));
      for (const command of commandsOf(business, history, parties, indianDateOf(new Date()))) {
        const byConcurrency = run.cells.get(command.label) ?? new Map<number, Map<number, Cell>>();
        run.cells.set(command.label, byConcurrency);
        for (const concurrency of [1, CONCURRENCY]) {
          const bySize = byConcurrency.get(concurrency) ?? new Map<number, Cell>();
          byConcurrency.set(concurrency, bySize);
          const alone = byConcurrency.get(1)?.get(size);
          if (concurrency > 1 && alone && alone.answered === 0) {
            bySize.set(size, { ...alone, skipped: true });
            continue;
          }
          const cell = await runCell(side, command, concurrency, concurrency === 1 ? requests : 2 * requests, cellSeconds);
          bySize.set(size, cell);
          progress(
            `${store}, ${count} invoices: ${command.label}, ${concurrency} at a time: ${rateText(cell)} a second (${cell.answered} answered in ${cell.seconds.toFixed(1)} s` +
              `${cell.retried ? `, ${cell.retried} 409s sent again` : ""}${cell.capped ? ", cut short by the cell's time" : ""})`,
          );
        }
      }
      side.sample();
      const what = store === "embedded" ? "`bahi start`" : "command-api";
      run.notes.push(
        `${count} invoices: ${what} peaked at ${side.peakMb} MB resident while the commands ran (${side.startPeakMb} MB at start-up and login)` +
          `${side.restarts ? `; started again ${side.restarts} time${side.restarts > 1 ? "s" : ""} after requests outlived their cell` : ""}`,
      );
      progress(`${store}, ${run.notes[run.notes.length - 1]}`);
      if (size === sizes[0]) firstPeakMb = side.peakMb;
      if (size === sizes[sizes.length - 1]) {
        const limit = MEMORY_LIMIT_MB[store] ?? Math.round(firstPeakMb * MEMORY_GROWTH);
        recordTarget({
          what: `Memory of the command side (${what}) on ${store === "embedded" ? "the embedded store" : "PostgreSQL"} while the commands ran, ${count} invoices`,
          target: MEMORY_LIMIT_MB[store] === null ? `≤ ${limit} MB (${MEMORY_GROWTH}× its peak at ${whole(sizes[0]!)} invoices)` : `≤ ${limit} MB`,
          measured: `${side.peakMb} MB peak`,
          met: side.peakMb <= limit,
        });
      }
    } finally {
      for (const child of started) await stop(child, "SIGKILL");
      await cleanUp();
    }
  }
  return run;
}

/**
 * The rows of the table: per command, store and concurrency the rate at each size and each
 * larger size's over the first's; the targets (≥ 0.8× at the largest size) are recorded.
 */
export async function commandRows(options: CommandRowsOptions = {}): Promise<string[]> {
  const resolved: Required<CommandRowsOptions> = {
    sizes: options.sizes ?? COMMAND_SIZES,
    requests: options.requests ?? REQUESTS,
    cellSeconds: options.cellSeconds ?? CELL_SECONDS,
    stores: options.stores ?? ["embedded", "PostgreSQL"],
    progress: options.progress ?? (() => undefined),
  };
  const { sizes } = resolved;
  const columns = 2 + sizes.length + sizes.length - 1;
  const note = (text: string) => `| ${text} |${" |".repeat(columns - 1)}`;
  const rows: string[] = [];
  const runs: StoreRun[] = [];
  for (const store of resolved.stores) {
    if (store === "PostgreSQL") {
      const reason = await postgresUnavailableReason();
      if (reason) {
        rows.push(note(`PostgreSQL skipped: ${reason}`));
        continue;
      }
    }
    runs.push(await measureStore(store, resolved));
  }
  const small = sizes[0]!;
  const large = sizes[sizes.length - 1]!;
  for (const label of Object.values(LABELS)) {
    for (const run of runs) {
      for (const [concurrency, bySize] of run.cells.get(label) ?? []) {
        const how = concurrency === 1 ? "one at a time" : `${concurrency} at a time`;
        const ratios = sizes.slice(1).map((size) => ratioOf(bySize.get(size), bySize.get(small)));
        const cells = [`${label}, ${how}`, run.store, ...sizes.map((size) => rateText(bySize.get(size))), ...ratios.map((r) => r?.text ?? "")];
        rows.push(`| ${cells.join(" | ")} |`);
        if (large !== small) {
          const ratio = ratios[ratios.length - 1];
          recordTarget({
            what: `${label}, ${how}, ${run.store}: the rate at ${whole(large)} invoices in the business against ${whole(small)}`,
            target: "≥ 0.80×",
            measured: ratio?.text ?? "not measured",
            met: (ratio?.ratio ?? 0) >= 0.8,
          });
        }
      }
    }
  }
  for (const run of runs) rows.push(note(`(${run.store}: ${run.notes.join("; ")})`));
  rows.push(
    note(
      `(requests a second; one at a time ${resolved.requests} requests after ${WARM_UP} untimed, 8 at a time ${2 * resolved.requests}; * the cell's ${resolved.cellSeconds} s ended it first: ` +
        `the rate of those answered, or "<" the bound when none was; † not run, one at a time answered none)`,
    ),
  );
  return rows;
}

if (process.argv[1]?.endsWith("commands.ts")) {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  const values = new Set(["--requests", "--seconds"].filter((name) => args.includes(name)).map((name) => args.indexOf(name) + 1));
  const listed = args
    .filter((arg, i) => !arg.startsWith("--") && !values.has(i))
    .map(Number)
    .filter((n) => n > 0);
  const sizes = listed.length > 0 ? listed : quick ? [1_000, 10_000] : COMMAND_SIZES;
  const stores: StoreName[] = quick || args.includes("--embedded") ? ["embedded"] : args.includes("--postgres") ? ["PostgreSQL"] : ["embedded", "PostgreSQL"];
  console.log(commandsHeader(sizes));
  const rows = await commandRows({
    sizes,
    stores,
    requests: option("--requests", quick ? 20 : REQUESTS),
    cellSeconds: option("--seconds", quick ? 20 : CELL_SECONDS),
    progress: (line) => console.error(line),
  });
  for (const line of rows) console.log(line);
  console.log("\n| what | target | measured | |\n|---|---|---|---|");
  for (const line of targetRows()) console.log(line);
}
