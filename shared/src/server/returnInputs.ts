/**
 * The books a return is computed from, loaded from the read models in one place, so the
 * preview (read API), the filing check (command API) and the filing worker compute the same
 * return from the same inputs with the same engine (design §3, §4).
 */
import { toPaise, type CustomerAdvance, type Expense, type Invoice } from "../contract/index.ts";
import { collections, type GstReturnDocument, type ReconciliationDocument, type UserDocument, type VoidedNumberDocument } from "../readModels/index.ts";
import {
  financialYearOf,
  periodOrdinal,
  prepareGstr1,
  prepareGstr3b,
  registrationPeriodOf,
  type GstReturnType,
  type PreparedReturn,
  type ReconciliationForReturn,
  type TaxHeads,
  type VoidedDocumentNumber,
} from "../returns/index.ts";
import type { SalesNoteForReturn } from "../returns/notes.ts";
import type { ChallanForReturn } from "../returns/challans.ts";
import { getJsonBlob, type BlobStore } from "./ports/blobStore.ts";
import type { ReadStore } from "./ports/readStore.ts";
import { reconciliationPairs } from "./reconciliationPairs.ts";

export interface ReturnBooks {
  readonly user: UserDocument | null;
  readonly invoices: readonly Invoice[];
  readonly expenses: readonly Expense[];
  readonly reconciliations: readonly ReconciliationForReturn[];
  /** Every return the business has requested, filed or seen fail. */
  readonly returns: readonly GstReturnDocument[];
  /** Issue 9: invoice numbers the series voided, from the voidedNumbers read model (every GSTIN's). */
  readonly voidedNumbers?: readonly VoidedNumberDocument[];
  /** Issue 9: credit and debit notes, from the salesNotes read model (H12). */
  readonly notes?: readonly SalesNoteForReturn[];
  /** Issue 9: delivery challans, from the deliveryChallans read model (GSTR-1 Table 13). */
  readonly challans?: readonly ChallanForReturn[];
  /** Customer advances, from the advances read model (GSTR-1 Table 11A/11B, GSTR-3B 3.1(a)). */
  readonly advances?: readonly CustomerAdvance[];
  /**
   * Issue 12: the taxable value of every invoice by Indian month of issue ("2026-06"), from the
   * invoices' tally, when `invoices` holds only some periods' (the late-fee caps need last year's).
   */
  readonly turnoverByMonth?: Readonly<Record<string, number>>;
}

/**
 * Issue 12: the periods (MMYYYY) a return or report will be prepared for. The books then hold the
 * invoices, notes, challans and voided numbers reported in those periods (and the invoices their
 * notes and advances name), not the whole history: a month's return costs that month's documents.
 */
export interface ReturnBooksScope {
  readonly periods: readonly string[];
  /**
   * The purchases the return reads. "all" (GSTR-3B, the default): every purchase and reconciled
   * GSTR-2B, since a month's input tax credit depends on every earlier 2B (a bill is claimed
   * through the first one it appears in) and Rule 43 reaches back 60 months. "period": those
   * reported in the periods (CMP-08's reverse charge). "none": GSTR-1 reads no purchases.
   */
  readonly purchases?: "all" | "period" | "none";
}

/** What one return of one period reads: GSTR-1 reads no purchases. */
export const returnScope = (returnType: GstReturnType, period: string): ReturnBooksScope => ({ periods: [period], purchases: returnType === "GSTR1" ? "none" : "all" });

/** The business's documents of a collection reported in the periods, through the key it declares. */
async function ofPeriods<T>(readStore: ReadStore, collection: string, userId: string, key: string, periods: readonly string[]): Promise<T[]> {
  return (await readStore.page<T>(collection, userId, { where: { [key]: [...periods] } })).map((row) => row.data);
}

/** The business's invoices, expenses, reconciled GSTR-2Bs and returns, from the read models. */
export async function loadReturnBooks(readStore: ReadStore, blobStore: Pick<BlobStore, "get">, userId: string, scope?: ReturnBooksScope): Promise<ReturnBooks> {
  const periods = scope?.periods;
  const purchases = scope?.purchases ?? "all";
  /** The collection's documents reported in the periods (through its period key), or all of them without periods. */
  const reported = <T>(collection: string, key: string): Promise<T[]> =>
    periods ? ofPeriods<T>(readStore, collection, userId, key, periods) : readStore.list<T>(collection, userId);
  const purchasesOf = {
    none: async (): Promise<Expense[]> => [],
    period: () => reported<Expense>(collections.expenses, "reportingPeriod"),
    all: () => readStore.list<Expense>(collections.expenses, userId),
  };
  const [user, scoped, expenses, reconciliationDocs, returns, voidedNumbers, notes, challans, advances, turnover] = await Promise.all([
    readStore.get<UserDocument>(collections.users, userId),
    reported<Invoice>(collections.invoices, "reportingPeriod"),
    purchasesOf[purchases](),
    purchases === "all" ? readStore.list<ReconciliationDocument>(collections.reconciliations, userId) : [],
    readStore.list<GstReturnDocument>(collections.gstReturns, userId),
    reported<VoidedNumberDocument>(collections.voidedNumbers, "period"),
    reported<SalesNoteForReturn>(collections.salesNotes, "reportingPeriod"),
    reported<ChallanForReturn>(collections.deliveryChallans, "period"),
    readStore.list<CustomerAdvance>(collections.advances, userId),
    periods ? readStore.tally(collections.invoices, userId, "byIssueMonth") : undefined,
  ]);
  let invoices = scoped;
  if (periods) {
    // The invoices the period's notes and advances name, wherever they were reported.
    const held = new Set(scoped.map((invoice) => invoice.id));
    const named = new Set([...notes.flatMap((note) => note.invoiceIds), ...advances.flatMap((advance) => advance.applications.map((a) => a.invoiceId))]);
    const missing = [...named].flatMap((id) => [id, id.toLowerCase()]).filter((id) => !held.has(id));
    if (missing.length > 0) {
      const more = await readStore.page<Invoice>(collections.invoices, userId, { where: { id: [...new Set(missing)] } });
      invoices = [...scoped, ...more.map((row) => row.data)];
    }
  }
  const turnoverByMonth = turnover ? Object.fromEntries(Object.entries(turnover).map(([month, bucket]) => [month, bucket.sums.taxable ?? 0])) : undefined;
  const gstin = user?.gstNumber ?? null;
  const reconciliations: ReconciliationForReturn[] = [];
  for (const doc of reconciliationDocs) {
    // A 2B of another GSTIN (the business changed its registration) gives this one no credit.
    if (!gstin || (doc.gstin && doc.gstin !== gstin)) continue;
    const gstr2b = doc.gstr2bBlob ? await getJsonBlob(blobStore, doc.gstr2bBlob) : doc.gstr2bInline;
    if (!gstr2b) continue;
    reconciliations.push({
      period: doc.period,
      reportIn: doc.reportIn ?? null,
      pairs: reconciliationPairs({ gstr2b, expenses, period: doc.period, decisions: doc.decisions ?? [], businessGstin: gstin }),
    });
  }
  return { user, invoices, expenses, reconciliations, returns, voidedNumbers, notes, challans, advances, turnoverByMonth };
}

/** MMYYYY of the registration: the profile's GST registration date, else the account's creation month. */
export function registrationPeriodOfUser(user: Pick<UserDocument, "createdAt"> & { gstRegistrationDate?: string | null }): string {
  return registrationPeriodOf(user.gstRegistrationDate ?? null, user.createdAt);
}

/** Whether a return is filed, by the read model (the command side asks the return's stream instead). */
export function filedByDocuments(returns: readonly GstReturnDocument[]): (returnType: GstReturnType, period: string) => boolean {
  const filed = new Set(returns.filter((r) => r.status === "filed").map((r) => `${r.returnType}:${r.period}`));
  return (returnType, period) => filed.has(`${returnType}:${period}`);
}

/** The credit the last filed GSTR-3B before `period` carried forward (its totals.creditCarriedForward). */
export function openingCreditFor(returns: readonly GstReturnDocument[], period: string): TaxHeads | undefined {
  const last = returns
    .filter((r) => r.returnType === "GSTR3B" && r.status === "filed" && periodOrdinal(r.period) < periodOrdinal(period))
    .sort((a, b) => periodOrdinal(b.period) - periodOrdinal(a.period))[0];
  return last?.creditCarriedForward ?? undefined;
}

/**
 * Aggregate turnover of the financial year before the period's (for the late-fee caps of
 * Notifications 19/2021-CT and 20/2021-CT): the taxable value of every invoice issued in it.
 */
export function previousYearTurnoverPaise(invoices: readonly Invoice[], period: string, turnoverByMonth?: Readonly<Record<string, number>>): number {
  const thisYear = financialYearOf(`${period.slice(2)}-${period.slice(0, 2)}-01`);
  const start = Number(thisYear.slice(0, 4)) - 1;
  const lastYear = `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
  if (turnoverByMonth) {
    // April of last year to March of this one, off the tally.
    return Array.from({ length: 12 }, (_, i) => `${start + (i >= 9 ? 1 : 0)}-${String(((i + 3) % 12) + 1).padStart(2, "0")}`).reduce(
      (sum, month) => sum + (turnoverByMonth[month] ?? 0),
      0,
    );
  }
  return invoices.filter((i) => financialYearOf(i.issueDate) === lastYear).reduce((sum, i) => sum + toPaise(i.subtotal), 0);
}

/** The invoice and note series' voids of this GSTIN that have a date (Table 13 reports them in its period). */
function voidedInvoiceNumbers(docs: readonly VoidedNumberDocument[], gstin: string): VoidedDocumentNumber[] {
  const filing = gstin.trim().toUpperCase();
  const series = new Set(["invoice", "bill-of-supply", "credit-note", "debit-note"]);
  return docs.filter((d) => series.has(d.series) && d.gstin.toUpperCase() === filing && d.documentDate).map((d) => ({ number: d.number, date: d.documentDate!, series: d.series }));
}

export interface PrepareReturnOptions {
  readonly returnType: GstReturnType;
  readonly period: string;
  readonly gstin: string;
  readonly stateCode: string | null;
  readonly today: Date;
  readonly filedAt?: Date;
}

/** The return for the period, computed by the engine from the books. */
export function prepareReturn(
  books: ReturnBooks,
  options: PrepareReturnOptions,
): PreparedReturn<unknown, ReturnType<typeof prepareGstr1>["totals"] | ReturnType<typeof prepareGstr3b>["totals"]> {
  const base = {
    gstin: options.gstin,
    stateCode: options.stateCode,
    period: options.period,
    today: options.today,
    filedAt: options.filedAt,
    invoices: books.invoices,
    notes: books.notes,
    advances: books.advances,
    previousYearTurnoverPaise: previousYearTurnoverPaise(books.invoices, options.period, books.turnoverByMonth),
  };
  if (options.returnType === "GSTR1")
    return prepareGstr1({ ...base, voidedNumbers: voidedInvoiceNumbers(books.voidedNumbers ?? [], options.gstin), challans: books.challans ?? [] });
  return prepareGstr3b({ ...base, expenses: books.expenses, reconciliations: books.reconciliations, openingCredit: openingCreditFor(books.returns, options.period) });
}

/** Issue 12: one customer's documents of a collection keyed by customerId (invoices, credit/debit notes, delivery challans, advances), in `order` if given. */
export async function customerDocuments<T>(readStore: Pick<ReadStore, "page">, collection: string, userId: string, customerId: string, order?: string): Promise<T[]> {
  const rows = await readStore.page<T>(collection, userId, { where: { customerId: customerId.toLowerCase() }, ...(order ? { order } : {}) });
  return rows.map((row) => row.data);
}

/** Issue 12: one customer's invoices, through the owner's customerId index (not the whole book). */
export const customerInvoices = (readStore: Pick<ReadStore, "page">, userId: string, customerId: string): Promise<Invoice[]> =>
  customerDocuments<Invoice>(readStore, collections.invoices, userId, customerId);

/** Issue 12: one customer's advances, oldest first. */
export const customerAdvances = (readStore: Pick<ReadStore, "page">, userId: string, customerId: string): Promise<CustomerAdvance[]> =>
  customerDocuments<CustomerAdvance>(readStore, collections.advances, userId, customerId, "oldest");
