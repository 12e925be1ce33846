/**
 * Issue 14: a PageQuery, a count, a tally and a system job's find as MongoDB filters, sorts and
 * pipelines over one generation's documents, and the indexes that serve them. Both come from the
 * same declarations (readModels/indexes.ts), so every sort a list sends is one of its
 * collection's indexes read forwards or backwards behind the owner, and every filter names
 * `live: true`, which the partial indexes require.
 *
 * Text keys compare as MongoDB compares strings without a collation: by UTF-8 bytes, that is by
 * code point, as the reference (readQuery.ts) and PostgreSQL's "C" collation do. Number keys
 * compare numerically.
 */
import type { Document, Filter, IndexDescription } from "mongodb";
import { READ_MODEL_INDEXES, type KeyValue, type OrderColumn } from "../../readModels/indexes.ts";
import type { PageQuery, TallyBucket } from "../ports/readStore.ts";
import { idDirection, indexFor, keyType, orderColumns } from "../readQuery.ts";
import type { StoredDocument } from "./mapping.ts";

type Direction = 1 | -1;
type Filters = Omit<PageQuery, "order" | "after" | "limit">;

const SAFE_KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** A declared key's path in a stored document. */
function keyPath(key: string): string {
  if (!SAFE_KEY.test(key)) throw new RangeError(`Not a key name: ${key}`);
  return `keys.${key}`;
}

const direction = (dir: "asc" | "desc"): Direction => (dir === "asc" ? 1 : -1);

/** A value as the key holds it: text as text, a number as a number (as SqlReadStore casts). */
function keyValue(collection: string, key: string, value: KeyValue): KeyValue {
  if (keyType(collection, key) === "text") return String(value);
  const number = Number(value);
  if (!Number.isFinite(number)) throw new RangeError(`Key ${key} of ${collection} holds numbers, not ${String(value)}`);
  return number;
}

/**
 * Text a regular expression matches literally: PCRE's (and JavaScript's) syntax characters
 * escaped, control characters as \xHH (a pattern cannot carry NUL). "50%" and "inv_1" need
 * nothing: % and _ are LIKE's wildcards, not a regular expression's.
 */
export function escapeRegex(text: string): string {
  return (
    text
      .replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")
      // eslint-disable-next-line no-control-regex -- control characters are what this escapes
      .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
  );
}

function conditions(collection: string, query: Filters): Filter<StoredDocument>[] {
  const all: Filter<StoredDocument>[] = [];
  for (const [key, wanted] of Object.entries(query.where ?? {})) {
    const options = (Array.isArray(wanted) ? wanted : [wanted]) as readonly KeyValue[];
    if (key === "id") all.push({ _id: { $in: options.map(String) } });
    else all.push({ [keyPath(key)]: { $in: options.map((option) => keyValue(collection, key, option)) } });
  }
  for (const [key, { from, to }] of Object.entries(query.range ?? {})) {
    keyType(collection, key);
    if (from !== undefined) all.push({ [keyPath(key)]: { $gte: keyValue(collection, key, from) } });
    if (to !== undefined) all.push({ [keyPath(key)]: { $lte: keyValue(collection, key, to) } });
  }
  if (query.search !== undefined) {
    keyType(collection, "search");
    // The key and the needle are both lower case (searchKey, read-api's searchOf): a
    // case-sensitive match is the reference's `includes`, and reads the index's keys as they are.
    if (query.search) all.push({ [keyPath("search")]: { $regex: escapeRegex(query.search) } });
  }
  return all;
}

/** One business's live documents of the generation that pass the filters. */
export function matchFilter(collection: string, ownerId: string, query: Filters): Filter<StoredDocument> {
  const all = conditions(collection, query);
  return all.length === 0 ? { owner: ownerId, live: true } : { owner: ownerId, live: true, $and: all };
}

/** The rows strictly after the cursor in the order: one alternative per column, then the id. */
export function afterFilter(collection: string, columns: readonly OrderColumn[], cursor: NonNullable<PageQuery["after"]>): Filter<StoredDocument> {
  const terms = [
    ...columns.map((column, i) => ({ path: keyPath(column.key), dir: column.dir, value: keyValue(collection, column.key, cursor.values[i] ?? "") })),
    { path: "_id", dir: idDirection(columns), value: cursor.id as KeyValue },
  ];
  return {
    $or: terms.map((term, i) => ({
      ...Object.fromEntries(terms.slice(0, i).map((before) => [before.path, before.value])),
      [term.path]: { [term.dir === "asc" ? "$gt" : "$lt"]: term.value },
    })),
  };
}

/** The order's keys then the id, each in its direction. */
export function pageSort(collection: string, order: string | undefined): Record<string, Direction> {
  const columns = orderColumns(collection, order);
  return Object.fromEntries([...columns.map((c) => [keyPath(c.key), direction(c.dir)] as const), ["_id", direction(idDirection(columns))] as const]);
}

export interface PagePlan {
  filter: Filter<StoredDocument>;
  sort: Record<string, Direction>;
  /** Absent: every row. A limit of 0 or less asks for nothing, which MongoDB's 0 ("no limit") would not give. */
  limit?: number;
  empty: boolean;
}

export function pagePlan(collection: string, ownerId: string, query: PageQuery): PagePlan {
  const columns = orderColumns(collection, query.order);
  const match = matchFilter(collection, ownerId, query);
  const filter = query.after ? { ...match, $and: [...(match.$and ?? []), afterFilter(collection, columns, query.after)] } : match;
  const limit = query.limit === undefined ? undefined : Math.floor(query.limit);
  return { filter, sort: pageSort(collection, query.order), ...(limit === undefined ? {} : { limit }), empty: limit !== undefined && limit <= 0 };
}

/** countDocuments' options: with a cap, it stops one past it (the answer says "more than cap"). */
export function countOptions(cap: number | undefined): { limit?: number } {
  return cap === undefined ? {} : { limit: Math.max(0, Math.floor(cap)) + 1 };
}

/** A tally's buckets for one business, grouped by the server over its live documents. */
export function tallyPipeline(collection: string, ownerId: string, tally: string): Document[] {
  const definition = indexFor(collection).tallies?.[tally];
  if (!definition) throw new RangeError(`Collection ${collection} has no tally ${tally}`);
  const sums = Object.fromEntries(definition.sums.map((sum, i) => [`s${i}`, { $sum: `$${keyPath(sum)}` }]));
  return [{ $match: { owner: ownerId, live: true } }, { $group: { _id: { $ifNull: [`$${keyPath(definition.group)}`, ""] }, count: { $sum: 1 }, ...sums } }];
}

export function tallyFrom(collection: string, tally: string, rows: readonly Document[]): Record<string, TallyBucket> {
  const definition = indexFor(collection).tallies?.[tally];
  if (!definition) throw new RangeError(`Collection ${collection} has no tally ${tally}`);
  return Object.fromEntries(
    rows.map((row) => [String(row._id), { count: Number(row.count), sums: Object.fromEntries(definition.sums.map((sum, i) => [sum, Number(row[`s${i}`] ?? 0)])) }]),
  );
}

const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether every field is a declared lookup of the collection (so `find` reads its index). */
export function isLookup(collection: string, fields: readonly string[]): boolean {
  const lookups = READ_MODEL_INDEXES[collection]?.lookups ?? [];
  return fields.length > 0 && fields.every((field) => lookups.includes(field));
}

/**
 * A system job's find: declared lookups through their keys (compared as text, as SqlReadStore's
 * lookup does), else the data's top-level fields as JSONB containment means them: equal, never
 * an array holding the value, and null only where the field is present and null.
 */
export function findFilter(collection: string, where: Readonly<Record<string, string | number | boolean | null>>): Filter<StoredDocument> {
  const fields = Object.keys(where);
  if (isLookup(collection, fields)) return { live: true, ...Object.fromEntries(fields.map((field) => [keyPath(field), String(where[field])])) };
  const filter: Filter<StoredDocument> = { live: true };
  for (const [field, value] of Object.entries(where)) {
    if (!SAFE_FIELD.test(field)) throw new RangeError(`Cannot find ${collection} by the field ${JSON.stringify(field)}`);
    filter[`data.${field}`] = value === null ? { $type: "null", $not: { $type: "array" } } : { $eq: value, $not: { $type: "array" } };
  }
  return filter;
}

/** A list by id: what `list` reads. */
export const listFilter = (ownerId: string): Filter<StoredDocument> => ({ owner: ownerId, live: true });

/**
 * The indexes a generation of the collection needs, all partial on live documents: the owner's
 * documents by id (list), one per distinct order (an order and its exact reverse share one), one
 * per lookup and per filter, the search key under the owner, and per tally its group and sums
 * (so the server can group off the index).
 */
export function indexSpecs(collection: string): IndexDescription[] {
  const specs: IndexDescription[] = [];
  const seen = new Set<string>();
  const add = (key: readonly (readonly [string, Direction])[]) => {
    const id = JSON.stringify(key);
    if (seen.has(id)) return;
    seen.add(id);
    specs.push({ key: Object.fromEntries(key), partialFilterExpression: { live: true } });
  };
  add([
    ["owner", 1],
    ["_id", 1],
  ]);
  const index = READ_MODEL_INDEXES[collection];
  if (!index) return specs;
  for (const columns of Object.values(index.orders)) {
    if (columns.length === 0) continue;
    const flip = columns[0]!.dir === "desc";
    const dirOf = (dir: "asc" | "desc"): Direction => (direction(dir) * (flip ? -1 : 1)) as Direction;
    add([["owner", 1], ...columns.map((c) => [keyPath(c.key), dirOf(c.dir)] as const), ["_id", dirOf(idDirection(columns))]]);
  }
  for (const key of index.lookups ?? [])
    add([
      [keyPath(key), 1],
      ["_id", 1],
    ]);
  for (const key of index.filters ?? [])
    add([
      ["owner", 1],
      [keyPath(key), 1],
      ["_id", 1],
    ]);
  if (index.keys.search)
    add([
      ["owner", 1],
      [keyPath("search"), 1],
    ]);
  for (const tally of Object.values(index.tallies ?? {})) add([["owner", 1], [keyPath(tally.group), 1], ...tally.sums.map((sum) => [keyPath(sum), 1] as const)]);
  return specs;
}
