import { Router } from "express";
import { isRecordId } from "@bahi/shared/contract";
import { collections, type DeliveryChallanDocument, type UserDocument } from "@bahi/shared/read-models";
import { notFound, requireUserId, type BlobStore, type EventStore, type ReadStore, type SessionCodec } from "@bahi/shared/server";
import { ownedWithETag } from "../etag.ts";
import { logoOf } from "../profile/logo.ts";
import { newestFirstList } from "../lists/newest.ts";
import { challanPdf } from "./challanPdf.ts";

/** A challan as listed and fetched: the facts (paise) stay inside, for the PDF. */
const withoutFacts = ({ facts: _facts, ...challan }: DeliveryChallanDocument) => challan;

/** GET /api/delivery-challans, /{id} and /{id}/pdf (issue 9, Rule 55): the owner's challans only. */
export function deliveryChallanReadRoutes(deps: {
  readStore: ReadStore;
  blobStore: Pick<BlobStore, "get">;
  sessions: SessionCodec;
  eventStore: Pick<EventStore, "readStream">;
  asOf?: Date;
}): Router {
  const router = Router();
  const { readStore, sessions } = deps;

  async function owned(id: string | undefined, userId: string): Promise<DeliveryChallanDocument> {
    const doc = isRecordId(id) ? await readStore.get<DeliveryChallanDocument>(collections.deliveryChallans, id.toLowerCase()) : null;
    if (!doc || doc.userId !== userId) throw notFound("Delivery challan");
    return doc;
  }

  router.get("/", async (req, res) => {
    // Newest first; within the same instant, the higher number first.
    res.json(await newestFirstList(readStore, collections.deliveryChallans, requireUserId(sessions, req), req.query, { show: withoutFacts }));
  });
  router.get("/:id", async (req, res) => {
    res.json(withoutFacts(await ownedWithETag<DeliveryChallanDocument>(deps, res, "delivery-challans", req.params.id, requireUserId(sessions, req), "Delivery challan")));
  });
  router.get("/:id/pdf", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const challan = await owned(req.params.id, userId);
    const user = await readStore.get<UserDocument>(collections.users, userId);
    const pdf = await challanPdf(challan, { logo: await logoOf(deps.blobStore, user) });
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${challan.number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`);
    res.send(pdf);
  });
  return router;
}
