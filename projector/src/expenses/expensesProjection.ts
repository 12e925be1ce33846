import type { Expense } from "@bahi/shared/contract";
import { expenseView } from "@bahi/shared/events";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

export const expensesProjection: Projection<Expense> = {
  collection: collections.expenses,
  handles: ["ExpenseRecorded", "ExpenseUpdated", "ExpenseDeleted"],
  documentIds(event) {
    switch (event.type) {
      case "ExpenseRecorded":
      case "ExpenseUpdated":
      case "ExpenseDeleted":
        return [event.data.expenseId];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "ExpenseRecorded": {
        const { recordedAt, ...facts } = event.data;
        return expenseView(facts, recordedAt, recordedAt);
      }
      case "ExpenseUpdated": {
        if (!doc) return doc;
        const { updatedAt, previous: _previous, ...facts } = event.data;
        return expenseView(facts, doc.createdAt, updatedAt);
      }
      case "ExpenseDeleted":
        return null;
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
