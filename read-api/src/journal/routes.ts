/**
 * Issue 11: the ledger. GET /ledger pages the business's events in chain order (oldest
 * first), /ledger/export hands an auditor the events of a date range with a manifest, and
 * /ledger/verify recomputes the chain (Companies (Accounts) Rules 2014, Rule 3(1)). Everything
 * is read through the AuditLog port; shared/src/server/audit/ holds the logic. Who may see the
 * ledger (owner, accountant, auditor) is the role middleware's to say, not this file's.
 */
import { Router } from "express";
import { journalExportQuerySchema, journalQuerySchema } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import {
  csvExport,
  exportEvents,
  exportManifest,
  journalPage,
  jsonLinesExport,
  personNamesFrom,
  requireUserId,
  type AuditLog,
  type ChainVerifier,
  type ReadStore,
  type SessionCodec,
} from "@bahi/shared/server";

export interface JournalDeps {
  auditLog: AuditLog & ChainVerifier;
  readStore: ReadStore;
  sessions: SessionCodec;
  clock: () => Date;
}

export function journalRoutes(deps: JournalDeps): Router {
  const router = Router();
  const names = personNamesFrom(deps.readStore, collections.users);

  router.get("/", async (req, res) => {
    const businessId = requireUserId(deps.sessions, req);
    res.json(await journalPage({ auditLog: deps.auditLog, names }, businessId, journalQuerySchema.parse(req.query)));
  });

  router.get("/export", async (req, res) => {
    const businessId = requireUserId(deps.sessions, req);
    const query = journalExportQuerySchema.parse(req.query);
    const [events, head] = await Promise.all([exportEvents(deps.auditLog, businessId, query), deps.auditLog.chainHead(businessId)]);
    const manifest = exportManifest(businessId, query, events, head, deps.clock());
    const name = `bahi-ledger-${query.from ?? "start"}-to-${query.to ?? manifest.exportedAt.slice(0, 10)}`;
    // The CSV has no place of its own for the manifest: it travels in a header, and the JSON
    // Lines file (the one `bahi ledger verify-export` reads) carries it as its last line.
    res.setHeader("X-Bahi-Manifest", Buffer.from(JSON.stringify(manifest)).toString("base64"));
    res.setHeader("Content-Type", query.format === "csv" ? "text/csv; charset=utf-8" : "application/jsonl; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${name}.${query.format}"`);
    for (const chunk of query.format === "csv" ? csvExport(events) : jsonLinesExport(events, manifest)) res.write(chunk);
    res.end();
  });

  router.get("/verify", async (req, res) => {
    res.json(await deps.auditLog.verifyBusiness(requireUserId(deps.sessions, req)));
  });

  return router;
}
