import { collections, type VoidedNumberDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

/** Voided document numbers, one document each, for GSTR-1 Table 13's cancelled count. */
export const voidedNumbersProjection: Projection<VoidedNumberDocument> = {
  collection: collections.voidedNumbers,
  handles: ["DocumentNumberVoided"],
  documentIds(event) {
    if (event.type !== "DocumentNumberVoided") return [];
    const { userId, series, gstin, financialYear, sequence } = event.data;
    return [`${userId}-${series}-${gstin}-${financialYear}-${sequence}`];
  },
  evolve(doc, event) {
    if (event.type !== "DocumentNumberVoided") return doc;
    const { userId, documentDate, ...rest } = event.data;
    const id = `${userId}-${rest.series}-${rest.gstin}-${rest.financialYear}-${rest.sequence}`;
    return { id, ownerId: userId, ...rest, documentDate: documentDate ?? null };
  },
  ownerOf: (doc) => doc.ownerId,
};
