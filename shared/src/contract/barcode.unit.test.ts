import { describe, expect, it } from "vitest";
import { barcodeField, barcodeKey, barcodeProblem, expandUpcE, gs1CheckDigit, hasValidGs1CheckDigit } from "./barcode.ts";

describe("GS1 check digit (EAN-8, UPC-A, EAN-13)", () => {
  it("GS1 General Specifications §7.9: weights 3,1,3,… from the right, the digit makes the sum a multiple of 10", () => {
    expect(gs1CheckDigit("400638133393")).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit("03600029145")).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit("9638507")).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit("000000000000")).toBe(0);
  });

  it("accepts codes whose last digit is the check digit and refuses one digit off", () => {
    for (const code of ["4006381333931", "036000291452", "96385074", "8901030865275"]) expect(hasValidGs1CheckDigit(code)).toBe(true);
    for (const code of ["4006381333932", "036000291453", "96385075", "8901030865278", "40063813339X1", ""]) expect(hasValidGs1CheckDigit(code)).toBe(false);
  });

  it("a swap of two neighbouring digits is caught", () => {
    expect(hasValidGs1CheckDigit("4006381333913")).toBe(false);
  });

  it("UPC-E expands to its UPC-A (number system 0 or 1 only)", () => {
    expect(expandUpcE("06543217")).toBe("065100004327");
    expect(expandUpcE("01234565")).toBe("012345000065");
    expect(expandUpcE("21234565")).toBeNull();
  });
});

describe("barcodeProblem: what a product's barcode may be", () => {
  it("retail codes with a valid check digit, UPC-E included, are fine", () => {
    for (const code of ["4006381333931", "036000291452", "96385074", "06543217"]) expect(barcodeProblem(code)).toBeNull();
  });

  it("an EAN-13 with a wrong check digit is refused, naming the check digit", () => {
    expect(barcodeProblem("4006381333932")).toMatch(/EAN-13.*check digit/);
    expect(barcodeProblem("036000291453")).toMatch(/UPC-A.*check digit/);
    expect(barcodeProblem("06543218")).toMatch(/EAN-8.*check digit/);
  });

  it("other symbologies: 8 to 40 printable characters, no spaces, no check digit asked", () => {
    expect(barcodeProblem("SHIRT-001-XL")).toBeNull();
    expect(barcodeProblem("12345678901")).toBeNull(); // 11 digits: not a retail length, e.g. Code 128
    expect(barcodeProblem("12345678901234")).toBeNull(); // 14 digits (a carton code or Code 128)
    expect(barcodeProblem("A".repeat(40))).toBeNull();
    expect(barcodeProblem("A".repeat(41))).toBe("Barcode must be 8 to 40 characters");
    expect(barcodeProblem("1234567")).toBe("Barcode must be 8 to 40 characters");
    expect(barcodeProblem("ABC 12345")).toMatch(/without spaces/);
    expect(barcodeProblem("ABCDÉ12345")).toMatch(/without spaces/);
  });

  it("the form field trims, treats empty as none and carries the message", () => {
    expect(barcodeField.parse("  4006381333931 ")).toBe("4006381333931");
    expect(barcodeField.parse("")).toBeNull();
    expect(barcodeField.parse("   ")).toBeNull();
    expect(barcodeField.parse(null)).toBeNull();
    expect(barcodeField.parse(undefined)).toBeNull();
    const result = barcodeField.safeParse("4006381333932");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/check digit/);
    expect(barcodeField.safeParse(4006381333931).success).toBe(false);
  });

  it("lookups compare codes without regard to case or surrounding spaces", () => {
    expect(barcodeKey(" abc-123x ")).toBe("ABC-123X");
  });
});
