/**
 * The few ways a command can break a rule, each with a stable code. HTTP status mapping
 * lives in one place (command-api's error handler), not here.
 */
export type DomainErrorCode =
  | "NOT_FOUND"
  | "EMAIL_TAKEN"
  | "INVALID_CREDENTIALS"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "UNAUTHENTICATED"
  | "PLAN_LIMIT";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (what: string) => new DomainError("NOT_FOUND", `${what} not found`);
