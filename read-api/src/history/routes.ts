/**
 * Issue 11: GET /api/{kind}/{id}/history for every record a person can open. The story is
 * told by shared/src/server/audit/history.ts from the record's own events (read through the
 * EventStore port, read only); this file only maps paths to kinds and answers.
 */
import { Router, type Request } from "express";
import { notFound, recordHistory, requireUserId, type EventStore, type HistoryKind, type ReadStore, type SessionCodec } from "@bahi/shared/server";

/** API path → record kind, so `/api/{path}/{id}/history` reads like the record's own URL. */
const PATHS: ReadonlyArray<readonly [string, HistoryKind, string]> = [
  ["/invoices", "invoice", "Invoice"],
  ["/credit-notes", "credit-note", "Credit note"],
  ["/debit-notes", "debit-note", "Debit note"],
  ["/payments", "payment", "Payment"],
  ["/customers", "customer", "Customer"],
  ["/vendors", "vendor", "Vendor"],
  ["/products", "product", "Product"],
  ["/expenses", "expense", "Expense"],
  ["/delivery-challans", "delivery-challan", "Delivery challan"],
  ["/ewaybills", "ewaybill", "E-way bill"],
  ["/gst/ewaybills", "ewaybill", "E-way bill"],
  ["/advances", "advance", "Advance"],
  // A return is named as /api/gst/returns names it ({business}-GSTR1-102026) or as GSTR1-102026.
  ["/gst/returns", "return", "Return"],
  // A reconciliation is named by its period, as /api/gst/reconciliations/{period} is.
  ["/gst/reconciliations", "reconciliation", "Reconciliation"],
];

export function historyRoutes(deps: { readStore: ReadStore; eventStore: Pick<EventStore, "readStream">; sessions: SessionCodec }): Router {
  const router = Router();
  for (const [path, kind, label] of PATHS) {
    router.get(`${path}/:id/history`, async (req: Request<{ id: string }>, res) => {
      const businessId = requireUserId(deps.sessions, req);
      const history = await recordHistory({ eventStore: deps.eventStore, readStore: deps.readStore }, businessId, kind, req.params.id);
      if (!history) throw notFound(label);
      res.json(history);
    });
  }
  return router;
}
