import { z } from "zod";

/** Where the seller's city and PIN code are remembered between e-invoices (they rarely change). */
export const SELLER_LOCATION_KEY = "bahi.einvoice.seller";

export interface SellerLocation {
  location: string;
  pincode: string;
}

const PINCODE = /^[1-9]\d{5}$/;
const pincode = z.string().trim().regex(PINCODE, "Enter a 6-digit PIN code");
const city = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

/** The e-invoice view's small form: the city and PIN code at each end. */
export const eInvoiceFormSchema = z.object({
  sellerLocation: city("Seller city"),
  sellerPincode: pincode,
  buyerLocation: city("Buyer city"),
  buyerPincode: pincode,
});

export type EInvoiceFormValues = z.input<typeof eInvoiceFormSchema>;
export type EInvoiceFormOutput = z.output<typeof eInvoiceFormSchema>;

/** The remembered seller city and PIN, or blanks when none is stored or it does not parse. */
export function readSellerLocation(storage: Pick<Storage, "getItem"> | null = safeStorage()): SellerLocation {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SELLER_LOCATION_KEY) ?? "null");
    if (typeof parsed === "object" && parsed !== null) {
      const { location, pincode } = parsed as Partial<SellerLocation>;
      if (typeof location === "string" && typeof pincode === "string") return { location, pincode };
    }
  } catch {
    // Unreadable: start blank.
  }
  return { location: "", pincode: "" };
}

export function writeSellerLocation(seller: SellerLocation, storage: Pick<Storage, "setItem"> | null = safeStorage()): void {
  try {
    storage?.setItem(SELLER_LOCATION_KEY, JSON.stringify({ location: seller.location, pincode: seller.pincode }));
  } catch {
    // Storage full or disabled: the form simply asks again next time.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** "INV/2026/001" → "INV-2026-001-einvoice.json". */
export function eInvoiceFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[\\/]/g, "-")}-einvoice.json`;
}
