/**
 * Issue 11: GET /api/{kind}/{id}/history for every record a person can open. The story is
 * told by shared/src/server/audit/history.ts from the record's own events (read through the
 * EventStore port, read only); this file only maps paths to kinds and answers.
 */
import { Router, type Request } from "express";
import { HISTORY_LABELS, HISTORY_PATHS, type HistoryKind } from "@bahi/shared/contract";
import { notFound, recordHistory, requireUserId, type EventStore, type ReadStore, type SessionCodec } from "@bahi/shared/server";

/**
 * API path → record kind, so `/api/{path}/{id}/history` reads like the record's own URL. A
 * return is named as /api/gst/returns names it ({business}-GSTR1-102026) or as GSTR1-102026; a
 * reconciliation by its period, as /api/gst/reconciliations/{period} is. E-way bills answer under
 * /gst too, where the read side lists them.
 */
const PATHS: ReadonlyArray<readonly [string, HistoryKind]> = [
  ...(Object.entries(HISTORY_PATHS) as [HistoryKind, string][]).map(([kind, path]) => [path.slice("/api".length), kind] as const),
  ["/gst/ewaybills", "ewaybill"],
];

export function historyRoutes(deps: { readStore: ReadStore; eventStore: Pick<EventStore, "readStream">; sessions: SessionCodec }): Router {
  const router = Router();
  for (const [path, kind] of PATHS) {
    router.get(`${path}/:id/history`, async (req: Request<{ id: string }>, res) => {
      const businessId = requireUserId(deps.sessions, req);
      const history = await recordHistory({ eventStore: deps.eventStore, readStore: deps.readStore }, businessId, kind, req.params.id);
      if (!history) throw notFound(HISTORY_LABELS[kind]);
      res.json(history);
    });
  }
  return router;
}
