import { describe, expect, it } from "vitest";
import { eInvoiceFileName, eInvoiceFormSchema, readSellerLocation, SELLER_LOCATION_KEY, writeSellerLocation } from "./einvoice.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe("the e-invoice form", () => {
  it("needs both cities and 6-digit PIN codes", () => {
    const result = eInvoiceFormSchema.safeParse({ sellerLocation: " ", sellerPincode: "41103", buyerLocation: "Bengaluru", buyerPincode: "012345" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual(["sellerLocation: Seller city is required", "sellerPincode: Enter a 6-digit PIN code", "buyerPincode: Enter a 6-digit PIN code"]);
    expect(eInvoiceFormSchema.parse({ sellerLocation: " Pune ", sellerPincode: "411030", buyerLocation: "Bengaluru", buyerPincode: "560002" })).toEqual({
      sellerLocation: "Pune",
      sellerPincode: "411030",
      buyerLocation: "Bengaluru",
      buyerPincode: "560002",
    });
  });

  it("remembers the seller's city and PIN, and starts blank on anything unreadable", () => {
    const storage = memoryStorage();
    expect(readSellerLocation(storage)).toEqual({ location: "", pincode: "" });
    writeSellerLocation({ location: "Pune", pincode: "411030" }, storage);
    expect(readSellerLocation(storage)).toEqual({ location: "Pune", pincode: "411030" });
    storage.items.set(SELLER_LOCATION_KEY, "{not json");
    expect(readSellerLocation(storage)).toEqual({ location: "", pincode: "" });
    expect(readSellerLocation(null)).toEqual({ location: "", pincode: "" });
  });

  it("names the JSON file after the invoice, without slashes", () => {
    expect(eInvoiceFileName("INV/2026/001")).toBe("INV-2026-001-einvoice.json");
  });
});
