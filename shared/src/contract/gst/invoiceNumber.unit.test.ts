import { describe, expect, it } from "vitest";
import { INVOICE_NUMBER_PATTERN, invoiceNumberField, invoiceNumberProblem, proposeInvoiceNumber } from "./invoiceNumber.ts";

describe("invoice numbers (CGST Rule 46)", () => {
  it("allows up to 16 letters, digits, '-' and '/'", () => {
    for (const ok of ["INV-202509-007", "A/2025-26/0001", "1", "ABCDEFGHIJ123456", "inv-1"]) expect(INVOICE_NUMBER_PATTERN.test(ok)).toBe(true);
    for (const bad of ["", "ABCDEFGHIJ1234567", "INV 1", "INV_1", "INV#1", "/1", "-A", "INVÉ1"]) expect(INVOICE_NUMBER_PATTERN.test(bad)).toBe(false);
  });
  it("explains what is wrong", () => {
    expect(invoiceNumberProblem("  ")).toBe("Invoice number is required");
    expect(invoiceNumberProblem("ABCDEFGHIJ1234567")).toBe("Invoice number must be at most 16 characters");
    expect(invoiceNumberProblem("INV 1")).toBe('Invoice number may contain only letters, digits, "-" and "/"');
    expect(invoiceNumberProblem("/2025/1")).toBe("Invoice number must start with a letter or a digit");
    expect(invoiceNumberProblem(" INV-1 ")).toBeNull();
  });
  it("has a zod field with the form's messages", () => {
    expect(invoiceNumberField.parse("  INV-202509-007 ")).toBe("INV-202509-007");
    const messages = (input: unknown) => invoiceNumberField.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages("")).toEqual(["Invoice number is required"]);
    expect(messages(undefined)).toEqual(["Invoice number is required"]);
    expect(messages(null)).toEqual(["Invoice number is required"]);
    expect(messages(42)).toEqual(["Invoice number must be text"]);
    expect(messages("INV/2025/ABCDEFGHI")).toEqual(["Invoice number must be at most 16 characters"]);
  });
  it("proposes INV-{YYYY}{MM}-{NNN} in India's month", () => {
    expect(proposeInvoiceNumber("2025-09-05", 7)).toBe("INV-202509-007");
    expect(proposeInvoiceNumber(new Date("2025-09-30T19:00:00Z"), 999)).toBe("INV-202510-999"); // 1 Oct 00:30 IST
    expect(proposeInvoiceNumber("2026-01-15T10:00:00Z", 0)).toBe("INV-202601-000");
    expect(invoiceNumberProblem(proposeInvoiceNumber("2025-12-31", 123))).toBeNull();
    expect(() => proposeInvoiceNumber("2025-09-05", 1000)).toThrow(RangeError);
    expect(() => proposeInvoiceNumber("2025-09-05", 1.5)).toThrow(RangeError);
  });
});
