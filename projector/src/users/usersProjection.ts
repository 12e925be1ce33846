import { DEFAULT_INVOICE_PREFIX, indianDateOf, type User } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections, type UserDocument } from "@bahi/shared/read-models";

/** The user without the password hash, which never leaves the user's own stream. */
export const usersProjection: Projection<UserDocument> = {
  collection: collections.users,
  // A person's documents gather events of every business they work in (issue 12: split by document).
  partitionBy: "document",
  handles: ["UserRegistered", "ProfileUpdated", "ProfileLogoChanged", "PlanChanged", "InvoiceCreated"],
  // An invoice counts towards its business owner's plan, and the business is its owner's.
  byBusiness: ["InvoiceCreated"],
  documentIds(event) {
    switch (event.type) {
      case "UserRegistered":
      case "ProfileUpdated":
      case "ProfileLogoChanged":
      case "PlanChanged":
        return [event.data.userId];
      case "InvoiceCreated":
        return [event.data.ownerId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "UserRegistered": {
        const { userId, passwordHash: _secret, registeredAt, ...profile } = event.data;
        return {
          id: userId,
          ...profile,
          gstNumber: null,
          businessAddress: null,
          businessType: null,
          gstCategory: null,
          compositionCategory: null,
          stateCode: null,
          panNumber: null,
          gstRegistrationDate: null,
          invoicePrefix: DEFAULT_INVOICE_PREFIX,
          roundOff: true,
          turnoverAbove5Crore: false,
          allowNegativeStock: false,
          bankName: null,
          bankAccountNumber: null,
          bankIfsc: null,
          upiId: null,
          lutNumber: null,
          lutValidFrom: null,
          lutValidUntil: null,
          pinCode: null,
          logo: null,
          isActive: true,
          createdAt: registeredAt,
          invoicesByMonth: {},
        };
      }
      case "ProfileUpdated": {
        if (!doc) return doc;
        const { userId: _id, updatedAt: _at, ...profile } = event.data;
        return { ...doc, ...(profile as Partial<User>) };
      }
      case "ProfileLogoChanged":
        return doc && { ...doc, logo: event.data.logo };
      case "PlanChanged":
        return doc && { ...doc, subscriptionPlan: event.data.plan, invoiceLimit: event.data.invoiceLimit };
      case "InvoiceCreated": {
        if (!doc) return doc;
        const month = indianDateOf(event.data.createdAt).slice(0, 7);
        return { ...doc, invoicesByMonth: { ...doc.invoicesByMonth, [month]: (doc.invoicesByMonth[month] ?? 0) + 1 } };
      }
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.id,
};
