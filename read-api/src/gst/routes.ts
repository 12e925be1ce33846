import express, { Router } from "express";
import { indianDateOf, isRecordId, type Customer, type Expense, type Vendor } from "@bahi/shared/contract";
import { monthlyReturnNotApplicable } from "@bahi/shared/returns";
import {
  filingRefusal,
  FIRST_PERIOD,
  hsnCodes,
  reconcilePurchases,
  reconciliationRowToWire,
  isOverdue,
  parseReturnPeriod,
  periodLabel,
  periodOrdinal,
  returnDueDate,
  returnPeriodOf,
  previousPeriod,
  validateGstin,
} from "@bahi/shared/returns";
import {
  collections,
  gstinKey,
  instantKey,
  reconciliationId,
  type EwayBillDocument,
  type GstReturnDocument,
  type ReconciliationDocument,
  type UserDocument,
} from "@bahi/shared/read-models";
import { newestFirstList } from "../lists/newest.ts";
import {
  DomainError,
  filedByDocuments,
  getJsonBlob,
  loadReturnBooks,
  returnScope,
  notFound,
  prepareReturn,
  refuseUnsafeInput,
  registrationPeriodOfUser,
  requireUserId,
  ValidationError,
  type BlobStore,
  type ReadStore,
  type SessionCodec,
} from "@bahi/shared/server";
import { hsnRoutes } from "./hsnRoutes.ts";
import { cmp08Routes } from "./cmp08Routes.ts";

const RETURN_TYPES = ["GSTR1", "GSTR3B"] as const;

/** A return's id is `${userId}-${returnType}-${period}` (gstReturnId); anything else names no return. */
function isGstReturnId(raw: string): boolean {
  const match = /^(.{36})-(GSTR1|GSTR3B)-(\d{6})$/.exec(raw);
  return match !== null && isRecordId(match[1]) && parseReturnPeriod(match[3]).ok;
}

/** GET /api/gst/...: returns, due dates, reference data, and the GSTIN check (a query, so it lives here). */
export function gstReadRoutes(deps: { readStore: ReadStore; blobStore: Pick<BlobStore, "get">; sessions: SessionCodec; clock: () => Date }): Router {
  const router = Router();
  const { readStore, blobStore, sessions, clock } = deps;

  function withStatus(doc: GstReturnDocument, today: Date) {
    const { returnJson: _json, returnJsonBlob: _blob, ...shown } = doc;
    const dueDate = returnDueDate(doc.period, doc.returnType);
    // A filing in flight stays "pending" (it may yet be filed on time); a failed one past its due date is overdue.
    const status = doc.status === "failed" && isOverdue(doc.period, doc.returnType, today) ? "overdue" : doc.status;
    return { ...shown, dueDate, status };
  }

  router.get("/returns", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const today = clock();
    const docs = await readStore.list<GstReturnDocument>(collections.gstReturns, userId);
    res.json(docs.map((doc) => withStatus(doc, today)).sort((a, b) => (a.period.slice(2) + a.period.slice(0, 2) < b.period.slice(2) + b.period.slice(0, 2) ? 1 : -1)));
  });

  router.get("/returns/:id/json", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const doc = isGstReturnId(req.params.id) ? await readStore.get<GstReturnDocument>(collections.gstReturns, req.params.id) : null;
    if (!doc || doc.userId !== userId) throw notFound("Return");
    // Returns filed before blobs keep their JSON in the document itself.
    const json = doc.returnJsonBlob ? await getJsonBlob(blobStore, doc.returnJsonBlob) : doc.returnJson;
    if (!json) throw notFound("Return");
    res.setHeader("Content-Disposition", `attachment; filename="${doc.returnType}-${doc.period}.json"`);
    res.json(json);
  });

  /**
   * The state of one return in the overview: not due while its month runs, then due until its
   * due date, overdue after; or what became of its filing.
   */
  function returnState(doc: GstReturnDocument | undefined, period: string, returnType: (typeof RETURN_TYPES)[number], today: Date) {
    if (doc?.status === "filed") return "filed" as const;
    if (doc?.status === "pending") return "in_progress" as const;
    if (doc?.status === "failed") return "failed" as const;
    if (periodOrdinal(period) >= periodOrdinal(returnPeriodOf(today))) return "not_due" as const;
    return isOverdue(period, returnType, today) ? ("overdue" as const) : ("due" as const);
  }

  /**
   * Every period since registration (newest first) with the state of its two returns; last
   * month's returns are the ones due next, and anything unfiled before them is pending too.
   */
  router.get("/overview", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const today = clock();
    const [user, docs] = await Promise.all([readStore.get<UserDocument>(collections.users, userId), readStore.list<GstReturnDocument>(collections.gstReturns, userId)]);
    const byKey = new Map(docs.map((d) => [`${d.returnType}-${d.period}`, d]));
    const thisMonth = returnPeriodOf(today);
    const registrationPeriod = user ? registrationPeriodOfUser(user) : thisMonth;
    const periods = [];
    for (let p = thisMonth; periodOrdinal(p) >= periodOrdinal(registrationPeriod); p = previousPeriod(p).fp) {
      const period = p;
      periods.push({
        period,
        label: periodLabel(period),
        returns: RETURN_TYPES.map((returnType) => {
          const doc = byKey.get(`${returnType}-${period}`);
          return { returnType, dueDate: returnDueDate(period, returnType), state: returnState(doc, period, returnType, today), arn: doc?.arn ?? null };
        }),
      });
      if (period === FIRST_PERIOD) break;
    }
    const lastPeriod = previousPeriod(thisMonth).fp;
    const nextDue =
      periodOrdinal(lastPeriod) < periodOrdinal(registrationPeriod)
        ? []
        : RETURN_TYPES.filter((type) => byKey.get(`${type}-${lastPeriod}`)?.status !== "filed").map((returnType) => ({
            returnType,
            period: lastPeriod,
            dueDate: returnDueDate(lastPeriod, returnType),
          }));
    const pendingReturns = periods.flatMap((p) => p.returns).filter((r) => r.state !== "filed" && r.state !== "not_due").length;
    // Active and still valid: the bills' activeUntil key is their validity's end, "" once cancelled.
    const activeEwayBills = await readStore.count(collections.ewayBills, userId, { range: { activeUntil: { from: instantKey(today.toISOString()) } } });
    res.json({
      pendingReturns,
      activeEwayBills,
      nextDue,
      today: indianDateOf(today),
      registrationDate: user?.gstRegistrationDate ?? null,
      registrationPeriod,
      periods,
    });
  });

  /**
   * GET /returns/preview?type=GSTR1|GSTR3B&period=MMYYYY: the return as it would be filed now,
   * by the same engine and inputs as the filing, with whatever would refuse it.
   */
  router.get("/returns/preview", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const type = typeof req.query.type === "string" ? req.query.type.toUpperCase() : "";
    const parsed = parseReturnPeriod(typeof req.query.period === "string" ? req.query.period : undefined);
    const errors = [
      ...((RETURN_TYPES as readonly string[]).includes(type) ? [] : [{ path: ["type"], message: "Return type must be GSTR1 or GSTR3B" }]),
      ...(parsed.ok ? [] : [{ path: ["period"], message: parsed.error }]),
    ];
    if (errors.length > 0 || !parsed.ok) throw new ValidationError(errors);
    const returnType = type as (typeof RETURN_TYPES)[number];
    const period = parsed.period.fp;
    const today = clock();
    const books = await loadReturnBooks(readStore, blobStore, userId, returnScope(returnType, period));
    const gstin = books.user?.gstNumber ?? null;
    // Issue 9: composition businesses file CMP-08 instead; unregistered ones file nothing.
    const notApplicable = monthlyReturnNotApplicable(books.user?.gstCategory, returnType);
    if (notApplicable) throw new DomainError("RETURN_NOT_APPLICABLE", notApplicable);
    if (!books.user || !gstin) throw new ValidationError([{ path: ["gstin"], message: "Add your GSTIN in Settings before preparing returns" }]);
    const prepared = prepareReturn(books, { returnType, period, gstin, stateCode: books.user.stateCode ?? null, today });
    const refusal = filingRefusal({ returnType, period, today, registrationPeriod: registrationPeriodOfUser(books.user), filed: filedByDocuments(books.returns) });
    const filed = books.returns.find((r) => r.returnType === returnType && r.period === period && r.status === "filed");
    res.json({
      returnType,
      period,
      gstin,
      json: prepared.json,
      totals: prepared.totals,
      problems: prepared.problems,
      payment: prepared.payment ?? null,
      refusal,
      filed: filed ? { arn: filed.arn, filedAt: filed.filedAt } : null,
    });
  });

  router.get("/reconciliations/:period", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const period = parseReturnPeriod(req.params.period);
    const doc = period.ok ? await readStore.get<ReconciliationDocument>(collections.reconciliations, reconciliationId(userId, period.period.fp)) : null;
    if (!doc || doc.userId !== userId) throw notFound("Reconciliation");
    // Rows are recomputed from the 2B, the expenses as they are now and the user's decisions:
    // the same function the return engine claims ITC with, so the screen shows what is claimed.
    const gstr2b = doc.gstr2bBlob ? await getJsonBlob(blobStore, doc.gstr2bBlob) : doc.gstr2bInline;
    const expenses = await readStore.list<Expense>(collections.expenses, userId);
    const result = reconcilePurchases({ gstr2b, expenses, period: doc.period, decisions: doc.decisions ?? [], businessGstin: doc.gstin ?? null });
    res.json({
      period: doc.period,
      gstin: doc.gstin ?? result.gstin,
      reportIn: doc.reportIn ?? null,
      uploadedAt: doc.uploadedAt,
      invoicesIn2b: doc.invoicesIn2b,
      completedAt: doc.completedAt,
      summary: result.summary,
      rows: result.rows.map(reconciliationRowToWire),
    });
  });

  // The official HSN/SAC master, searchable (issue 9); /hsn-codes stays the table of rates Bahi knows.
  router.use("/hsn", hsnRoutes({ sessions }));

  // Issue 9: a composition business's quarterly CMP-08.
  router.use(cmp08Routes(deps));

  router.get("/hsn-codes", (_req, res) => {
    res.json(hsnCodes().map(({ code, description, gstRate, cessRate, category, effectiveFrom }) => ({ code, description, gstRate, cessRate, category, effectiveFrom })));
  });

  router.get("/ewaybills", async (req, res) => {
    const userId = requireUserId(sessions, req);
    res.json(await newestFirstList<EwayBillDocument>(readStore, collections.ewayBills, userId, req.query));
  });

  router.post("/validate-gstin", express.json({ limit: "10kb" }), refuseUnsafeInput, async (req, res) => {
    const userId = requireUserId(sessions, req);
    const raw = typeof req.body?.gstin === "string" ? req.body.gstin : "";
    const result = validateGstin(raw);
    if (!result.valid) {
      res.json({ valid: false, error: result.error });
      return;
    }
    // The name is known when the GSTIN belongs to one of this business's customers or vendors.
    const byGstin = { where: { gstin: gstinKey(result.gstin) }, limit: 1 };
    const [customers, vendors] = await Promise.all([
      readStore.page<Customer>(collections.customers, userId, byGstin),
      readStore.page<Vendor>(collections.vendors, userId, byGstin),
    ]);
    const party = [...customers, ...vendors][0]?.data;
    const { valid: _valid, ...details } = result;
    res.json({ valid: true, details: { ...details, ...(party ? { businessName: party.name } : {}) } });
  });

  return router;
}
