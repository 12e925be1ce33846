/**
 * Issue 12: a PageQuery in SQL over bahi_rm_documents, and the expression indexes that serve it.
 * Both are generated from the same declarations (readModels/indexes.ts) by the same `keyExpression`,
 * so every ORDER BY a list sends is the exact expression of one of its collection's indexes: the
 * first page reads its rows off the index, and a keyset cursor is an index range when the
 * order's columns all run one way.
 */
import { createHash } from "node:crypto";
import { READ_MODEL_INDEXES, type KeyValue, type OrderColumn } from "../../readModels/indexes.ts";
import type { PageQuery } from "../ports/readStore.ts";
import { idDirection, keyType, orderColumns } from "../readQuery.ts";

const SAFE_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

function checkedName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new RangeError(`Not a key or collection name: ${name}`);
  return name;
}

/** The SQL of a key: text compared by code point, numbers numerically. */
export function keyExpression(collection: string, key: string): string {
  return keyType(collection, key) === "number" ? `((keys->>'${checkedName(key)}')::numeric)` : `((keys->>'${checkedName(key)}') COLLATE "C")`;
}

const ID = `(id COLLATE "C")`;

/** The free-text search key, as its trigram index holds it. */
const SEARCH = `(keys->>'search')`;

/** Text LIKE matches literally: its wildcards and the escape character escaped. */
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The active generation of a collection, as a literal subquery (the partial indexes need the literal). */
const activeGeneration = (collection: string) => `(SELECT generation FROM bahi_rm_generations WHERE projection = '${checkedName(collection)}' AND status = 'active')`;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

function filters(collection: string, query: Omit<PageQuery, "order" | "after" | "limit">, params: Params): string[] {
  const conditions: string[] = [];
  for (const [key, wanted] of Object.entries(query.where ?? {})) {
    const options = (Array.isArray(wanted) ? wanted : [wanted]) as KeyValue[];
    if (key === "id") {
      conditions.push(`id = ANY(${params.add(options.map(String), "text[]")})`);
      continue;
    }
    const number = keyType(collection, key) === "number";
    conditions.push(`${keyExpression(collection, key)} = ANY(${params.add(number ? options.map(Number) : options.map(String), number ? "numeric[]" : "text[]")})`);
  }
  for (const [key, { from, to }] of Object.entries(query.range ?? {})) {
    const cast = keyType(collection, key) === "number" ? "numeric" : "text";
    if (from !== undefined) conditions.push(`${keyExpression(collection, key)} >= ${params.add(from, cast)}`);
    if (to !== undefined) conditions.push(`${keyExpression(collection, key)} <= ${params.add(to, cast)}`);
  }
  if (query.search) {
    keyType(collection, "search");
    // Issue 13: LIKE, not strpos, so the search key's trigram index (readModelIndexDdl) can answer it.
    conditions.push(`${SEARCH} LIKE ${params.add(`%${likeEscaped(query.search)}%`, "text")}`);
  }
  return conditions;
}

/** Rows strictly after the cursor: one row comparison when every column runs one way. */
function after(collection: string, columns: readonly OrderColumn[], cursor: NonNullable<PageQuery["after"]>, params: Params): string {
  const terms = [
    ...columns.map((column, i) => ({
      expression: keyExpression(collection, column.key),
      dir: column.dir,
      value: params.add(cursor.values[i] ?? "", keyType(collection, column.key) === "number" ? "numeric" : "text"),
    })),
    { expression: ID, dir: idDirection(columns), value: params.add(cursor.id, "text") },
  ];
  const op = (dir: "asc" | "desc") => (dir === "asc" ? ">" : "<");
  if (terms.every((term) => term.dir === terms[0]!.dir)) {
    return `(${terms.map((t) => t.expression).join(", ")}) ${op(terms[0]!.dir)} (${terms.map((t) => t.value).join(", ")})`;
  }
  const alternatives = terms.map((term, i) => [...terms.slice(0, i).map((t) => `${t.expression} = ${t.value}`), `${term.expression} ${op(term.dir)} ${term.value}`].join(" AND "));
  return `(${alternatives.map((a) => `(${a})`).join(" OR ")})`;
}

function where(collection: string, ownerId: string, query: Omit<PageQuery, "order" | "after" | "limit">, params: Params): string {
  const owner = params.add(ownerId, "text");
  return [
    `generation = ${activeGeneration(collection)}`,
    `collection = '${checkedName(collection)}'`,
    `owner_id = ${owner}`,
    "data IS NOT NULL",
    ...filters(collection, query, params),
  ].join(" AND ");
}

export function pageStatement(collection: string, ownerId: string, query: PageQuery): { text: string; values: unknown[] } {
  const params = new Params();
  const columns = orderColumns(collection, query.order);
  const conditions = [where(collection, ownerId, query, params)];
  if (query.after) conditions.push(after(collection, columns, query.after, params));
  const order = [...columns.map((c) => `${keyExpression(collection, c.key)} ${c.dir.toUpperCase()}`), `${ID} ${idDirection(columns).toUpperCase()}`].join(", ");
  const limit = query.limit === undefined ? "" : ` LIMIT ${params.add(query.limit, "integer")}`;
  return { text: `SELECT id, data, keys FROM bahi_rm_documents WHERE ${conditions.join(" AND ")} ORDER BY ${order}${limit}`, values: params.values };
}

export function countStatement(collection: string, ownerId: string, query: Omit<PageQuery, "order" | "after" | "limit">, cap?: number): { text: string; values: unknown[] } {
  const params = new Params();
  const matching = `FROM bahi_rm_documents WHERE ${where(collection, ownerId, query, params)}`;
  if (cap === undefined) return { text: `SELECT count(*)::integer AS n ${matching}`, values: params.values };
  // Issue 13: a search matching most of a book would recheck every matching row's trigrams to count them.
  return { text: `SELECT count(*)::integer AS n FROM (SELECT 1 ${matching} LIMIT ${params.add(cap + 1, "integer")}) capped`, values: params.values };
}

/** Lookups for system jobs: the documents of every owner whose keys equal `where`. */
export function lookupStatement(collection: string, fields: Readonly<Record<string, string | number | boolean | null>>): { text: string; values: unknown[] } {
  const params = new Params();
  const conditions = [`generation = ${activeGeneration(collection)}`, `collection = '${checkedName(collection)}'`, "data IS NOT NULL"];
  for (const [key, value] of Object.entries(fields)) conditions.push(`${keyExpression(collection, key)} = ${params.add(String(value), "text")}`);
  return { text: `SELECT data FROM bahi_rm_documents WHERE ${conditions.join(" AND ")} ORDER BY id`, values: params.values };
}

/** Whether every field is a declared lookup of the collection (so `find` can use its index). */
export function isLookup(collection: string, fields: readonly string[]): boolean {
  const lookups = READ_MODEL_INDEXES[collection]?.lookups ?? [];
  return fields.length > 0 && fields.every((field) => lookups.includes(field));
}

/**
 * One index per distinct order (an order and its exact reverse share one: an index reads both
 * ways) and per lookup, partial on the collection. Their names carry a hash of their definition;
 * the last statement drops indexes of orders no longer declared.
 */
export function readModelIndexDdl(): string {
  const names: string[] = [];
  const statements: string[] = ["CREATE EXTENSION IF NOT EXISTS pg_trgm"];
  const add = (collection: string, columns: string, method: "btree" | "gin" = "btree"): void => {
    const name = `bahi_rm_ix_${createHash("sha256")
      .update(`${collection}:${method === "btree" ? "" : `${method}:`}${columns}`)
      .digest("hex")
      .slice(0, 16)}`;
    if (names.includes(name)) return;
    names.push(name);
    statements.push(`CREATE INDEX IF NOT EXISTS ${name} ON bahi_rm_documents USING ${method} (${columns}) WHERE collection = '${checkedName(collection)}'`);
  };
  for (const [collection, index] of Object.entries(READ_MODEL_INDEXES)) {
    for (const columns of Object.values(index.orders)) {
      if (columns.length === 0) continue;
      const flip = columns[0]!.dir === "desc";
      const dirOf = (dir: "asc" | "desc") => ((dir === "desc") !== flip ? " DESC" : "");
      const keyed = columns.map((c) => `${keyExpression(collection, c.key)}${dirOf(c.dir)}`);
      add(collection, ["generation", "owner_id", ...keyed, `${ID}${dirOf(idDirection(columns))}`].join(", "));
    }
    for (const key of index.lookups ?? []) add(collection, `generation, ${keyExpression(collection, key)}`);
    for (const key of index.filters ?? []) add(collection, `generation, owner_id, ${keyExpression(collection, key)}`);
    // Issue 13: a search inside the key reads the trigrams of its needle off a GIN index (pg_trgm).
    if (index.keys.search) add(collection, `${SEARCH} gin_trgm_ops`, "gin");
  }
  const keep = names.map((name) => `'${name}'`).join(", ");
  statements.push(`DO $$
DECLARE
  stale record;
BEGIN
  FOR stale IN SELECT indexname FROM pg_indexes
                WHERE schemaname = current_schema() AND tablename = 'bahi_rm_documents'
                  AND indexname LIKE 'bahi\\_rm\\_ix\\_%' AND indexname NOT IN (${keep}) LOOP
    EXECUTE format('DROP INDEX %I', stale.indexname);
  END LOOP;
END
$$`);
  return statements.join(";\n");
}
