/** GST returns and compliance documents (server-side, pure): GSTR-1, GSTR-3B, 2B reconciliation, e-invoice, e-way bill. */
export * from "./portal.ts";
export * from "./gstin.ts";
export * from "./period.ts";
export * from "./hsn.ts";
export { b2clLimitOn, EXPORT_PLACE_OF_SUPPLY, saleReportingPeriod, salesOfPeriod, toSale } from "./sales.ts";
export type { Sale, SaleCategory, SaleLine } from "./sales.ts";
export * from "./gstr1.ts";
export * from "./gstr3b.ts";
export * from "./prepare.ts";
export * from "./interest.ts";
export * from "./itc.ts";
export * from "./gstr2b.ts";
export * from "./reconcile.ts";
export * from "./reconciledPairs.ts";
export * from "./einvoice.ts";
export * from "./ewaybill.ts";
export * from "./filingRules.ts";
