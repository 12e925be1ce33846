/**
 * Issue 10: GET /api/customers and /api/vendors with search, the archived filter (as
 * partiesShown reads it), sort and keyset paging. The counters are over the live parties.
 */
import {
  formatPaise,
  LIST_LIMIT_DEFAULT,
  partyListQuerySchema,
  type Customer,
  type CustomerListSummary,
  type Page,
  type PartyListQuery,
  type Vendor,
  type VendorListSummary,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore, TallyBucket } from "@bahi/shared/server";
import { listAnswer, searchOf } from "./page.ts";

type PartySort = NonNullable<PartyListQuery["sort"]>;
type Party = Customer | Vendor;
type Tally = Readonly<Record<string, TallyBucket>>;

/** Over the live (not archived) customers: the tally's "0" bucket. */
export function customerSummary(byArchived: Tally): CustomerListSummary {
  const live = byArchived["0"];
  return { count: live?.count ?? 0, withCreditLimit: live?.sums.withCreditLimit ?? 0, totalCreditLimit: formatPaise(live?.sums.creditLimit ?? 0) };
}

export function vendorSummary(byArchived: Tally): VendorListSummary {
  const live = byArchived["0"];
  return { count: live?.count ?? 0, gstRegistered: live?.sums.gstRegistered ?? 0 };
}

async function partyList<T extends Party, S>(
  readStore: ReadStore,
  collection: string,
  userId: string,
  rawQuery: unknown,
  summary: (byArchived: Tally) => S,
): Promise<T[] | Page<T, S>> {
  const query = partyListQuerySchema.parse(rawQuery);
  const archived = query.archived ?? "false";
  // One read of the tally serves the summary (live parties) and, unfiltered, the total (all of them).
  let byArchived: Promise<Tally> | undefined;
  const tally = () => (byArchived ??= readStore.tally(collection, userId, "byArchived"));
  return listAnswer<T, S>(readStore, {
    collection,
    ownerId: userId,
    order: query.sort ?? ("newest" satisfies PartySort),
    // partiesShown's filter: live ones by default, archived ones, or all.
    filters: { where: archived === "all" ? {} : { archived: archived === "true" ? "1" : "0" }, search: searchOf(query.q) },
    request: query,
    defaultLimit: LIST_LIMIT_DEFAULT,
    summary: async () => summary(await tally()),
    countAll: async () => Object.values(await tally()).reduce((sum, bucket) => sum + bucket.count, 0),
    show: (party) => ({ ...party, archived: party.archived === true }),
  });
}

export const customerList = (readStore: ReadStore, userId: string, rawQuery: unknown) =>
  partyList<Customer, CustomerListSummary>(readStore, collections.customers, userId, rawQuery, customerSummary);
export const vendorList = (readStore: ReadStore, userId: string, rawQuery: unknown) =>
  partyList<Vendor, VendorListSummary>(readStore, collections.vendors, userId, rawQuery, vendorSummary);
