import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { ownedRecordDecider, type RecordState } from "../handling/ownedRecord.ts";

export type ExpenseEvent = BahiEventOf<"ExpenseRecorded" | "ExpenseUpdated" | "ExpenseDeleted">;
/** Looked up and computed by the handler (vendor snapshot, GST split); the decider records them. */
export type ExpenseFields = Omit<EventData<"ExpenseRecorded">, "expenseId" | "ownerId" | "recordedAt">;
export type ExpenseState = RecordState<ExpenseFields>;

const before = (fields: ExpenseFields | undefined) => ({
  date: fields?.date ?? "",
  category: fields?.category ?? "",
  amountPaise: fields?.amountPaise ?? 0,
  gstPaise: (fields?.cgstPaise ?? 0) + (fields?.sgstPaise ?? 0) + (fields?.igstPaise ?? 0),
  documentType: fields?.documentType ?? "bill",
});

export const expenseDecider = ownedRecordDecider<ExpenseFields, ExpenseFields, ExpenseEvent>({
  label: "Expense",
  fields: (input) => input,
  toEvent(fact) {
    switch (fact.kind) {
      case "added":
        return { type: "ExpenseRecorded", data: { expenseId: fact.id, ownerId: fact.ownerId, ...fact.fields, recordedAt: fact.at } };
      case "updated":
        return { type: "ExpenseUpdated", data: { expenseId: fact.id, ownerId: fact.ownerId, ...fact.fields, previous: before(fact.previous), updatedAt: fact.at } };
      case "deleted":
        return { type: "ExpenseDeleted", data: { expenseId: fact.id, ownerId: fact.ownerId, previous: before(fact.previous), deletedAt: fact.at } };
    }
  },
  fromEvent(event) {
    switch (event.type) {
      case "ExpenseRecorded": {
        const { expenseId, ownerId, recordedAt, ...fields } = event.data;
        return { kind: "added", id: expenseId, ownerId, fields, at: recordedAt };
      }
      case "ExpenseUpdated": {
        const { expenseId, ownerId, updatedAt, previous: _previous, ...fields } = event.data;
        return { kind: "updated", id: expenseId, ownerId, fields, at: updatedAt };
      }
      case "ExpenseDeleted":
        return { kind: "deleted", id: event.data.expenseId, ownerId: event.data.ownerId, at: event.data.deletedAt };
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
});
