import { basisPointsToPercent, DEFAULT_UQC, formatPaise, kindOfHsn, toPaise, type ProductCreateInput, type ProductUpdateInput } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";
import { releaseWhy, reservationDecider } from "../handling/reservation.ts";
import { assertQuantityFitsUnit, unitOf } from "./productUnit.ts";

export type ProductEvent = BahiEventOf<
  | "ProductCreationStarted"
  | "ProductCreationAbandoned"
  | "ProductCreationCompensated"
  | "ProductAdded"
  | "ProductUpdated"
  | "ProductSkuChangeStarted"
  | "ProductSkuChangeAbandoned"
  | "ProductSkuChangeCompleted"
  | "ProductSkuChangeCompensated"
  | "ProductActivated"
  | "ProductDeactivated"
  | "ProductDeleted"
  | "StockReceived"
  | "StockAdjusted"
>;

type Fields = Omit<EventData<"ProductUpdated">, "productId" | "ownerId" | "updatedAt">;

/** The creation process before the product exists (see createProductProcess.ts). */
export interface ProductCreation {
  intent: EventData<"ProductCreationStarted">;
  phase: "started" | "abandoned" | "compensated";
}

/**
 * A change of SKU in flight (see changeProductSkuProcess.ts): "started" (the new SKU may be
 * reserved), "committed" (the product has the new SKU; the old one is still to be released),
 * "abandoned" (fenced; the new SKU is being given back). Cleared by its terminal event.
 */
export interface SkuChange {
  fromSku: string;
  toSku: string;
  startedAt: string;
  phase: "started" | "committed" | "abandoned";
}

/** A product whose creation never completed is, to every command, a product that does not exist. */
export type ProductState =
  | { status: "none"; creation?: ProductCreation }
  | { status: "active" | "inactive"; id: string; ownerId: string; fields: Fields; skuChange: SkuChange | null }
  /** sku: what the deletion freed (absent on deletions recorded before it was carried). */
  | { status: "deleted"; id: string; ownerId: string; sku?: string };

export type ProductCommand =
  | { kind: "startCreation"; intent: EventData<"ProductCreationStarted"> }
  | { kind: "add"; id: string; ownerId: string; input: ProductCreateInput; at: string }
  | { kind: "abandonCreation"; reason: string; code: string; at: string }
  | { kind: "finishCreationCompensation"; at: string }
  /** An update that keeps the SKU; a new SKU goes through the SKU-change process. */
  | { kind: "update"; ownerId: string; input: ProductUpdateInput; at: string }
  | { kind: "startSkuChange"; ownerId: string; toSku: string; at: string }
  | { kind: "commitSkuChange"; ownerId: string; input: ProductUpdateInput; at: string }
  | { kind: "abandonSkuChange"; reason: string; code: string; at: string }
  | { kind: "finishSkuChange"; at: string }
  | { kind: "setActive"; ownerId: string; isActive: boolean; at: string }
  | { kind: "delete"; ownerId: string; at: string }
  | { kind: "receiveStock"; ownerId: string; quantity: number; note: string | null; at: string }
  | { kind: "adjustStock"; ownerId: string; quantityDelta: number; reason: string; at: string };

/** storedUnit: the product's unit, kept when an edit does not name one (issue 9). */
export function productFields(input: ProductUpdateInput, storedUnit?: string): Fields {
  return {
    name: input.name,
    description: input.description,
    sku: input.sku,
    category: input.category,
    pricePaise: toPaise(input.price),
    minStock: input.minStock,
    gstRateBasisPoints: input.gstRate,
    hsnCode: input.hsnCode,
    kind: input.kind ?? kindOfHsn(input.hsnCode),
    // Recorded only when there is a cess, so products without one keep their old shape.
    ...(input.cessRate ? { cessBasisPoints: input.cessRate } : {}),
    ...(input.cessPerUnit ? { cessPerUnitMillirupees: input.cessPerUnit } : {}),
    // Issue 9: recorded only when not taxable, like the cess.
    ...(input.taxability && input.taxability !== "taxable" ? { taxability: input.taxability } : {}),
    unit: input.unit ?? storedUnit ?? DEFAULT_UQC,
    // Issue 10: recorded only when there is one.
    ...(input.barcode ? { barcode: input.barcode } : {}),
  };
}

export type LiveProduct = Extract<ProductState, { status: "active" | "inactive" }>;

const skuChangePending = () => new DomainError("CONFLICT", "A change of this product's SKU is still being saved; try again in a moment");
/** A commit that lost to the fence: recovery decided the request had taken too long. */
export const productProcessAbandoned = () => new DomainError("CONFLICT", "The product was not saved: saving it took too long and was rolled back. Please try again");

/** The owner's live product with no SKU change in flight: what an update or a delete needs. */
function settled(state: ProductState, ownerId: string): LiveProduct {
  const product = owned(state, ownerId);
  if (product.skuChange) throw skuChangePending();
  return product;
}

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
  // Issue 38: a product's stream grows with its stock moves; its state is plain data, kept as it is.
  snapshot: { kind: "product", version: 1, encode: (state) => state, decode: (data, version) => (version === 1 ? (data as ProductState) : null) },
  evolve(state, event) {
    switch (event.type) {
      case "ProductCreationStarted":
        return { status: "none", creation: { intent: event.data, phase: "started" } };
      case "ProductCreationAbandoned":
        return state.status === "none" && state.creation ? { status: "none", creation: { ...state.creation, phase: "abandoned" } } : state;
      case "ProductCreationCompensated":
        return state.status === "none" && state.creation ? { status: "none", creation: { ...state.creation, phase: "compensated" } } : state;
      case "ProductAdded": {
        const { productId, ownerId, openingStock: _stock, isActive, addedAt: _at, ...fields } = event.data;
        return { status: isActive ? "active" : "inactive", id: productId, ownerId, fields, skuChange: null };
      }
      case "ProductUpdated": {
        if (state.status !== "active" && state.status !== "inactive") return state;
        const { productId: _id, ownerId: _owner, updatedAt: _at, ...fields } = event.data;
        const change = state.skuChange;
        const committed = change && change.phase === "started" && change.toSku === fields.sku ? { ...change, phase: "committed" as const } : change;
        return { ...state, fields, skuChange: committed };
      }
      case "ProductSkuChangeStarted":
        if (state.status !== "active" && state.status !== "inactive") return state;
        return { ...state, skuChange: { fromSku: event.data.fromSku, toSku: event.data.toSku, startedAt: event.data.startedAt, phase: "started" } };
      case "ProductSkuChangeAbandoned":
        if ((state.status !== "active" && state.status !== "inactive") || !state.skuChange) return state;
        return { ...state, skuChange: { ...state.skuChange, phase: "abandoned" } };
      case "ProductSkuChangeCompleted":
      case "ProductSkuChangeCompensated":
        return state.status === "active" || state.status === "inactive" ? { ...state, skuChange: null } : state;
      case "ProductActivated":
        return state.status === "inactive" ? { ...state, status: "active" } : state;
      case "ProductDeactivated":
        return state.status === "active" ? { ...state, status: "inactive" } : state;
      case "ProductDeleted":
        return { status: "deleted", id: event.data.productId, ownerId: event.data.ownerId, ...(event.data.sku !== undefined ? { sku: event.data.sku } : {}) };
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
      case "startCreation":
        if (state.status !== "none" || state.creation) throw new DomainError("CONFLICT", "This product already exists");
        return [{ type: "ProductCreationStarted", data: command.intent }];
      case "add": {
        if (state.status !== "none") throw new DomainError("CONFLICT", "This product already exists");
        const intent = state.creation?.intent;
        if (!intent || intent.productId !== command.id || intent.sku !== command.input.sku) throw new DomainError("CONFLICT", "This product's creation was not started");
        if (state.creation!.phase !== "started") throw productProcessAbandoned();
        const { stock, isActive } = command.input;
        assertQuantityFitsUnit(stock, command.input.unit ?? DEFAULT_UQC, "stock", command.input.name);
        return [
          { type: "ProductAdded", data: { productId: command.id, ownerId: command.ownerId, ...productFields(command.input), openingStock: stock, isActive, addedAt: command.at } },
        ];
      }
      case "abandonCreation":
        // Once added, the commit won the race: there is nothing to abandon.
        if (state.status !== "none" || state.creation?.phase !== "started") return [];
        return [
          {
            type: "ProductCreationAbandoned",
            data: { productId: state.creation.intent.productId, ownerId: state.creation.intent.ownerId, reason: command.reason, code: command.code, abandonedAt: command.at },
          },
        ];
      case "finishCreationCompensation":
        if (state.status !== "none" || state.creation?.phase !== "abandoned") return [];
        return [{ type: "ProductCreationCompensated", data: { productId: state.creation.intent.productId, ownerId: state.creation.intent.ownerId, compensatedAt: command.at } }];
      case "update": {
        const product = settled(state, command.ownerId);
        // The SKU moved since the caller read it: a new SKU goes through the SKU-change process.
        if (command.input.sku !== product.fields.sku) throw new DomainError("CONFLICT", "This product's SKU changed meanwhile; reload it and try again");
        return [{ type: "ProductUpdated", data: { productId: product.id, ownerId: product.ownerId, ...productFields(command.input, product.fields.unit), updatedAt: command.at } }];
      }
      case "startSkuChange": {
        const product = settled(state, command.ownerId);
        if (command.toSku === product.fields.sku) return [];
        return [
          { type: "ProductSkuChangeStarted", data: { productId: product.id, ownerId: product.ownerId, fromSku: product.fields.sku, toSku: command.toSku, startedAt: command.at } },
        ];
      }
      case "commitSkuChange": {
        const product = owned(state, command.ownerId);
        const change = product.skuChange;
        if (!change || change.toSku !== command.input.sku) throw new DomainError("CONFLICT", "This SKU change was not started");
        if (change.phase === "committed") return [];
        if (change.phase === "abandoned") throw productProcessAbandoned();
        return [{ type: "ProductUpdated", data: { productId: product.id, ownerId: product.ownerId, ...productFields(command.input, product.fields.unit), updatedAt: command.at } }];
      }
      case "abandonSkuChange": {
        if ((state.status !== "active" && state.status !== "inactive") || state.skuChange?.phase !== "started") return [];
        const { fromSku, toSku } = state.skuChange;
        return [
          {
            type: "ProductSkuChangeAbandoned",
            data: { productId: state.id, ownerId: state.ownerId, fromSku, toSku, reason: command.reason, code: command.code, abandonedAt: command.at },
          },
        ];
      }
      case "finishSkuChange": {
        if (state.status !== "active" && state.status !== "inactive") return [];
        const change = state.skuChange;
        if (!change || change.phase === "started") return [];
        const data = { productId: state.id, ownerId: state.ownerId, fromSku: change.fromSku, toSku: change.toSku };
        return change.phase === "committed"
          ? [{ type: "ProductSkuChangeCompleted", data: { ...data, completedAt: command.at } }]
          : [{ type: "ProductSkuChangeCompensated", data: { ...data, compensatedAt: command.at } }];
      }
      case "setActive": {
        const product = owned(state, command.ownerId);
        if ((product.status === "active") === command.isActive) return [];
        const data = { productId: product.id, ownerId: product.ownerId, at: command.at };
        return [command.isActive ? { type: "ProductActivated", data } : { type: "ProductDeactivated", data }];
      }
      case "delete": {
        // Refused while a SKU change is in flight, so the SKU it frees is the one the product holds.
        const product = settled(state, command.ownerId);
        return [{ type: "ProductDeleted", data: { productId: product.id, ownerId: product.ownerId, deletedAt: command.at, sku: product.fields.sku } }];
      }
      case "receiveStock": {
        const product = owned(state, command.ownerId);
        assertQuantityFitsUnit(command.quantity, unitOf(product.fields), "quantity", product.fields.name);
        return [{ type: "StockReceived", data: { productId: product.id, ownerId: product.ownerId, quantity: command.quantity, note: command.note, receivedAt: command.at } }];
      }
      case "adjustStock": {
        const product = owned(state, command.ownerId);
        assertQuantityFitsUnit(command.quantityDelta, unitOf(product.fields), "quantityDelta", product.fields.name);
        return [
          {
            type: "StockAdjusted",
            data: { productId: product.id, ownerId: product.ownerId, quantityDelta: command.quantityDelta, reason: command.reason, adjustedAt: command.at },
          },
        ];
      }
    }
  },
};

export const SKU_TAKEN = "A product with this SKU already exists";

export const skuReservationDecider = reservationDecider<BahiEventOf<"SkuReserved" | "SkuReleased">>({
  taken: () => new DomainError("CONFLICT", SKU_TAKEN),
  reserved: ({ userId, value, holder, process }) => ({ type: "SkuReserved", data: { userId, sku: value, productId: holder, ...(process ? { process } : {}) } }),
  released: (command) => ({ type: "SkuReleased", data: { userId: command.userId, sku: command.value, productId: command.holder, ...releaseWhy(command) } }),
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
    cessBasisPoints: state.fields.cessBasisPoints ?? 0,
    cessPerUnitMillirupees: state.fields.cessPerUnitMillirupees ?? 0,
    taxability: state.fields.taxability ?? "taxable",
    unit: unitOf(state.fields),
    kind: state.fields.kind ?? kindOfHsn(state.fields.hsnCode),
  };
}
