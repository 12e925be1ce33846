/**
 * Issue 12: the meaning of a PageQuery and of a tally, over rows held in memory. MemoryReadStore
 * answers with these; SqlReadStore says the same in SQL (sql/readQuerySql.ts), and the read-store
 * contract suite holds the two to one answer.
 */
import { indexOf, type CollectionIndex, type DocumentKeys, type KeyValue, type OrderColumn } from "../readModels/indexes.ts";
import type { PageQuery, PageRow, TallyBucket } from "./ports/readStore.ts";

/** The collection's declared index, or an error naming what is missing (a programming mistake). */
export function indexFor(collection: string): CollectionIndex<never> {
  const index = indexOf(collection);
  if (!index) throw new RangeError(`Collection ${collection} declares no keys`);
  return index;
}

/** The columns of a declared order, or none (by id). */
export function orderColumns(collection: string, order: string | undefined): readonly OrderColumn[] {
  if (order === undefined) return [];
  const columns = indexFor(collection).orders[order];
  if (!columns) throw new RangeError(`Collection ${collection} has no order ${order}`);
  return columns;
}

/** The key's type, or an error when the collection does not declare it. */
export function keyType(collection: string, key: string): "text" | "number" {
  const definition = indexFor(collection).keys[key];
  if (!definition) throw new RangeError(`Collection ${collection} declares no key ${key}`);
  return definition.type;
}

/** The direction the id breaks ties in: the last column's (ascending without an order). */
export const idDirection = (columns: readonly OrderColumn[]): "asc" | "desc" => columns[columns.length - 1]?.dir ?? "asc";

/** UTF-16 units compared as code points, as PostgreSQL's "C" collation compares UTF-8 bytes. */
function unit(code: number): number {
  return code >= 0xe000 ? code - 0x800 : code >= 0xd800 ? code + 0x2000 : code;
}
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unit(x) - unit(y);
  }
  return a.length - b.length;
}

export function compareValues(a: KeyValue, b: KeyValue): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  return compareText(String(a), String(b));
}

/** The rows' total order under the columns, the id last. */
export function compareRows(columns: readonly OrderColumn[], a: { keys: DocumentKeys; id: string }, b: { keys: DocumentKeys; id: string }): number {
  for (const column of columns) {
    const order = compareValues(a.keys[column.key] ?? "", b.keys[column.key] ?? "");
    if (order !== 0) return column.dir === "desc" ? -order : order;
  }
  const order = compareText(a.id, b.id);
  return idDirection(columns) === "desc" ? -order : order;
}

function checkFilters(collection: string, query: Omit<PageQuery, "order" | "after" | "limit">): void {
  for (const key of Object.keys(query.where ?? {})) if (key !== "id") keyType(collection, key);
  for (const key of Object.keys(query.range ?? {})) keyType(collection, key);
  if (query.search !== undefined) keyType(collection, "search");
}

/** Whether a row passes the query's filters. */
export function matches(query: Omit<PageQuery, "order" | "after" | "limit">, row: { id: string; keys: DocumentKeys }): boolean {
  for (const [key, wanted] of Object.entries(query.where ?? {})) {
    const value = key === "id" ? row.id : row.keys[key];
    const options = Array.isArray(wanted) ? (wanted as readonly KeyValue[]) : [wanted as KeyValue];
    if (value === undefined || !options.some((option) => compareValues(option, value) === 0)) return false;
  }
  for (const [key, { from, to }] of Object.entries(query.range ?? {})) {
    const value = row.keys[key];
    if (value === undefined) return false;
    if (from !== undefined && compareValues(value, from) < 0) return false;
    if (to !== undefined && compareValues(value, to) > 0) return false;
  }
  if (query.search) {
    const haystack = row.keys.search;
    if (typeof haystack !== "string" || !haystack.includes(query.search)) return false;
  }
  return true;
}

/** The page a query asks for, from every live row of one business's collection. */
export function pageOf<T>(collection: string, rows: readonly PageRow<T>[], query: PageQuery): PageRow<T>[] {
  checkFilters(collection, query);
  const columns = orderColumns(collection, query.order);
  const kept = rows.filter((row) => matches(query, row)).sort((a, b) => compareRows(columns, a, b));
  const after = query.after;
  let start = 0;
  if (after) {
    const at = { id: after.id, keys: Object.fromEntries(columns.map((column, i) => [column.key, after.values[i] ?? ""])) };
    start = kept.findIndex((row) => compareRows(columns, row, at) > 0);
    if (start === -1) start = kept.length;
  }
  return kept.slice(start, query.limit === undefined ? undefined : start + query.limit);
}

/** How many rows pass the query's filters. */
export function countOf(collection: string, rows: readonly { id: string; keys: DocumentKeys }[], query: Omit<PageQuery, "order" | "after" | "limit">): number {
  checkFilters(collection, query);
  return rows.filter((row) => matches(query, row)).length;
}

/** A tally's buckets over the rows. */
export function tallyOf(collection: string, rows: readonly { keys: DocumentKeys }[], tally: string): Record<string, TallyBucket> {
  const definition = indexFor(collection).tallies?.[tally];
  if (!definition) throw new RangeError(`Collection ${collection} has no tally ${tally}`);
  const buckets: Record<string, { count: number; sums: Record<string, number> }> = {};
  for (const row of rows) {
    const name = String(row.keys[definition.group] ?? "");
    const bucket = (buckets[name] ??= { count: 0, sums: Object.fromEntries(definition.sums.map((sum) => [sum, 0])) });
    bucket.count += 1;
    for (const sum of definition.sums) bucket.sums[sum] = bucket.sums[sum]! + Number(row.keys[sum] ?? 0);
  }
  return buckets;
}

/**
 * What writing a document changes in its collection's tallies: its old keys' contribution taken
 * off, its new keys' added (either null: no document, or a tombstone). Keyed by tally and bucket.
 */
export function tallyDeltas(
  collection: string,
  before: DocumentKeys | null,
  after: DocumentKeys | null,
): { tally: string; bucket: string; count: number; sums: Record<string, number> }[] {
  const tallies = indexOf(collection)?.tallies;
  if (!tallies) return [];
  const deltas: { tally: string; bucket: string; count: number; sums: Record<string, number> }[] = [];
  for (const [tally, definition] of Object.entries(tallies)) {
    for (const [keys, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      if (!keys) continue;
      deltas.push({
        tally,
        bucket: String(keys[definition.group] ?? ""),
        count: sign,
        sums: Object.fromEntries(definition.sums.map((sum) => [sum, sign * Number(keys[sum] ?? 0)])),
      });
    }
  }
  return deltas;
}
