import { addQuantities, basisPointsToPercent, formatCessPerUnit, formatPaise, kindOfHsn, type Product, type ProductCategory } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";
import { collections } from "@bahi/shared/read-models";

/**
 * Products with their stock on hand: opening stock, plus receipts and adjustments, minus
 * every invoiced quantity. The command side never keeps this number; it lives only here.
 * Quantities may have 3 decimals (issue 9): every step adds in thousandths, so 0.1 + 0.2
 * stays 0.3.
 */
const quantityOf = (lines: readonly { productId: string; quantity: number }[], productId: string) =>
  addQuantities(...lines.filter((line) => line.productId === productId).map((line) => line.quantity));

export const productsProjection: Projection<Product> = {
  collection: collections.products,
  handles: [
    "ProductAdded",
    "ProductUpdated",
    "ProductActivated",
    "ProductDeactivated",
    "ProductDeleted",
    "StockReceived",
    "StockAdjusted",
    "InvoiceCreated",
    "InvoiceRevised",
    "InvoiceCancelled",
    "SalesNoteIssued",
  ],
  documentIds(event) {
    switch (event.type) {
      case "ProductAdded":
      case "ProductUpdated":
      case "ProductActivated":
      case "ProductDeactivated":
      case "ProductDeleted":
      case "StockReceived":
      case "StockAdjusted":
        return [event.data.productId];
      case "InvoiceCreated":
        return [...new Set(event.data.lines.map((line) => line.productId))];
      case "InvoiceRevised":
        return [...new Set([...event.data.previous.lines, ...event.data.lines].map((line) => line.productId))];
      case "InvoiceCancelled":
        return [...new Set(event.data.previous.lines.map((line) => line.productId))];
      case "SalesNoteIssued":
        return event.data.reason === "sales_return" && event.data.kind === "credit" ? [...new Set(event.data.lines.map((line) => line.productId))] : [];
      default:
        return [];
    }
  },
  evolve(doc, event) {
    switch (event.type) {
      case "ProductAdded": {
        const d = event.data;
        return {
          id: d.productId,
          userId: d.ownerId,
          name: d.name,
          description: d.description,
          sku: d.sku,
          category: d.category as ProductCategory,
          price: formatPaise(d.pricePaise),
          stock: d.openingStock,
          minStock: d.minStock,
          gstRate: basisPointsToPercent(d.gstRateBasisPoints),
          hsnCode: d.hsnCode,
          kind: d.kind ?? kindOfHsn(d.hsnCode),
          cessRate: basisPointsToPercent(d.cessBasisPoints ?? 0),
          cessPerUnit: formatCessPerUnit(d.cessPerUnitMillirupees ?? 0),
          taxability: d.taxability ?? "taxable",
          unit: d.unit ?? "NOS",
          barcode: d.barcode ?? null,
          isActive: d.isActive,
          createdAt: d.addedAt,
          updatedAt: d.addedAt,
        };
      }
      case "ProductUpdated": {
        if (!doc) return doc;
        const d = event.data;
        return {
          ...doc,
          name: d.name,
          description: d.description,
          sku: d.sku,
          category: d.category as ProductCategory,
          price: formatPaise(d.pricePaise),
          minStock: d.minStock,
          gstRate: basisPointsToPercent(d.gstRateBasisPoints),
          hsnCode: d.hsnCode,
          kind: d.kind ?? kindOfHsn(d.hsnCode),
          cessRate: basisPointsToPercent(d.cessBasisPoints ?? 0),
          cessPerUnit: formatCessPerUnit(d.cessPerUnitMillirupees ?? 0),
          taxability: d.taxability ?? "taxable",
          unit: d.unit ?? "NOS",
          barcode: d.barcode ?? null,
          updatedAt: d.updatedAt,
        };
      }
      case "ProductActivated":
        return doc && { ...doc, isActive: true, updatedAt: event.data.at };
      case "ProductDeactivated":
        return doc && { ...doc, isActive: false, updatedAt: event.data.at };
      case "ProductDeleted":
        return null;
      case "StockReceived":
        return doc && { ...doc, stock: addQuantities(doc.stock, event.data.quantity) };
      case "StockAdjusted":
        return doc && { ...doc, stock: addQuantities(doc.stock, event.data.quantityDelta) };
      case "InvoiceCreated": {
        if (!doc) return doc;
        return { ...doc, stock: addQuantities(doc.stock, -quantityOf(event.data.lines, doc.id)) };
      }
      // A revision puts the old lines back and takes the new ones out; a cancellation puts everything back.
      case "InvoiceRevised":
        return doc && { ...doc, stock: addQuantities(doc.stock, quantityOf(event.data.previous.lines, doc.id), -quantityOf(event.data.lines, doc.id)) };
      case "InvoiceCancelled":
        return doc && { ...doc, stock: addQuantities(doc.stock, quantityOf(event.data.previous.lines, doc.id)) };
      // Issue 9: goods returned against a credit note come back into stock; other notes change value only.
      case "SalesNoteIssued":
        if (event.data.reason !== "sales_return" || event.data.kind !== "credit") return doc;
        return doc && { ...doc, stock: addQuantities(doc.stock, quantityOf(event.data.lines, doc.id)) };
      default:
        return doc;
    }
  },
  ownerOf: (doc) => doc.userId,
};
