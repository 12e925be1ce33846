import { Router, type Response } from "express";
import type { Invoice } from "@bahi/shared/contract";
import { collections, type ShareLinkDocument, type UserDocument } from "@bahi/shared/read-models";
import { isShareToken, notFound, requireUserId, SHARE_PATH, shareUrl, type BlobStore, type EventLog, type ReadStore, type SessionCodec } from "@bahi/shared/server";
import { isRecordId } from "@bahi/shared/contract";
import { waitForPosition } from "../consistency.ts";
import { invoicePdf } from "../invoices/invoicePdf.ts";
import { logoOf } from "../profile/logo.ts";
import { notFoundPage, SHARE_CSS, sharedInvoicePage, type SharedExtras } from "./publicPage.ts";

/**
 * The public page's own policy, stricter than the app's: no script at all, styles only from
 * our stylesheet, images only the inline QR, never framed.
 */
const PUBLIC_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface PublicShareDeps {
  readStore: ReadStore;
  blobStore: Pick<BlobStore, "get">;
  eventLog: Pick<EventLog, "head">;
  waitTimeoutMs?: number;
}

function publicHeaders(res: Response): void {
  res.setHeader("Content-Security-Policy", PUBLIC_CSP);
  // The token is the secret: never sent on to another site, never cached or indexed.
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
}

const extrasOf = (user: UserDocument | null): SharedExtras => ({
  bankName: user?.bankName ?? null,
  bankAccountNumber: user?.bankAccountNumber ?? null,
  bankIfsc: user?.bankIfsc ?? null,
  upiId: user?.upiId ?? null,
});

/**
 * Issue 10: GET /i/{token} (the invoice as HTML) and /i/{token}/pdf, served without a session
 * (mounted outside /api by the composition root). A token that is malformed, unknown or revoked
 * is the same 404.
 */
export function publicShareRouter(deps: PublicShareDeps): Router {
  const router = Router();
  const { readStore } = deps;

  router.get("/share.css", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("text/css").send(SHARE_CSS);
  });
  router.use(waitForPosition({ readStore, eventLog: deps.eventLog, timeoutMs: deps.waitTimeoutMs ?? 2000 }));
  router.use((_req, res, next) => {
    publicHeaders(res);
    next();
  });

  /** The link's invoice and its business, or null: only the token's own document is read. */
  async function shared(token: string | undefined): Promise<{ invoice: Invoice; user: UserDocument | null } | null> {
    if (!isShareToken(token)) return null;
    const link = await readStore.get<ShareLinkDocument>(collections.shareLinks, token);
    if (!link || link.token !== token) return null;
    const invoice = await readStore.get<Invoice>(collections.invoices, link.invoiceId);
    if (!invoice || invoice.userId !== link.ownerId) return null;
    return { invoice, user: await readStore.get<UserDocument>(collections.users, link.ownerId) };
  }

  router.get("/:token", async (req, res) => {
    const found = await shared(req.params.token);
    if (!found) {
      res.status(404).type("html").send(notFoundPage());
      return;
    }
    res.type("html").send(await sharedInvoicePage(found.invoice, extrasOf(found.user), `${SHARE_PATH}/${req.params.token}/pdf`));
  });

  router.get("/:token/pdf", async (req, res) => {
    const found = await shared(req.params.token);
    if (!found) {
      res.status(404).type("html").send(notFoundPage());
      return;
    }
    const { invoice, user } = found;
    const pdf = await invoicePdf(invoice, { ...extrasOf(user), logo: await logoOf(deps.blobStore, user) });
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `inline; filename="${invoice.invoiceNumber.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`);
    res.send(pdf);
  });

  return router;
}

/** Issue 10: GET /api/invoices/{id}/share — the owner's active link ({ url: null } when none). */
export function invoiceShareReadRoutes(deps: { readStore: ReadStore; sessions: SessionCodec }): Router {
  const router = Router();
  router.get("/:id/share", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = req.params.id;
    const invoice = isRecordId(id) ? await deps.readStore.get<Invoice>(collections.invoices, id.toLowerCase()) : null;
    if (!invoice || invoice.userId !== userId) throw notFound("Invoice");
    const link = await deps.readStore.get<ShareLinkDocument>(collections.shareLinks, invoice.id);
    res.json(link && link.ownerId === userId ? { url: shareUrl(req, link.token), createdAt: link.createdAt } : { url: null, createdAt: null });
  });
  return router;
}
