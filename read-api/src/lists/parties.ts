/**
 * Issue 10: GET /api/customers and /api/vendors with search, the archived filter (as
 * partiesShown reads it), sort and keyset paging. The counters are over the live parties.
 */
import {
  formatPaise,
  LIST_LIMIT_DEFAULT,
  partyListQuerySchema,
  toPaise,
  type Customer,
  type CustomerListSummary,
  type Page,
  type PartyListQuery,
  type Vendor,
  type VendorListSummary,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore } from "@bahi/shared/server";
import { partiesShown } from "../parties/routes.ts";
import { listAnswer, matcher, type SortSpecs } from "./page.ts";

type PartySort = NonNullable<PartyListQuery["sort"]>;
type Party = Customer | Vendor;

const PARTY_SORT_SPECS: SortSpecs<Party, PartySort> = {
  newest: [{ of: (p) => p.createdAt, type: "string", dir: "desc" }],
  "name-asc": [{ of: (p) => p.name, type: "text", dir: "asc" }],
};

const limitPaise = (customer: Customer): number => {
  try {
    return toPaise(customer.creditLimit);
  } catch {
    return 0;
  }
};

export function customerSummary(customers: readonly Customer[]): CustomerListSummary {
  const live = customers.filter((c) => c.archived !== true);
  const limits = live.map(limitPaise).filter((paise) => paise > 0);
  return { count: live.length, withCreditLimit: limits.length, totalCreditLimit: formatPaise(limits.reduce((sum, paise) => sum + paise, 0)) };
}

export function vendorSummary(vendors: readonly Vendor[]): VendorListSummary {
  const live = vendors.filter((v) => v.archived !== true);
  return { count: live.length, gstRegistered: live.filter((v) => (v.gstNumber ?? "").trim() !== "").length };
}

async function partyList<T extends Party, S>(readStore: ReadStore, collection: string, userId: string, rawQuery: unknown, summary: (all: T[]) => S): Promise<T[] | Page<T, S>> {
  const query = partyListQuerySchema.parse(rawQuery);
  const all = await readStore.list<T>(collection, userId);
  const has = matcher(query.q);
  const rows = partiesShown(all, { archived: query.archived }).filter((party) => has(party.name, party.email, party.phone, party.gstNumber));
  return listAnswer(rows, PARTY_SORT_SPECS as SortSpecs<T, PartySort>, query.sort ?? "newest", query, () => summary(all), LIST_LIMIT_DEFAULT);
}

export const customerList = (readStore: ReadStore, userId: string, rawQuery: unknown) =>
  partyList<Customer, CustomerListSummary>(readStore, collections.customers, userId, rawQuery, customerSummary);
export const vendorList = (readStore: ReadStore, userId: string, rawQuery: unknown) =>
  partyList<Vendor, VendorListSummary>(readStore, collections.vendors, userId, rawQuery, vendorSummary);
