import { describe, expect, it } from "vitest";
import { COMPOSITION_RATES, salesDocumentTitle, salesDocumentTypeFor, supplierRegistrationOf } from "./composition.ts";

describe("the business's registration and its sales documents (issue 9)", () => {
  it("s.10(4), s.31(3)(c): a composition or unregistered business always issues a bill of supply", () => {
    expect(salesDocumentTypeFor("Composition", ["taxable"])).toBe("billOfSupply");
    expect(salesDocumentTypeFor("Unregistered", ["taxable", "exempt"])).toBe("billOfSupply");
  });

  it("Rule 49: a regular business's invoice of only nil-rated, exempt or non-GST lines is a bill of supply; a mixed one a tax invoice", () => {
    expect(salesDocumentTypeFor("Regular", ["exempt", "nil", "nonGst"])).toBe("billOfSupply");
    expect(salesDocumentTypeFor("Regular", ["exempt", "taxable"])).toBe("taxInvoice");
    expect(salesDocumentTypeFor("Regular", ["taxable"])).toBe("taxInvoice");
    // A line recorded before taxability existed is taxable; no lines yet is an ordinary invoice.
    expect(salesDocumentTypeFor("Regular", [undefined])).toBe("taxInvoice");
    expect(salesDocumentTypeFor("Regular", [])).toBe("taxInvoice");
  });

  it("a profile without a GST category is Regular, as every business was before issue 9", () => {
    expect(supplierRegistrationOf(null)).toBe("Regular");
    expect(supplierRegistrationOf("Regular")).toBe("Regular");
    expect(supplierRegistrationOf("Composition")).toBe("Composition");
  });

  it("Rule 7 as amended: 1% for manufacturers and traders, 5% for restaurants, 6% under s.10(2A), each half CGST", () => {
    expect(Object.fromEntries(Object.entries(COMPOSITION_RATES).map(([kind, rate]) => [kind, [rate.rateBasisPoints, rate.base]]))).toEqual({
      manufacturer: [100, "turnover"],
      trader: [100, "taxableTurnover"],
      restaurant: [500, "turnover"],
      services: [600, "turnover"],
    });
  });

  it("the title printed: Tax Invoice, Bill of Supply, or Bill for an unregistered supplier", () => {
    expect(salesDocumentTitle(undefined)).toBe("Tax Invoice");
    expect(salesDocumentTitle("billOfSupply", "Composition")).toBe("Bill of Supply");
    expect(salesDocumentTitle("billOfSupply", "Regular")).toBe("Bill of Supply");
    expect(salesDocumentTitle("billOfSupply", "Unregistered")).toBe("Bill");
  });
});
