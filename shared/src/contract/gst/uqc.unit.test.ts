import { describe, expect, it } from "vitest";
import { computeLine } from "./tax.ts";
import { addQuantities, formatQuantity, isMeasurableUnit, isUqc, quantityUnitProblem, toThousandths, UQC_CODES } from "./uqc.ts";

const intra = { supplierState: "29", placeOfSupply: "29" };

describe("UQC (GSTR-1 Table 12 units)", () => {
  it("Table 12: the list is GSTN's 45 codes, NOS included, anything else is not a unit", () => {
    expect(UQC_CODES).toHaveLength(45);
    expect(isUqc("NOS")).toBe(true);
    expect(isUqc("KGS")).toBe(true);
    expect(isUqc("KG")).toBe(false);
    expect(isUqc("toString")).toBe(false);
  });

  it("measurable units take 3 decimals; counted units take whole numbers", () => {
    expect(isMeasurableUnit("KGS")).toBe(true);
    expect(isMeasurableUnit("NOS")).toBe(false);
    expect(quantityUnitProblem(2.5, "KGS")).toBeNull();
    expect(quantityUnitProblem(0.125, "LTR")).toBeNull();
    expect(quantityUnitProblem(2.5, "NOS", "Pen")).toBe("Quantity of Pen must be a whole number (it is counted in NOS)");
    expect(quantityUnitProblem(1.2345, "KGS")).toMatch(/at most 3 decimals/);
  });

  it("quantities sum in thousandths without drift and print with their unit", () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(addQuantities(10, -2.5)).toBe(7.5);
    expect(toThousandths(2.675)).toBe(2675);
    expect(toThousandths(1.0005)).toBeNull();
    expect(formatQuantity(2.5, "KGS")).toBe("2.5 KGS");
    expect(formatQuantity(3, "NOS")).toBe("3 NOS");
    expect(formatQuantity(-0.125)).toBe("-0.125");
  });
});

describe("computeLine with decimal quantities (thousandths, half up)", () => {
  const line = (quantity: number, pricePaise: number, extra: object = {}) => computeLine({ quantity, pricePaise, rateBasisPoints: 500, ...extra }, intra);

  it("Rule 46 quantity × rate: 2.5 KGS at ₹80.00 is ₹200.00 taxable, 5% → CGST 5.00 + SGST 5.00", () => {
    expect(line(2.5, 8000)).toMatchObject({ grossPaise: 20_000, taxablePaise: 20_000, cgstPaise: 500, sgstPaise: 500, amountPaise: 21_000 });
  });

  it("1.333 × ₹10.01 = ₹13.34333 → ₹13.34; 1.005 × ₹1.00 = 100.5 paise → ₹1.01 (half up)", () => {
    expect(line(1.333, 1001).taxablePaise).toBe(1334);
    expect(line(1.005, 100).taxablePaise).toBe(101);
    expect(line(0.125, 4).taxablePaise).toBe(1);
  });

  it("a percentage discount works on the exact gross, not the rounded one", () => {
    // 1.005 × 100 = 100.5 paise; 50% off the exact gross = 50.25 → 50 (rounding gross first would give 50.5 → 51).
    expect(line(1.005, 100, { discount: { type: "percentage", basisPoints: 5000 } }).taxablePaise).toBe(50);
  });

  it("specific cess per unit follows the decimal quantity: 2.5 × ₹1.591 = ₹3.9775 → ₹3.98", () => {
    expect(line(2.5, 0, { cessPerUnitMillirupees: 1591 }).cessPaise).toBe(398);
  });

  it("refuses zero, negatives and a fourth decimal", () => {
    expect(() => line(0, 100)).toThrow(RangeError);
    expect(() => line(-1, 100)).toThrow(RangeError);
    expect(() => line(1.0005, 100)).toThrow(/at most 3 decimals/);
  });
});
