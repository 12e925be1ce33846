import { indianDateOf, type User } from "@bahi/shared/contract";

/** The users read model's document: the user plus invoices created per Indian month. */
export type UserDocument = Omit<User, "invoicesUsed"> & { invoicesByMonth?: Record<string, number> };

/** What the API shows: this month's invoice count instead of the whole history. */
export function userResponse(doc: UserDocument, now: Date): User {
  const { invoicesByMonth = {}, ...user } = doc;
  return { ...user, invoicesUsed: invoicesByMonth[indianDateOf(now).slice(0, 7)] ?? 0 };
}
