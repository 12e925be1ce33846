/** GST math and presentation shared by the server and the client (browser-safe). */
export * from "./indiaDate.ts";
export * from "./tax.ts";
export * from "./rates.ts";
export * from "./invoiceNumber.ts";
export * from "./words.ts";
export * from "./format.ts";
export * from "./purchase.ts";
export * from "./uqc.ts";
export * from "./composition.ts";
export * from "./hsnDigits.ts";
