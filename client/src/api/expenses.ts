import type { Expense } from "@bahi/shared/contract";
import type { ExpenseBody } from "../lib/expense-form.ts";
import { collectionHooks } from "./resource.ts";

/** Every write refreshes the list, the dashboard figures and the reports (refreshAfterWrite). */
const expenses = collectionHooks<Expense, ExpenseBody>("/api/expenses");

export const EXPENSES_KEY = expenses.listKey;
export const useExpenses = expenses.useList;
export const useCreateExpense = expenses.useCreate;
export const useUpdateExpense = expenses.useUpdate;
export const useDeleteExpense = expenses.useDelete;
