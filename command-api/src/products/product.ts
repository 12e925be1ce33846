import { basisPointsToPercent, formatPaise, toPaise, type ProductCreateInput, type ProductUpdateInput } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../http/decider.ts";
import { reservationDecider } from "../http/reservation.ts";

export type ProductEvent = BahiEventOf<
  "ProductAdded" | "ProductUpdated" | "ProductActivated" | "ProductDeactivated" | "ProductDeleted" | "StockReceived" | "StockAdjusted"
>;

type Fields = Omit<EventData<"ProductUpdated">, "productId" | "ownerId" | "updatedAt">;

export type ProductState =
  | { status: "none" }
  | { status: "active" | "inactive"; id: string; ownerId: string; fields: Fields }
  | { status: "deleted"; id: string; ownerId: string };

export type ProductCommand =
  | { kind: "add"; id: string; ownerId: string; input: ProductCreateInput; at: string }
  | { kind: "update"; ownerId: string; input: ProductUpdateInput; at: string }
  | { kind: "setActive"; ownerId: string; isActive: boolean; at: string }
  | { kind: "delete"; ownerId: string; at: string }
  | { kind: "receiveStock"; ownerId: string; quantity: number; note: string | null; at: string }
  | { kind: "adjustStock"; ownerId: string; quantityDelta: number; reason: string; at: string };

export function productFields(input: ProductUpdateInput): Fields {
  return {
    name: input.name,
    description: input.description,
    sku: input.sku,
    category: input.category,
    pricePaise: toPaise(input.price),
    minStock: input.minStock,
    gstRateBasisPoints: input.gstRate,
    hsnCode: input.hsnCode,
  };
}

export type LiveProduct = Extract<ProductState, { status: "active" | "inactive" }>;

/** The product if it exists, is not deleted and belongs to `ownerId`; otherwise "not found". */
export function owned(state: ProductState, ownerId: string): LiveProduct {
  if ((state.status === "active" || state.status === "inactive") && state.ownerId === ownerId) return state;
  throw notFound("Product");
}

/**
 * A product's master data and the stock movements recorded against it. Stock on hand is
 * not decided here: invoices lower it too, so it is a projection (the products read model).
 */
export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: { status: "none" },
  evolve(state, event) {
    switch (event.type) {
      case "ProductAdded": {
        const { productId, ownerId, openingStock: _stock, isActive, addedAt: _at, ...fields } = event.data;
        return { status: isActive ? "active" : "inactive", id: productId, ownerId, fields };
      }
      case "ProductUpdated": {
        if (state.status !== "active" && state.status !== "inactive") return state;
        const { productId: _id, ownerId: _owner, updatedAt: _at, ...fields } = event.data;
        return { ...state, fields };
      }
      case "ProductActivated":
        return state.status === "inactive" ? { ...state, status: "active" } : state;
      case "ProductDeactivated":
        return state.status === "active" ? { ...state, status: "inactive" } : state;
      case "ProductDeleted":
        return { status: "deleted", id: event.data.productId, ownerId: event.data.ownerId };
      case "StockReceived":
      case "StockAdjusted":
        return state;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "add": {
        if (state.status !== "none") throw new DomainError("CONFLICT", "This product already exists");
        const { stock, isActive } = command.input;
        return [
          { type: "ProductAdded", data: { productId: command.id, ownerId: command.ownerId, ...productFields(command.input), openingStock: stock, isActive, addedAt: command.at } },
        ];
      }
      case "update": {
        const product = owned(state, command.ownerId);
        return [{ type: "ProductUpdated", data: { productId: product.id, ownerId: product.ownerId, ...productFields(command.input), updatedAt: command.at } }];
      }
      case "setActive": {
        const product = owned(state, command.ownerId);
        if ((product.status === "active") === command.isActive) return [];
        const data = { productId: product.id, ownerId: product.ownerId, at: command.at };
        return [command.isActive ? { type: "ProductActivated", data } : { type: "ProductDeactivated", data }];
      }
      case "delete": {
        const product = owned(state, command.ownerId);
        return [{ type: "ProductDeleted", data: { productId: product.id, ownerId: product.ownerId, deletedAt: command.at } }];
      }
      case "receiveStock": {
        const product = owned(state, command.ownerId);
        return [{ type: "StockReceived", data: { productId: product.id, ownerId: product.ownerId, quantity: command.quantity, note: command.note, receivedAt: command.at } }];
      }
      case "adjustStock": {
        const product = owned(state, command.ownerId);
        return [
          { type: "StockAdjusted", data: { productId: product.id, ownerId: product.ownerId, quantityDelta: command.quantityDelta, reason: command.reason, adjustedAt: command.at } },
        ];
      }
    }
  },
};

export const SKU_TAKEN = "A product with this SKU already exists";

export const skuReservationDecider = reservationDecider<BahiEventOf<"SkuReserved" | "SkuReleased">>({
  taken: () => new DomainError("CONFLICT", SKU_TAKEN),
  reserved: ({ userId, value, holder }) => ({ type: "SkuReserved", data: { userId, sku: value, productId: holder } }),
  released: ({ userId, value, holder }) => ({ type: "SkuReleased", data: { userId, sku: value, productId: holder } }),
  holderAfter: (event) => (event.type === "SkuReserved" ? event.data.productId : null),
});

/** What an invoice line needs from a product, as of the moment the invoice is created. */
export function productForInvoice(state: ProductState) {
  if (state.status !== "active" && state.status !== "inactive") return null;
  return {
    id: state.id,
    ownerId: state.ownerId,
    isActive: state.status === "active",
    name: state.fields.name,
    hsnCode: state.fields.hsnCode,
    price: formatPaise(state.fields.pricePaise),
    gstRate: basisPointsToPercent(state.fields.gstRateBasisPoints),
  };
}
