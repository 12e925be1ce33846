/**
 * Issue 10, issue 12: one way every list (invoices, expenses, products, customers, vendors) sorts,
 * filters and pages: in the read store, on the keys its collection declares
 * (readModels/indexes.ts), so a page costs the page whatever the business's history. The id breaks
 * every tie, so the order is total and a keyset cursor (the last row's keys and id) names one place
 * in it.
 *
 * The next page is the rows strictly after the cursor in that order, never an offset: a row
 * created while someone pages lands before or after the cursor, and no row that existed when
 * paging began repeats or goes missing.
 */
import type { Page } from "@bahi/shared/contract";
import { indexOf, type KeyValue } from "@bahi/shared/read-models";
import { ValidationError, type PageQuery, type ReadStore } from "@bahi/shared/server";

export type ListFilters = Omit<PageQuery, "order" | "after" | "limit">;

/** Opaque to clients: base64url of [order, ...keys, id]. */
function encodeCursor(order: string, values: readonly KeyValue[], id: string): string {
  return Buffer.from(JSON.stringify([order, ...values, id]), "utf8").toString("base64url");
}

const badCursor = () => new ValidationError([{ path: ["cursor"], message: "cursor is not one this list gave for this sort; start again from the first page" }]);

/** The position a cursor names, or a 400 on `cursor` when it does not decode or does not fit the sort. */
function decodeCursor(cursor: string, collection: string, order: string): NonNullable<PageQuery["after"]> {
  const columns = indexOf(collection)?.orders[order] ?? [];
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== columns.length + 2 || parsed[0] !== order) throw badCursor();
  const id: unknown = parsed[parsed.length - 1];
  if (typeof id !== "string" || id.length === 0 || id.length > 64) throw badCursor();
  const values = parsed.slice(1, -1) as unknown[];
  values.forEach((value, i) => {
    const expected = indexOf(collection)!.keys[columns[i]!.key]!.type === "number" ? "number" : "string";
    if (typeof value !== expected || (typeof value === "number" && !Number.isFinite(value)) || (typeof value === "string" && value.length > 200)) throw badCursor();
  });
  return { values: values as KeyValue[], id };
}

export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface ListSpec<T, S, W = T> {
  collection: string;
  ownerId: string;
  order: string;
  filters: ListFilters;
  request: PageRequest;
  defaultLimit: number;
  /** The counters above the table, from the collection's tallies. */
  summary: () => Promise<S>;
  /** How many documents the business has (a tally), when no filter is asked for. */
  countAll: (summary: S) => number | Promise<number>;
  /** What each row becomes on the wire. */
  show?: (row: T) => W;
}

/**
 * Issue 13: a filtered list counts its matches up to here and says "1,000+" past it. A search
 * that matches most of a large book would otherwise recheck every match to count it: at 100,000
 * invoices that exact count was 150 ms of a 160 ms answer. The whole book's count is a tally, exact at any size.
 */
export const COUNT_CAP = 1000;

const hasFilters = (filters: ListFilters): boolean => Object.keys(filters.where ?? {}).length > 0 || Object.keys(filters.range ?? {}).length > 0 || (filters.search ?? "") !== "";

/**
 * SPEC's plain array when neither limit nor cursor is asked for; else one page after the cursor,
 * with the count of every matching row and the book's summary.
 */
export async function listAnswer<T, S, W = T>(readStore: ReadStore, spec: ListSpec<T, S, W>): Promise<W[] | Page<W, S>> {
  const show = spec.show ?? ((row: T) => row as unknown as W);
  const { collection, ownerId, order, filters, request } = spec;
  if (request.limit === undefined && request.cursor === undefined) {
    return (await readStore.page<T>(collection, ownerId, { ...filters, order })).map((row) => show(row.data));
  }
  const limit = request.limit ?? spec.defaultLimit;
  const after = request.cursor ? decodeCursor(request.cursor, collection, order) : undefined;
  const [rows, summary] = await Promise.all([readStore.page<T>(collection, ownerId, { ...filters, order, after, limit: limit + 1 }), spec.summary()]);
  const filtered = hasFilters(filters);
  const counted = filtered ? await readStore.count(collection, ownerId, filters, COUNT_CAP) : await spec.countAll(summary);
  const capped = filtered && counted > COUNT_CAP;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const columns = indexOf(collection)!.orders[order]!;
  const nextCursor =
    last && rows.length > limit
      ? encodeCursor(
          order,
          columns.map((column) => last.keys[column.key]!),
          last.id,
        )
      : null;
  return { items: items.map((row) => show(row.data)), nextCursor, total: capped ? COUNT_CAP : counted, ...(capped ? { totalCapped: true } : {}), summary };
}

/** from after to is refused on `to` (both inclusive Indian dates). */
export function checkRange(range: { from?: string | null; to?: string | null }): void {
  if (range.from && range.to && range.from > range.to) {
    throw new ValidationError([{ path: ["to"], message: "To date must be on or after From date" }]);
  }
}

/** The list's free-text search as the `search` key holds it (lower case), or none. */
export function searchOf(q: string | undefined): string | undefined {
  const needle = (q ?? "").trim().toLowerCase();
  return needle === "" ? undefined : needle;
}

/** A day range on a key, from the query's inclusive from and to. */
export function dayRange(key: string, query: { from?: string | null; to?: string | null }): ListFilters["range"] {
  if (!query.from && !query.to) return {};
  return { [key]: { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) } };
}
