/** The browser-safe half of shared: schemas, money and GST math, wire types. */
export * from "./money.ts";
export * from "./gstin.ts";
export * from "./states.ts";
export * from "./http.ts";
export * from "./fields.ts";
export * from "./auth.ts";
export * from "./parties.ts";
export * from "./dashboard.ts";
export * from "./products.ts";
export * from "./invoices.ts";
export * from "./notes.ts";
export * from "./challans.ts";
export * from "./profile.ts";
export * from "./supply.ts";
export * from "./expenses.ts";
export * from "./gst/index.ts";
export * from "./reports.ts";
