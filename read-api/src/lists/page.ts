/**
 * Issue 10: one way every list (invoices, expenses, products, customers, vendors) sorts and
 * pages. Each list names its sorts as key columns; the id breaks every tie, so the order is
 * total and a keyset cursor (the last row's keys and id) names one place in it.
 *
 * The next page is the rows strictly after the cursor in that order, never an offset: a row
 * created while someone pages lands before or after the cursor, and no row that existed when
 * paging began repeats or goes missing.
 */
import type { Page } from "@bahi/shared/contract";
import { ValidationError } from "@bahi/shared/server";

export type SortValue = string | number | null;

/**
 * One key column of a sort. text: compared as words (case and accents aside) on its first
 * TEXT_KEY_LENGTH characters, so a cursor stays within the contract's 400 characters whatever
 * the names (200 characters of Devanagari are 600 bytes); null always last.
 */
export interface SortColumn<T> {
  of: (row: T) => SortValue;
  type: "text" | "number" | "string";
  dir: "asc" | "desc";
}

export type SortSpecs<T, S extends string> = Record<S, readonly SortColumn<T>[]>;

const words = new Intl.Collator("en-IN", { sensitivity: "base" });

/** Names that agree on this many characters are ordered by the sort's next keys, then the id. */
export const TEXT_KEY_LENGTH = 40;
const textKey = (value: SortValue): SortValue => (typeof value === "string" ? Array.from(value).slice(0, TEXT_KEY_LENGTH).join("") : value);

function compareValue(a: SortValue, b: SortValue, column: Pick<SortColumn<unknown>, "type" | "dir">): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = column.type === "text" ? words.compare(String(a), String(b)) : a < b ? -1 : a > b ? 1 : 0;
  return column.dir === "desc" ? -order : order;
}

interface Position {
  values: SortValue[];
  id: string;
}

function compareTo(columns: readonly SortColumn<never>[], a: Position, b: Position): number {
  for (let i = 0; i < columns.length; i++) {
    const order = compareValue(a.values[i] ?? null, b.values[i] ?? null, columns[i]!);
    if (order !== 0) return order;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function positionOf<T extends { id: string }>(columns: readonly SortColumn<T>[], row: T): Position {
  return { values: columns.map((column) => (column.type === "text" ? textKey(column.of(row)) : column.of(row))), id: row.id };
}

/** Sorted in the sort's total order (the id last). */
export function sortRows<T extends { id: string }>(rows: T[], columns: readonly SortColumn<T>[]): T[] {
  const keyed = rows.map((row) => ({ row, at: positionOf(columns, row) }));
  keyed.sort((a, b) => compareTo(columns as readonly SortColumn<never>[], a.at, b.at));
  return keyed.map((entry) => entry.row);
}

/** Opaque to clients: base64url of [sort, ...keys, id]. */
export function encodeCursor(sort: string, at: Position): string {
  return Buffer.from(JSON.stringify([sort, ...at.values, at.id]), "utf8").toString("base64url");
}

const badCursor = () => new ValidationError([{ path: ["cursor"], message: "cursor is not one this list gave for this sort; start again from the first page" }]);

/** The position a cursor names, or a 400 on `cursor` when it does not decode or does not fit the sort. */
export function decodeCursor(cursor: string, sort: string, columns: readonly SortColumn<never>[]): Position {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== columns.length + 2 || parsed[0] !== sort) throw badCursor();
  const id: unknown = parsed[parsed.length - 1];
  if (typeof id !== "string" || id.length === 0 || id.length > 64) throw badCursor();
  const values = parsed.slice(1, -1) as unknown[];
  values.forEach((value, i) => {
    const expected = columns[i]!.type === "number" ? "number" : "string";
    if (value !== null && (typeof value !== expected || (typeof value === "number" && !Number.isFinite(value)))) throw badCursor();
  });
  return { values: values as SortValue[], id };
}

export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/**
 * SPEC's plain array when neither limit nor cursor is asked for; else one page of the sorted
 * rows after the cursor, with the count of every matching row and the book's summary.
 */
export async function listAnswer<T extends { id: string }, S, K extends string>(
  rows: T[],
  specs: SortSpecs<T, K>,
  sort: K,
  request: PageRequest,
  summary: () => S | Promise<S>,
  defaultLimit: number,
): Promise<T[] | Page<T, S>> {
  const columns = specs[sort];
  const sorted = sortRows(rows, columns);
  if (request.limit === undefined && request.cursor === undefined) return sorted;
  const limit = request.limit ?? defaultLimit;
  let start = 0;
  if (request.cursor) {
    const after = decodeCursor(request.cursor, sort, columns as readonly SortColumn<never>[]);
    start = sorted.findIndex((row) => compareTo(columns as readonly SortColumn<never>[], positionOf(columns, row), after) > 0);
    if (start === -1) start = sorted.length;
  }
  const items = sorted.slice(start, start + limit);
  const last = items[items.length - 1];
  const nextCursor = last && start + limit < sorted.length ? encodeCursor(sort, positionOf(columns, last)) : null;
  return { items, nextCursor, total: rows.length, summary: await summary() };
}

/** from after to is refused on `to` (both inclusive Indian dates). */
export function checkRange(range: { from?: string | null; to?: string | null }): void {
  if (range.from && range.to && range.from > range.to) {
    throw new ValidationError([{ path: ["to"], message: "To date must be on or after From date" }]);
  }
}

/** Case-insensitive substring over the given fields; an empty search matches everything. */
export function matcher(q: string | undefined): (...fields: (string | null | undefined)[]) => boolean {
  const needle = (q ?? "").trim().toLowerCase();
  if (needle === "") return () => true;
  return (...fields) => fields.some((field) => typeof field === "string" && field.toLowerCase().includes(needle));
}
