import { describe, expect, it } from "vitest";
import { whatsAppShareUrl } from "./share.ts";

const invoice = {
  invoiceNumber: "INV/26-27/0007",
  total: "5310.00",
  status: "pending" as const,
  dueDate: "2026-12-15",
  supplier: { name: "Rao & Sons", gstin: null, address: null, stateCode: null },
};

describe("issue 10: the WhatsApp share", () => {
  it("sends the invoice, what is due by when and the link, URL-encoded for wa.me", () => {
    const url = whatsAppShareUrl({ ...invoice, balanceDue: "2310.00" }, "https://bahi.example/i/abc", "15 Dec 2026");
    expect(url.startsWith("https://wa.me/?text=")).toBe(true);
    // Nothing but the text parameter, and its "&" does not split it.
    expect(new URL(url).searchParams.get("text")).toBe(
      "Invoice INV/26-27/0007 from Rao & Sons\nAmount due: ₹2,310.00, due by 15 Dec 2026\nView and pay: https://bahi.example/i/abc",
    );
  });

  it("asks for the total where the invoice has no balance yet, and nothing once paid", () => {
    expect(new URL(whatsAppShareUrl(invoice, "https://x/i/a", "")).searchParams.get("text")).toContain("Amount due: ₹5,310.00\n");
    expect(new URL(whatsAppShareUrl({ ...invoice, status: "paid" as never }, "https://x/i/a", "")).searchParams.get("text")).toContain("Total: ₹5,310.00 (paid)");
  });
});
