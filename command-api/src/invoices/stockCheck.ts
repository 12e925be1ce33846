/**
 * Issue 9: selling more than is in stock is refused ("Only 3 in stock for Basmati Rice 5kg"),
 * unless the business turned on "Allow selling more than in stock" (profile
 * `allowNegativeStock`, as Vyapar and Tally offer): then stock simply goes negative.
 *
 * Where the number comes from: stock on hand is the products read model's (opening stock,
 * receipts, adjustments, minus every invoiced quantity, plus returns); no stream of the write
 * side holds it, because invoices never append to the product's stream. So, like a return's
 * blocking problems (gst/filingChecks.ts), the check waits until the products projection has
 * applied everything recorded before the request (the log's head, which no position the client
 * has seen can be beyond) and reads the product there.
 *
 * Known limit, the race: two sales of the same product at the same moment can both read the
 * same stock and both pass, so stock can still end up negative with the switch off (rare for a
 * small shop's billing counter; the next sale is then refused until stock is received). Making
 * it race-proof would need stock on the write side: a per-product stock stream that every
 * sale, edit, cancellation, return, receipt and adjustment appends to with an expected
 * revision, seeded from the read model for products sold before it existed.
 *
 * Services (a SAC starting 99, or a product kind "services") are never stock-checked.
 */
import { addQuantities, compareWirePositions, formatQuantity, type Product } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { collections } from "@bahi/shared/read-models";
import { DomainError, type ReadStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { invoiceDecider } from "./invoice.ts";
import { readState } from "../handling/streamStates.ts";

/** How long a sale waits for the products read model to catch up before refusing to guess. */
const PRODUCTS_WAIT_MS = 3_000;

interface Line {
  readonly productId: string;
  readonly quantity: number;
}

/** The products projection has applied everything up to `position` (null: the log was empty). */
async function productsCaughtUp(readStore: ReadStore, position: string | null, timeoutMs: number): Promise<boolean> {
  if (position === null) return true;
  const passed = async () => compareWirePositions((await readStore.checkpoints())[collections.products] ?? null, position) >= 0;
  if (await passed()) return true;
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    let checking = false;
    const finish = (result: boolean) => {
      clearInterval(timer);
      unsubscribe();
      resolve(result);
    };
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        if (await passed()) finish(true);
        else if (Date.now() >= deadline) finish(false);
      } finally {
        checking = false;
      }
    };
    const unsubscribe = readStore.onCommit(() => void check());
    const timer = setInterval(() => void check(), 50);
  });
}

function isService(product: Product): boolean {
  const kind = (product as Product & { kind?: string }).kind;
  return kind === "services" || (kind === undefined && (product.hsnCode ?? "").startsWith("99"));
}

/**
 * Refuses (409 INSUFFICIENT_STOCK, nothing appended) a sale of `items` that needs more of a
 * product than is in stock. `invoiceId`: an edit, whose current lines count as available
 * (they are put back before the new ones are taken); an invoice that is not the user's, or is
 * cancelled, is left to the edit's own 404 or 409.
 */
export async function assertInStock(
  deps: Pick<CommandDeps, "eventStore" | "readStore" | "eventLog">,
  request: { userId: string; items: readonly Line[]; invoiceId?: string },
): Promise<void> {
  const { userId, items } = request;
  const user = await readState(deps.eventStore, streams.user(userId), userDecider);
  if (!user.registered || user.profile.allowNegativeStock === true) return;

  let previous: readonly Line[] = [];
  if (request.invoiceId) {
    const state = await readState(deps.eventStore, streams.invoice(request.invoiceId), invoiceDecider);
    if (state.status === "none" || state.status === "cancelled" || state.invoice.ownerId !== userId) return;
    previous = state.invoice.lines;
  }
  const sum = (lines: readonly Line[], id: string) => addQuantities(...lines.filter((line) => line.productId.toLowerCase() === id).map((line) => line.quantity));
  const wanted = [...new Set(items.map((item) => item.productId.toLowerCase()))]
    .map((id) => ({ id, asked: sum(items, id), before: sum(previous, id) }))
    // An edit that sells no more than before takes nothing new from stock.
    .filter(({ asked, before }) => asked > before);
  if (wanted.length === 0) return;

  if (!(await productsCaughtUp(deps.readStore, await deps.eventLog.head(), PRODUCTS_WAIT_MS))) {
    throw new DomainError("CONFLICT", "Stock figures are still being updated: try again in a moment");
  }

  const errors: { path: string; message: string }[] = [];
  const short: { productId: string; available: number }[] = [];
  for (const { id, asked, before } of wanted) {
    const product = await deps.readStore.get<Product>(collections.products, id);
    // Not this user's or not there: the draft answers 404 for it.
    if (!product || product.userId !== userId || isService(product)) continue;
    const available = addQuantities(product.stock, before);
    if (asked <= available) continue;
    const unit = product.unit ?? "NOS";
    const message = `Only ${formatQuantity(Math.max(available, 0))} in stock for ${product.name}: this invoice needs ${formatQuantity(asked, unit)}. Receive stock in Inventory, or turn on "Allow selling more than in stock" in Settings`;
    const index = items.findIndex((item) => item.productId.toLowerCase() === id);
    errors.push({ path: `items.${index}.quantity`, message });
    short.push({ productId: product.id, available });
  }
  if (errors.length > 0) throw new DomainError("INSUFFICIENT_STOCK", errors.map((e) => e.message).join("; "), { errors, products: short });
}
