import type { Product, ProductCreateInput, ProductUpdateInput } from "@bahi/shared/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "./http.ts";
import { collectionHooks, refreshAfterWrite } from "./resource.ts";

const PRODUCTS_PATH = "/api/products";
export const LOW_STOCK_KEY = [`${PRODUCTS_PATH}/low-stock`] as const;

/**
 * The wire body of a product write. The schemas turn a GST rate into basis points; the API takes
 * the percent, as the form shows it ("18"); likewise the cess ("5", "1.591").
 */
type WireRates = { gstRate: string; cessRate?: string; cessPerUnit?: string };
export type ProductCreateBody = Omit<ProductCreateInput, "gstRate" | "cessRate" | "cessPerUnit"> & WireRates;
export type ProductUpdateBody = Omit<ProductUpdateInput, "gstRate" | "cessRate" | "cessPerUnit"> & WireRates;

/** Product commands answer only `{ id }`: stock on hand is a projection, so the lists are refetched. */
type Written = { id: string };

const products = collectionHooks<Product, ProductCreateBody, ProductUpdateBody, Written>(PRODUCTS_PATH, { related: [LOW_STOCK_KEY] });
export const PRODUCTS_KEY = products.listKey;

const refreshProducts = () => refreshAfterWrite([PRODUCTS_KEY, LOW_STOCK_KEY]);
const productPath = (id: string) => `${PRODUCTS_PATH}/${encodeURIComponent(id)}`;

export const useProducts = products.useList;
export const useCreateProduct = products.useCreate;
export const useUpdateProduct = products.useUpdate;
export const useDeleteProduct = products.useDelete;

/** Active products with stock at or below their minimum, lowest first. */
export function useLowStockProducts() {
  return useQuery<Product[]>({ queryKey: LOW_STOCK_KEY });
}

export function useSetProductActive() {
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => requestJson<Written>("PATCH", `${productPath(id)}/active`, { isActive }),
    onSuccess: refreshProducts,
  });
}

/** Stock received from a supplier (the Reorder button). */
export function useReceiveStock() {
  return useMutation({
    mutationFn: ({ id, quantity, note }: { id: string; quantity: number; note: string | null }) => requestJson<Written>("POST", `${productPath(id)}/stock`, { quantity, note }),
    onSuccess: refreshProducts,
  });
}

/** A correction after a count: damaged, lost or found units. */
export function useAdjustStock() {
  return useMutation({
    mutationFn: ({ id, quantityDelta, reason }: { id: string; quantityDelta: number; reason: string }) =>
      requestJson<Written>("POST", `${productPath(id)}/stock-adjustments`, { quantityDelta, reason }),
    onSuccess: refreshProducts,
  });
}
