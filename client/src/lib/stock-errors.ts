import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { HttpError } from "../api/http.ts";

/**
 * Issue 9: a sale beyond stock is a 409 INSUFFICIENT_STOCK whose `errors` name the items
 * ("items.0.quantity": "Only 3 in stock for Gel pen: …"); this puts each message next to its
 * item's quantity, as a 400's field errors are. Returns how many landed.
 */
export function applyStockErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): number {
  if (!(error instanceof HttpError) || error.status !== 409 || error.errorBody?.code !== "INSUFFICIENT_STOCK") return 0;
  let applied = 0;
  for (const { path, message } of error.errorBody.errors ?? []) {
    const field = fields.find((name) => name === path);
    if (field) {
      setError(field, { type: "server", message }, { shouldFocus: applied === 0 });
      applied++;
    }
  }
  return applied;
}
