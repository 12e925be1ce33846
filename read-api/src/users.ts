import { indianDateOf, type User } from "@bahi/shared/contract";
import type { UserDocument } from "@bahi/shared/read-models";

/** What the API shows: this month's invoice count instead of the whole history. */
export function userResponse(doc: UserDocument, now: Date): User {
  const { invoicesByMonth, ...user } = doc;
  return { ...user, invoicesUsed: invoicesByMonth[indianDateOf(now).slice(0, 7)] ?? 0 };
}
