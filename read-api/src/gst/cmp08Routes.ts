import { Router } from "express";
import { z } from "zod";
import { supplierRegistrationOf } from "@bahi/shared/contract";
import { cmp08Periods, cmp08QuarterOf, cmp08Wire, computeCmp08 } from "@bahi/shared/returns";
import { DomainError, loadReturnBooks, requireUserId, type BlobStore, type ReadStore, type SessionCodec } from "@bahi/shared/server";

const cmp08Query = z.object({
  financialYear: z
    .string({ error: "Financial year must look like 2026-27" })
    .regex(/^\d{4}-\d{2}$/, "Financial year must look like 2026-27")
    .refine((fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5, 7)), "Financial year must look like 2026-27 (the second year follows the first)")
    .refine((fy) => fy >= "2017-18", "CMP-08 starts with the financial year 2017-18")
    .optional(),
  quarter: z.enum(["1", "2", "3", "4"], { error: "Quarter must be 1 (April–June), 2 (July–September), 3 (October–December) or 4 (January–March)" }).optional(),
});

/**
 * Issue 9: GET /api/gst/cmp08?financialYear=2026-27&quarter=1 — a composition business's
 * quarterly CMP-08 (Rule 62) as it stands in the books: turnover × the Rule 7 rate, plus the
 * tax on reverse-charge purchases. Without a quarter: the one today falls in. Logic in
 * shared/returns/cmp08.ts; a business that is not composition is refused (409).
 */
export function cmp08Routes(deps: { readStore: ReadStore; blobStore: Pick<BlobStore, "get">; sessions: SessionCodec; clock: () => Date }): Router {
  const router = Router();
  router.get("/cmp08", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const query = cmp08Query.parse(req.query);
    const today = cmp08QuarterOf(deps.clock());
    const quarter = { financialYear: query.financialYear ?? today.financialYear, quarter: query.quarter ? (Number(query.quarter) as 1 | 2 | 3 | 4) : today.quarter };
    // Issue 12: the quarter's sales, notes and reverse-charge purchases, not the whole history.
    const books = await loadReturnBooks(deps.readStore, deps.blobStore, userId, { periods: cmp08Periods(quarter), purchases: "period" });
    const category = books.user?.compositionCategory ?? null;
    if (supplierRegistrationOf(books.user?.gstCategory) !== "Composition" || !category) {
      throw new DomainError(
        "RETURN_NOT_APPLICABLE",
        "CMP-08 is filed only by composition businesses: choose Composition and what kind of business you are in Settings if you opted for the composition scheme",
      );
    }
    res.json(cmp08Wire(computeCmp08({ invoices: books.invoices, notes: books.notes ?? [], expenses: books.expenses }, quarter, category)));
  });
  return router;
}
