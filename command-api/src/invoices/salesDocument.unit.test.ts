import { describe, expect, it } from "vitest";
import { ValidationError } from "@bahi/shared/server";
import { documentSeries, documentTypeChangeProblem, expectedDocumentType, salesDocument, salesDocumentFacts } from "./salesDocument.ts";

const oil = { name: "Hair oil", taxability: "taxable" as const };
const rice = { name: "Rice", taxability: "exempt" as const };
const key = { userId: "u-1", series: "invoice", gstin: "27AAPFU0939F1ZV", financialYear: "2026-27" };

describe("which sales document (issue 9)", () => {
  it("s.31(3)(c): a composition business's sale is a bill of supply charging no tax, whatever its products' rates", () => {
    const document = salesDocument("Composition", [{ gstRate: 1800, product: oil }]);
    expect(document).toEqual({ documentType: "billOfSupply", supplierRegistration: "Composition", chargesTax: false, taxabilities: ["taxable"] });
    expect(salesDocumentFacts(document)).toEqual({ documentType: "billOfSupply", supplierRegistration: "Composition" });
  });

  it("Rule 49: only exempt lines make a bill of supply; a mixed invoice is a tax invoice recorded as before", () => {
    expect(salesDocument("Regular", [{ gstRate: 0, product: rice }]).documentType).toBe("billOfSupply");
    const mixed = salesDocument(null, [
      { gstRate: 1800, product: oil },
      { gstRate: 0, product: rice },
    ]);
    expect(mixed).toMatchObject({ documentType: "taxInvoice", chargesTax: true, taxabilities: ["taxable", "exempt"] });
    expect(salesDocumentFacts(mixed)).toEqual({});
  });

  it("an exempt product invoiced at a non-zero rate is a 400 naming the line", () => {
    expect(() =>
      salesDocument("Regular", [
        { gstRate: 1800, product: oil },
        { gstRate: 500, product: rice },
      ]),
    ).toThrow(ValidationError);
    try {
      salesDocument("Regular", [
        { gstRate: 1800, product: oil },
        { gstRate: 500, product: rice },
      ]);
    } catch (error) {
      expect((error as ValidationError).errors).toEqual([{ path: ["items", 1, "gstRate"], message: "Rice is exempt: its GST rate must be 0" }]);
    }
  });

  it("Rule 46/49: a bill of supply numbers from the BOS series; next-number follows the registration, else the hint", () => {
    expect(documentSeries("billOfSupply", key, "KK")).toEqual({ key: { ...key, series: "bill-of-supply" }, prefix: "BOS" });
    expect(documentSeries(undefined, key, "KK")).toEqual({ key, prefix: "KK" });
    expect(expectedDocumentType("Composition", "taxInvoice")).toBe("billOfSupply");
    expect(expectedDocumentType("Regular", "billOfSupply")).toBe("billOfSupply");
    expect(expectedDocumentType(null, undefined)).toBe("taxInvoice");
  });

  it("a revision may not turn a tax invoice into a bill of supply or back (their numbers are from different series)", () => {
    expect(documentTypeChangeProblem({ invoiceNumber: "INV/26-27/0001" }, {})).toBeNull();
    expect(documentTypeChangeProblem({ invoiceNumber: "INV/26-27/0001" }, { documentType: "billOfSupply" })).toContain("Cancel it and create a new bill");
    expect(documentTypeChangeProblem({ invoiceNumber: "BOS/26-27/0001", documentType: "billOfSupply" }, { documentType: "taxInvoice" })).toContain(
      "Cancel it and create a new invoice",
    );
  });
});

describe("a composition business's supplies", () => {
  it("s.10(2)(c): are intra-state only; a regular or unregistered business may sell across states", () => {
    expect(() => salesDocument("Composition", [{ gstRate: 0, product: oil }], { interState: true })).toThrow("only within its own state");
    expect(salesDocument("Composition", [{ gstRate: 0, product: oil }], { interState: false }).documentType).toBe("billOfSupply");
    expect(salesDocument("Regular", [{ gstRate: 1800, product: oil }], { interState: true }).documentType).toBe("taxInvoice");
    expect(salesDocument("Unregistered", [{ gstRate: 0, product: oil }], { interState: true }).documentType).toBe("billOfSupply");
  });
});
