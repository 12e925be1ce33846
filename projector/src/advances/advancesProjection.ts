import { advanceTaxView, formatPaise, toPaise, type CustomerAdvance } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

const withRemaining = (advance: CustomerAdvance): CustomerAdvance => {
  const applied = advance.applications.reduce((sum, application) => sum + toPaise(application.amount), 0);
  return { ...advance, applied: formatPaise(applied), remaining: formatPaise(toPaise(advance.amount) - applied) };
};

/** Issue 10: customer advances with what was applied and what is left. */
export const advancesProjection: Projection<CustomerAdvance> = {
  collection: collections.advances,
  handles: ["CustomerAdvanceReceived", "CustomerAdvanceApplied", "CustomerAdvanceApplicationReversed"],
  documentIds: (event) =>
    event.type === "CustomerAdvanceReceived" || event.type === "CustomerAdvanceApplied" || event.type === "CustomerAdvanceApplicationReversed" ? [event.data.advanceId] : [],
  evolve(doc, event) {
    switch (event.type) {
      case "CustomerAdvanceReceived": {
        const d = event.data;
        return withRemaining({
          id: d.advanceId,
          userId: d.ownerId,
          customerId: d.customerId,
          amount: formatPaise(d.amountPaise),
          date: d.date,
          mode: d.mode,
          reference: d.reference,
          applied: "0.00",
          remaining: formatPaise(d.amountPaise),
          applications: [],
          receivedAt: d.receivedAt,
          ...advanceTaxView(d),
        });
      }
      case "CustomerAdvanceApplied": {
        if (!doc) return doc;
        const d = event.data;
        return withRemaining({
          ...doc,
          applications: [...doc.applications, { invoiceId: d.invoiceId, paymentId: d.paymentId, amount: formatPaise(d.amountPaise), appliedAt: d.appliedAt }],
        });
      }
      case "CustomerAdvanceApplicationReversed":
        return doc && withRemaining({ ...doc, applications: doc.applications.filter((application) => application.paymentId !== event.data.paymentId) });
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
