import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrorsOf } from "../api/errors.ts";

/**
 * Puts a 400's field errors on the form fields they name, so the user sees the server's reason
 * next to the input. Returns how many landed.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): number {
  let applied = 0;
  for (const { path, message } of fieldErrorsOf(error)) {
    const field = fields.find((name) => name === path);
    if (field) {
      setError(field, { type: "server", message }, { shouldFocus: applied === 0 });
      applied++;
    }
  }
  return applied;
}
