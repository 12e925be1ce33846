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
  | "PLAN_LIMIT"
  | "FORBIDDEN"
  // GST filing rules (issue 8): each a 409 naming what to do first, except the 2B mismatch (400).
  | "PERIOD_FILED"
  | "PERIOD_NOT_ENDED"
  | "OUT_OF_SEQUENCE"
  | "TIME_BARRED"
  | "BEFORE_REGISTRATION"
  | "RETURN_HAS_PROBLEMS"
  // Issue 9: GSTR-1/3B asked of a composition or unregistered business (409).
  | "RETURN_NOT_APPLICABLE"
  // Issue 9: a sale of more than is in stock, unless the business allows negative stock (409).
  | "INSUFFICIENT_STOCK"
  | "GSTR2B_MISMATCH"
  // Issue 10: a payment above what the invoice still owes (400).
  | "PAYMENT_EXCEEDS_BALANCE"
  // Issue 10: deleting a party named on documents (409), invoicing an archived customer (400),
  // an invoice over the customer's credit limit without the owner's confirmation (409).
  | "PARTY_HAS_DOCUMENTS"
  | "PARTY_ARCHIVED"
  | "CREDIT_LIMIT_EXCEEDED"
  // Issue 11: team access. A role that may not do this, a member no longer in the business (403),
  // an invitation unknown (404), expired (410), used or for someone already in (409), for
  // another email (403), a plan's seats all taken (403, as the free invoice limit).
  | "ROLE_FORBIDDEN"
  | "NOT_A_MEMBER"
  | "INVITATION_NOT_FOUND"
  | "INVITATION_EXPIRED"
  | "INVITATION_USED"
  | "INVITATION_FOR_ANOTHER_EMAIL"
  | "ALREADY_MEMBER"
  | "SEAT_LIMIT_REACHED";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra fields the answer carries beside code and message (what to fix, what a choice would change). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (what: string) => new DomainError("NOT_FOUND", `${what} not found`);

/**
 * Input the schema accepted but a rule beyond it refused (a rate not in force on the invoice
 * date, figures that differ from the server's): a 400 in the same shape as a schema error.
 */
export class ValidationError extends Error {
  constructor(readonly errors: readonly { path: readonly (string | number)[]; message: string }[]) {
    super(errors.map((e) => e.message).join(", "));
    this.name = "ValidationError";
  }
}

/**
 * Issue 12: the write's If-Match names a revision the record's stream has moved past; nothing
 * was appended. A 412 whose body carries the record as a read would answer now (`current`,
 * filled in by the command side's view of it before the answer is sent) and its revision.
 */
export class StaleRevisionError extends Error {
  readonly code = "STALE_REVISION";
  /** The record as GET /api/{kind}/{id} answers it now; null once deleted or not yet known. */
  current: unknown = null;
  constructor(
    readonly streamId: string,
    readonly expected: number,
    /** The stream's revision now (null: no stream). */
    readonly revision: number | null,
    /** Global position of the stream's last event, so the view can wait for the projection to include it. */
    readonly position: string | null,
    /** The record the write named: its API path segment ("customers"), id and business. */
    readonly record: { path: string; id: string; businessId: string | null },
  ) {
    super(`Stream ${streamId}: If-Match ${expected}, now at ${String(revision)}`);
    this.name = "StaleRevisionError";
  }
}
