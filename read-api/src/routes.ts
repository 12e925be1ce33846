import { Router } from "express";
import {
  isRecordId,
  REPORT_PERIODS,
  toPaise,
  withBalance,
  type Customer,
  type Expense,
  type Invoice,
  type Product,
  type ReportPeriod,
  type SearchResults,
  type Vendor,
} from "@bahi/shared/contract";
import { collections, type DashboardDocument, type SalesNoteDocument, type UserDocument } from "@bahi/shared/read-models";
import {
  loadReturnBooks,
  notFound,
  prepareReturn,
  refuseUnsafeInput,
  requireUserId,
  ValidationError,
  type BlobStore,
  type AuditLog,
  type ChainVerifier,
  type EventLog,
  type EventStore,
  type ReadStore,
  type SessionCodec,
} from "@bahi/shared/server";
import { asOfDispatcher } from "./asOf.ts";
import { waitForPosition } from "./consistency.ts";
import { ownedWithETag } from "./etag.ts";
import { dashboardStats } from "./dashboard.ts";
import { gstReadRoutes } from "./gst/routes.ts";
import { historyRoutes } from "./history/routes.ts";
import { journalRoutes } from "./journal/routes.ts";
import { eInvoiceFor } from "./invoices/einvoice.ts";
import { invoicePdf } from "./invoices/invoicePdf.ts";
import { deliveryChallanReadRoutes } from "./challans/routes.ts";
import { sendNotePdf } from "./notes/routes.ts";
import { logoOf, profileLogoRoutes } from "./profile/logo.ts";
import { buildReport, monthsOf, reportRanges } from "./reports/report.ts";
import { reportPdf } from "./reports/reportPdf.ts";
import { agingRoutes } from "./reports/aging.ts";
import { userResponse } from "./users.ts";
import { invoiceShareReadRoutes } from "./share/routes.ts";
import { customerBalanceRoutes } from "./parties/routes.ts";
import { customerLedgerRoutes } from "./ledger/routes.ts";
import { invoiceList, outstandingPaise } from "./lists/invoices.ts";
import { expenseList } from "./lists/expenses.ts";
import { productList } from "./lists/products.ts";
import { customerList, vendorList } from "./lists/parties.ts";
import { newestFirstList } from "./lists/newest.ts";
import { teamReadRoutes } from "./team/routes.ts";

export interface ReadDeps {
  readStore: ReadStore;
  /** Read only: documents read models name by hash (a filed return's JSON, reconciliation rows). */
  blobStore: Pick<BlobStore, "get">;
  sessions: SessionCodec;
  /** Read only: X-Bahi-After beyond the log's head is refused at once (see consistency.ts). */
  eventLog: Pick<EventLog, "head">;
  /** Issue 11, read only: a record's history is told from its own events (history/routes.ts). */
  eventStore: Pick<EventStore, "readStream">;
  /** Issue 11, read only: the business's hash-chained events, for the ledger (journal/routes.ts). */
  auditLog: AuditLog & ChainVerifier;
  waitTimeoutMs?: number;
  clock?: () => Date;
  /** Issue 11: the business's read models replayed up to a past moment, for `?asOf=` (see asOf.ts). */
  replayAsOf?: (businessId: string, asOf: Date) => Promise<ReadStore>;
  /** Set on the router that answers over a replay: the moment its clock is stopped at. */
  asOf?: Date;
}

const bankDetails = (user: UserDocument | null) => ({
  bankName: user?.bankName ?? null,
  bankAccountNumber: user?.bankAccountNumber ?? null,
  bankIfsc: user?.bankIfsc ?? null,
  upiId: user?.upiId ?? null,
});

/** The read side's HTTP routes, to mount under /api. Every query filters by the session's user. */
export function readApiRouter(deps: ReadDeps): Router {
  const router = Router();
  const { readStore, sessions } = deps;
  const clock = deps.clock ?? (() => new Date());
  // Before the wait: input no store can hold is refused at once, not after holding the request.
  router.use(refuseUnsafeInput);
  if (!deps.asOf) {
    // Issue 11: `?asOf=` is answered by these same routes over a replay, with the clock stopped then.
    router.use(
      asOfDispatcher({ sessions, clock, replayAsOf: deps.replayAsOf, routerOver: (replayed, asOf) => readApiRouter({ ...deps, readStore: replayed, clock: () => asOf, asOf }) }),
    );
    router.use(waitForPosition({ readStore, eventLog: deps.eventLog, timeoutMs: deps.waitTimeoutMs ?? 2000 }));
  }
  // Answers depend on the session and on the projector's progress: never cache them.
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  /** A document of the session's user, or 404 when missing or someone else's. */
  async function owned<T extends { userId: string }>(collection: string, id: string | undefined, userId: string, label: string): Promise<T> {
    // Only a uuid can name a record: anything else is not found without asking the store.
    const doc = isRecordId(id) ? await readStore.get<T>(collection, id.toLowerCase()) : null;
    if (!doc || doc.userId !== userId) throw notFound(label);
    return doc;
  }

  async function me(req: Parameters<typeof requireUserId>[1], res: import("express").Response) {
    const userId = requireUserId(sessions, req);
    const user = await readStore.get<UserDocument>(collections.users, userId);
    if (!user) {
      // Signed but unknown (e.g. a wiped store): sign out.
      res.setHeader("Set-Cookie", sessions.clear());
      res.status(401).json({ code: "UNAUTHENTICATED", message: "Please sign in to continue" });
      return;
    }
    res.json(userResponse(user, clock()));
  }
  router.get("/auth/me", me);
  router.get("/profile", me);
  router.use("/profile/logo", profileLogoRoutes({ readStore, blobStore: deps.blobStore, sessions }));
  router.use("/delivery-challans", deliveryChallanReadRoutes({ readStore, blobStore: deps.blobStore, sessions, eventStore: deps.eventStore, asOf: deps.asOf }));

  router.get("/customers", async (req, res) => {
    res.json(await customerList(readStore, requireUserId(sessions, req), req.query));
  });
  router.use("/customers", customerBalanceRoutes({ readStore, sessions }));
  router.use("/customers", customerLedgerRoutes({ readStore, sessions, clock }));
  router.get("/customers/:id", async (req, res) => {
    res.json(await ownedWithETag<Customer>(deps, res, "customers", req.params.id, requireUserId(sessions, req), "Customer"));
  });
  router.get("/vendors", async (req, res) => {
    res.json(await vendorList(readStore, requireUserId(sessions, req), req.query));
  });
  router.get("/vendors/:id", async (req, res) => {
    res.json(await ownedWithETag<Vendor>(deps, res, "vendors", req.params.id, requireUserId(sessions, req), "Vendor"));
  });

  router.get("/products", async (req, res) => {
    res.json(await productList(readStore, requireUserId(sessions, req), req.query));
  });
  router.get("/products/low-stock", async (req, res) => {
    // The products' lowStock key is isLowStock's answer; fewest in stock first.
    const rows = await readStore.page<Product>(collections.products, requireUserId(sessions, req), { where: { lowStock: "1" }, order: "stock-asc" });
    res.json(rows.map((row) => row.data));
  });
  router.get("/products/:id", async (req, res) => {
    res.json(await ownedWithETag<Product>(deps, res, "products", req.params.id, requireUserId(sessions, req), "Product"));
  });

  // Issue 9: credit and debit notes (s.34); the read model's facts stay inside.
  for (const kind of ["credit", "debit"] as const) {
    const label = kind === "credit" ? "Credit note" : "Debit note";
    router.get(`/${kind}-notes`, async (req, res) => {
      res.json(
        await newestFirstList(readStore, collections.salesNotes, requireUserId(sessions, req), req.query, {
          where: { kind },
          show: ({ facts: _facts, ...note }: SalesNoteDocument) => note,
        }),
      );
    });
    router.get(`/${kind}-notes/:id`, async (req, res) => {
      const { facts: _facts, ...note } = await ownedWithETag<SalesNoteDocument>(deps, res, `${kind}-notes`, req.params.id, requireUserId(sessions, req), label);
      if (note.kind !== kind) throw notFound(label);
      res.json(note);
    });
    router.get(`/${kind}-notes/:id/pdf`, async (req, res) => {
      const userId = requireUserId(sessions, req);
      const note = await owned<SalesNoteDocument>(collections.salesNotes, req.params.id, userId, label);
      if (note.kind !== kind) throw notFound(label);
      await sendNotePdf({ readStore, blobStore: deps.blobStore }, note, userId, res);
    });
  }

  // Issue 10: search, filters, sort and paging (read-api/src/lists); withBalance inside.
  router.get("/invoices", async (req, res) => {
    res.json(await invoiceList(readStore, requireUserId(sessions, req), req.query));
  });
  router.use("/invoices", invoiceShareReadRoutes({ readStore, sessions }));
  router.get("/invoices/:id", async (req, res) => {
    res.json(withBalance(await ownedWithETag<Invoice>(deps, res, "invoices", req.params.id, requireUserId(sessions, req), "Invoice")));
  });
  router.get("/invoices/:id/einvoice", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const [invoice, user] = await Promise.all([owned<Invoice>(collections.invoices, req.params.id, userId, "Invoice"), readStore.get<UserDocument>(collections.users, userId)]);
    res.json(eInvoiceFor(invoice, req, user?.pinCode ?? null));
  });
  router.get("/invoices/:id/pdf", async (req, res) => {
    const layout = req.query.layout ?? "a4";
    if (layout !== "a4" && layout !== "thermal") throw new ValidationError([{ path: ["layout"], message: 'Layout must be "a4" or "thermal"' }]);
    const userId = requireUserId(sessions, req);
    const invoice = await owned<Invoice>(collections.invoices, req.params.id, userId, "Invoice");
    // Bank details and logo as the business gives them now; the delivery address is the invoice's own snapshot.
    const user = await readStore.get<UserDocument>(collections.users, userId);
    const pdf = await invoicePdf(invoice, { ...bankDetails(user), logo: await logoOf(deps.blobStore, user) }, layout);
    const filename = `${invoice.invoiceNumber.replace(/[^A-Za-z0-9-]/g, "_")}${layout === "thermal" ? "-receipt" : ""}.pdf`;
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
    res.send(pdf);
  });

  router.get("/expenses", async (req, res) => {
    res.json(await expenseList(readStore, requireUserId(sessions, req), req.query, clock()));
  });
  router.get("/expenses/:id", async (req, res) => {
    res.json(await ownedWithETag<Expense>(deps, res, "expenses", req.params.id, requireUserId(sessions, req), "Expense"));
  });

  router.get("/dashboard/stats", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const [doc, outstanding] = await Promise.all([readStore.get<DashboardDocument>(collections.dashboards, userId), outstandingPaise(readStore, userId)]);
    res.json(dashboardStats(doc, outstanding, clock()));
  });

  async function report(req: import("express").Request) {
    const userId = requireUserId(sessions, req);
    const period = (REPORT_PERIODS as readonly string[]).includes(String(req.query.period)) ? (req.query.period as ReportPeriod) : "this-month";
    const user = await readStore.get<UserDocument>(collections.users, userId);
    const now = clock();
    // With a GSTIN the GST lines are the monthly GSTR-3B's, by the engine that files it, over the books of the report's months only.
    const gstin = user?.gstNumber ?? null;
    const periods = monthsOf(reportRanges(period, now).current).map((month) => `${month.slice(5, 7)}${month.slice(0, 4)}`);
    const books = gstin ? await loadReturnBooks(readStore, deps.blobStore, userId, { periods }) : null;
    const gstOfMonth =
      books && gstin
        ? (month: string) => {
            const { totals } = prepareReturn(books, { returnType: "GSTR3B", period: month, gstin, stateCode: user?.stateCode ?? null, today: now });
            return { outputTax: toPaise(totals.outputTax), inputTax: toPaise(totals.inputTax), netPayable: toPaise(totals.netPayable) };
          }
        : undefined;
    return {
      report: await buildReport(readStore, userId, period, now, gstOfMonth),
      business: user?.companyName ?? `${user?.firstName ?? ""} ${user?.lastName ?? ""}`.trim(),
    };
  }
  router.use("/reports", agingRoutes({ readStore, sessions, clock }));
  router.get("/reports", async (req, res) => {
    res.json((await report(req)).report);
  });
  router.get("/reports/pdf", async (req, res) => {
    const { report: figures, business } = await report(req);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="bahi-report-${figures.from}-to-${figures.to}.pdf"`);
    res.send(await reportPdf(figures, business || "Bahi"));
  });

  // Issue 11: GET /api/{kind}/{id}/history for every record, from the record's events.
  router.use(historyRoutes({ readStore, eventStore: deps.eventStore, sessions }));
  // Issue 11: the ledger, its export and the chain's verification.
  router.use("/ledger", journalRoutes({ auditLog: deps.auditLog, readStore, sessions, clock }));
  router.use("/gst", gstReadRoutes({ readStore, blobStore: deps.blobStore, sessions, clock }));
  // Issue 11: GET /me, /team and an invitation's preview.
  router.use(teamReadRoutes({ readStore, clock }));

  router.get("/search", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const q = typeof req.query.q === "string" ? req.query.q.trim().toLowerCase().slice(0, 100) : "";
    const results: SearchResults = { invoices: [], customers: [], products: [] };
    if (q.length > 0) {
      // Issue 12: each collection's first eight matches off its `search` key, not the whole book.
      const [invoices, customers, products] = await Promise.all([
        readStore.page<Invoice>(collections.invoices, userId, { order: "newest", search: q, limit: 8 }),
        // Issue 10: archived customers are hidden from pickers and search alike.
        readStore.page<Customer>(collections.customers, userId, { where: { archived: "0" }, search: q, limit: 8 }),
        readStore.page<Product>(collections.products, userId, { search: q, limit: 8 }),
      ]);
      results.invoices = invoices.map(({ data: i }) => ({ id: i.id, invoiceNumber: i.invoiceNumber, customerName: i.customer.name, total: i.total, status: i.status }));
      results.customers = customers.map(({ data: c }) => ({ id: c.id, name: c.name, gstNumber: c.gstNumber, email: c.email }));
      results.products = products.map(({ data: p }) => ({ id: p.id, name: p.name, sku: p.sku, stock: p.stock }));
    }
    res.json(results);
  });

  return router;
}
