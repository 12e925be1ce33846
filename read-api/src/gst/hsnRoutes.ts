import { Router } from "express";
import { HSN_QUERY_MAX_LENGTH, lookupHsn, normaliseHsn, searchHsn } from "@bahi/shared/returns";
import { notFound, requireUserId, ValidationError, type SessionCodec } from "@bahi/shared/server";

/**
 * GET /api/gst/hsn?q=…: the best 20 codes of the official HSN/SAC master for a code prefix
 * or words, each with Bahi's rate where its table has one. GET /api/gst/hsn/:code: one code.
 */
export function hsnRoutes(deps: { sessions: SessionCodec }): Router {
  const router = Router();

  router.get("/", (req, res) => {
    requireUserId(deps.sessions, req);
    const q = typeof req.query.q === "string" ? req.query.q.trim() : "";
    if (q === "") throw new ValidationError([{ path: ["q"], message: "Type an HSN/SAC code or a word to search for, like 3305 or shampoo" }]);
    if (q.length > HSN_QUERY_MAX_LENGTH) throw new ValidationError([{ path: ["q"], message: `Search with at most ${HSN_QUERY_MAX_LENGTH} characters` }]);
    res.json(searchHsn(q));
  });

  router.get("/:code", (req, res) => {
    requireUserId(deps.sessions, req);
    const code = normaliseHsn(req.params.code);
    if (!/^(\d{4}|\d{6}|\d{8})$/.test(code)) throw new ValidationError([{ path: ["code"], message: "HSN/SAC code must be 4, 6 or 8 digits" }]);
    const found = lookupHsn(code);
    if (!found) throw notFound(`HSN ${code}`);
    res.json(found);
  });

  return router;
}
