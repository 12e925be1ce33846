import type { FieldError } from "@bahi/shared/contract";
import { HttpError } from "./http.ts";

/** Field errors from a 400 response, or an empty list. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof HttpError && error.status === 400 ? (error.errorBody?.errors ?? []) : [];
}

/**
 * What a toast says about a failed call: the joined field messages of a 400, else the server's
 * message, else the fallback (network failures and non-JSON bodies).
 */
export function describeError(error: unknown, fallback: string): string {
  const fieldErrors = fieldErrorsOf(error);
  if (fieldErrors.length > 0) return fieldErrors.map((e) => e.message).join(", ");
  if (error instanceof HttpError) return error.errorBody?.message || fallback;
  return fallback;
}
