import express, { Router } from "express";
import { indianDateOf, isRecordId, type Customer, type Vendor } from "@bahi/shared/contract";
import { hsnCodes, isOverdue, parseReturnPeriod, returnDueDate, returnPeriodOf, previousPeriod, validateGstin } from "@bahi/shared/returns";
import { collections, gstReturnId, reconciliationId, type EwayBillDocument, type GstReturnDocument, type ReconciliationDocument } from "@bahi/shared/read-models";
import { getJsonBlob, notFound, refuseUnsafeInput, requireUserId, type BlobStore, type ReadStore, type SessionCodec } from "@bahi/shared/server";

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
    const status = doc.status !== "filed" && isOverdue(doc.period, doc.returnType, today) ? "overdue" : doc.status;
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

  /** Last month's returns are the ones due next; anything unfiled before them is pending too. */
  router.get("/overview", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const today = clock();
    const docs = await readStore.list<GstReturnDocument>(collections.gstReturns, userId);
    const filed = new Set(docs.filter((d) => d.status === "filed").map((d) => `${d.returnType}-${d.period}`));
    const lastPeriod = previousPeriod(returnPeriodOf(today)).fp;
    const nextDue = RETURN_TYPES.filter((type) => !filed.has(`${type}-${lastPeriod}`)).map((returnType) => ({
      returnType,
      period: lastPeriod,
      dueDate: returnDueDate(lastPeriod, returnType),
    }));
    const pendingRequested = docs.filter((d) => d.status !== "filed" && d.period !== lastPeriod).length;
    const bills = await readStore.list<EwayBillDocument>(collections.ewayBills, userId);
    const activeEwayBills = bills.filter((b) => b.status === "active" && Date.parse(b.validUpto) >= today.getTime()).length;
    res.json({ pendingReturns: nextDue.length + pendingRequested, activeEwayBills, nextDue, today: indianDateOf(today) });
  });

  router.get("/reconciliations/:period", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const period = parseReturnPeriod(req.params.period);
    const doc = period.ok ? await readStore.get<ReconciliationDocument>(collections.reconciliations, reconciliationId(userId, period.period.fp)) : null;
    if (!doc || doc.userId !== userId) throw notFound("Reconciliation");
    const { rowsBlob, ...shown } = doc;
    // The rows live in the BlobStore; reconciliations recorded before blobs keep them inline.
    res.json({ ...shown, rows: rowsBlob ? await getJsonBlob<unknown[]>(blobStore, rowsBlob) : doc.rows });
  });

  router.get("/hsn-codes", (_req, res) => {
    res.json(hsnCodes().map(({ code, description, gstRate, cessRate, category, effectiveFrom }) => ({ code, description, gstRate, cessRate, category, effectiveFrom })));
  });

  router.get("/ewaybills", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const bills = await readStore.list<EwayBillDocument>(collections.ewayBills, userId);
    res.json(bills.sort((a, b) => b.createdAt.localeCompare(a.createdAt)));
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
    const [customers, vendors] = await Promise.all([readStore.list<Customer>(collections.customers, userId), readStore.list<Vendor>(collections.vendors, userId)]);
    const party = [...customers, ...vendors].find((p) => p.gstNumber === result.gstin);
    const { valid: _valid, ...details } = result;
    res.json({ valid: true, details: { ...details, ...(party ? { businessName: party.name } : {}) } });
  });

  return router;
}
