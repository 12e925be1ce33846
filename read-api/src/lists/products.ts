/**
 * Issue 10: GET /api/products with search, filters, sort and keyset paging. Low stock is one
 * rule for this list, its counter and GET /products/low-stock; stock value is the Inventory
 * page's: price × stock, in thousandths of a unit, rounded half up per product.
 */
import {
  formatPaise,
  LIST_LIMIT_DEFAULT,
  productListQuerySchema,
  roundHalfUp,
  toPaise,
  toThousandths,
  type Page,
  type Product,
  type ProductListQuery,
  type ProductListSummary,
} from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore } from "@bahi/shared/server";
import { listAnswer, matcher, type SortSpecs } from "./page.ts";

type ProductSort = NonNullable<ProductListQuery["sort"]>;

/** What GET /products/low-stock lists: an active product at or below its minimum. */
export const isLowStock = (product: Product): boolean => product.isActive && product.stock <= product.minStock;

function pricePaise(product: Product): number {
  try {
    return toPaise(product.price);
  } catch {
    return 0;
  }
}

const created = (dir: "asc" | "desc") => ({ of: (p: Product) => p.createdAt, type: "string", dir }) as const;
const named = { of: (p: Product) => p.name, type: "text", dir: "asc" } as const;
const price = (dir: "asc" | "desc") => ({ of: (p: Product) => pricePaise(p), type: "number", dir }) as const;

export const PRODUCT_SORT_SPECS: SortSpecs<Product, ProductSort> = {
  newest: [created("desc")],
  "name-asc": [named],
  "stock-asc": [{ of: (p) => p.stock, type: "number", dir: "asc" }, named],
  "price-desc": [price("desc"), named],
  "price-asc": [price("asc"), named],
};

const STATUS: Record<NonNullable<ProductListQuery["status"]>, (product: Product) => boolean> = {
  active: (p) => p.isActive,
  inactive: (p) => !p.isActive,
  "low-stock": isLowStock,
  "out-of-stock": (p) => p.stock <= 0,
};

export function productSummary(products: readonly Product[]): ProductListSummary {
  const stockValue = products.reduce((sum, p) => sum + roundHalfUp(pricePaise(p) * (toThousandths(p.stock) ?? 0), 1000), 0);
  return { count: products.length, lowStock: products.filter(isLowStock).length, stockValue: formatPaise(stockValue) };
}

export async function productList(readStore: ReadStore, userId: string, rawQuery: unknown): Promise<Product[] | Page<Product, ProductListSummary>> {
  const query = productListQuerySchema.parse(rawQuery);
  const all = await readStore.list<Product>(collections.products, userId);
  const has = matcher(query.q);
  const rows = all.filter((product) => {
    if (query.status && !STATUS[query.status](product)) return false;
    if (query.category && product.category !== query.category) return false;
    return has(product.name, product.sku, product.hsnCode, product.barcode, product.category);
  });
  return listAnswer(rows, PRODUCT_SORT_SPECS, query.sort ?? "newest", query, () => productSummary(all), LIST_LIMIT_DEFAULT);
}
