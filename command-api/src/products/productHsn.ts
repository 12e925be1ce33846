import { hsnDigitsProblem, kindOfHsn, type ProductKind } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { isHsnInMaster } from "@bahi/shared/returns";
import { ValidationError, type EventStore } from "@bahi/shared/server";
import { userDecider } from "../auth/user.ts";
import { readState } from "../handling/streamStates.ts";

/**
 * Rule 46(g) with Notification 78/2020-CT, checked when a product is saved (products saved
 * before keep loading as they are): goods carry an HSN, services a SAC (99…), with the digits
 * the business's turnover band needs (contract/gst/hsnDigits.ts), and the code must be one of
 * the official master's (returns/hsnMaster.ts).
 */
export async function checkProductHsn(eventStore: EventStore, userId: string, product: { hsnCode: string | null; kind?: ProductKind | null }): Promise<void> {
  const user = await readState(eventStore, streams.user(userId), userDecider);
  const above5Crore = user.registered ? (user.profile.turnoverAbove5Crore ?? false) : false;
  const kind = product.kind ?? kindOfHsn(product.hsnCode);
  const problem = hsnDigitsProblem(product.hsnCode, kind, above5Crore);
  if (problem) throw new ValidationError([{ path: ["hsnCode"], message: problem }]);
  if (product.hsnCode && !isHsnInMaster(product.hsnCode)) {
    const list = kind === "services" ? "SAC" : "HSN";
    throw new ValidationError([{ path: ["hsnCode"], message: `${list} ${product.hsnCode} is not in the GST ${list} list` }]);
  }
}
