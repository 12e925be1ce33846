/**
 * Issue 10: GET /api/products with search, filters, sort and keyset paging. Low stock is one
 * rule for this list, its counter and GET /products/low-stock; stock value is the Inventory
 * page's: price × stock, in thousandths of a unit, rounded half up per product.
 */
import { formatPaise, LIST_LIMIT_DEFAULT, productListQuerySchema, type Page, type Product, type ProductListQuery, type ProductListSummary } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore, TallyBucket } from "@bahi/shared/server";
import { listAnswer, searchOf } from "./page.ts";

type ProductSort = NonNullable<ProductListQuery["sort"]>;

/** Each status filter as a key of the products' declared index. */
const STATUS: Record<NonNullable<ProductListQuery["status"]>, Record<string, string>> = {
  active: { active: "1" },
  inactive: { active: "0" },
  "low-stock": { lowStock: "1" },
  "out-of-stock": { outOfStock: "1" },
};

/** Count, low stock and stock value over every product, from the products' tally by low stock. */
export function productSummary(byLowStock: Readonly<Record<string, TallyBucket>>): ProductListSummary {
  const buckets = Object.values(byLowStock);
  return {
    count: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    lowStock: byLowStock["1"]?.count ?? 0,
    stockValue: formatPaise(buckets.reduce((sum, bucket) => sum + (bucket.sums.stockValue ?? 0), 0)),
  };
}

export async function productList(readStore: ReadStore, userId: string, rawQuery: unknown): Promise<Product[] | Page<Product, ProductListSummary>> {
  const query = productListQuerySchema.parse(rawQuery);
  return listAnswer<Product, ProductListSummary>(readStore, {
    collection: collections.products,
    ownerId: userId,
    order: query.sort ?? ("newest" satisfies ProductSort),
    filters: { where: { ...(query.status ? STATUS[query.status] : {}), ...(query.category ? { category: query.category } : {}) }, search: searchOf(query.q) },
    request: query,
    defaultLimit: LIST_LIMIT_DEFAULT,
    summary: async () => productSummary(await readStore.tally(collections.products, userId, "all")),
    countAll: (summary) => summary.count,
  });
}
