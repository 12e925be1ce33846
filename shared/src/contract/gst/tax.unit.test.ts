import { describe, expect, it } from "vitest";
import {
  basisPointsToPercent,
  computeInvoice,
  computeLine,
  describeFigureMismatch,
  invoiceFigureMismatches,
  isUnionTerritoryWithoutLegislature,
  panFromGstin,
  parseDiscount,
  percentToBasisPoints,
  placeOfSupplyFor,
  placeOfSupplyLabel,
  roundHalfUp,
  roundToRupee,
  stateCodeFromGstin,
  taxKindOf,
} from "./tax.ts";
import type { Supply } from "./tax.ts";

const MAHARASHTRA_LOCAL: Supply = { supplierState: "27", placeOfSupply: "27" };
const MAHARASHTRA_TO_KARNATAKA: Supply = { supplierState: "27", placeOfSupply: "29" };
const CHANDIGARH_LOCAL: Supply = { supplierState: "04", placeOfSupply: "04" };

describe("roundHalfUp", () => {
  it("rounds exact rationals half-up, halves away from zero", () => {
    expect(roundHalfUp(5, 2)).toBe(3); // 2.5 → 3
    expect(roundHalfUp(7, 2)).toBe(4); // 3.5 → 4 (not banker's 4 by accident: see 5/2)
    expect(roundHalfUp(1, 3)).toBe(0); // 0.333…
    expect(roundHalfUp(2, 3)).toBe(1); // 0.666…
    expect(roundHalfUp(-5, 2)).toBe(-3); // -2.5 → -3
    expect(roundHalfUp(-4, 3)).toBe(-1); // -1.333…
    expect(roundHalfUp(0, 7)).toBe(0);
    // Beyond 2^53 in the numerator: 10^15 paise × 4000 bp / 10000 = 4 × 10^14 exactly.
    expect(roundHalfUp(10n ** 15n * 4000n, 10_000n)).toBe(400_000_000_000_000);
    expect(() => roundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => roundHalfUp(10n ** 30n, 1n)).toThrow(RangeError);
  });
});

describe("computeLine", () => {
  it("intra-state at 18%: CGST 9% + SGST 9%", () => {
    // 2 × ₹500.00 = ₹1,000.00 = 100000 paise; 100000 × 18 / 200 = 9000 each; 100000 + 18000 = 118000.
    expect(computeLine({ quantity: 2, pricePaise: 50_000, rateBasisPoints: 1800 }, MAHARASHTRA_LOCAL)).toEqual({
      grossPaise: 100_000,
      discountPaise: 0,
      taxablePaise: 100_000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 18_000,
      amountPaise: 118_000,
      taxKind: "intra",
      stateTaxLabel: "SGST",
    });
  });

  it("UTGST when supplier and place of supply are Chandigarh (04)", () => {
    // 3 × ₹199.99 = 59997 paise at 12%: 59997 × 12 / 200 = 3599.82 → 3600 per head; 59997 + 7200 = 67197.
    const line = computeLine({ quantity: 3, pricePaise: 19_999, rateBasisPoints: 1200 }, CHANDIGARH_LOCAL);
    expect(line).toMatchObject({ taxablePaise: 59_997, cgstPaise: 3600, sgstPaise: 3600, igstPaise: 0, amountPaise: 67_197 });
    expect(line.stateTaxLabel).toBe("UTGST");
    expect(line.taxKind).toBe("intra");
  });

  it("inter-state: IGST at the full rate", () => {
    // ₹1,234.50 = 123450 paise to Karnataka at 18%: 123450 × 18 / 100 = 22221 exactly.
    const line = computeLine({ quantity: 1, pricePaise: 123_450, rateBasisPoints: 1800 }, MAHARASHTRA_TO_KARNATAKA);
    expect(line).toMatchObject({ taxKind: "inter", cgstPaise: 0, sgstPaise: 0, igstPaise: 22_221, taxPaise: 22_221, amountPaise: 145_671 });
  });

  it("each head rounds on its own: a half paisa per head makes CGST+SGST one paisa above IGST", () => {
    // Same ₹1,234.50 within Maharashtra: 123450 × 18 / 200 = 11110.5 → 11111 per head = 22222 (IGST above: 22221).
    const local = computeLine({ quantity: 1, pricePaise: 123_450, rateBasisPoints: 1800 }, MAHARASHTRA_LOCAL);
    expect(local).toMatchObject({ cgstPaise: 11_111, sgstPaise: 11_111, taxPaise: 22_222 });
    // ₹10.20 at 5%: 1020 × 5 / 200 = 25.5 → 26 per head = 52; inter-state 1020 × 5 / 100 = 51.
    expect(computeLine({ quantity: 1, pricePaise: 1020, rateBasisPoints: 500 }, MAHARASHTRA_LOCAL)).toMatchObject({ cgstPaise: 26, sgstPaise: 26, taxPaise: 52 });
    expect(computeLine({ quantity: 1, pricePaise: 1020, rateBasisPoints: 500 }, MAHARASHTRA_TO_KARNATAKA)).toMatchObject({ igstPaise: 51 });
    // ₹10.05 at 5%: 1005 × 5 / 200 = 25.125 → 25 per head = 50; IGST 50.25 → 50.
    expect(computeLine({ quantity: 1, pricePaise: 1005, rateBasisPoints: 500 }, MAHARASHTRA_LOCAL)).toMatchObject({ cgstPaise: 25, sgstPaise: 25 });
    expect(computeLine({ quantity: 1, pricePaise: 1005, rateBasisPoints: 500 }, MAHARASHTRA_TO_KARNATAKA)).toMatchObject({ igstPaise: 50 });
    // 0.25%: ₹100.00 → 10000 × 0.25 / 200 = 12.5 → 13 per head.
    expect(computeLine({ quantity: 1, pricePaise: 10_000, rateBasisPoints: 25 }, MAHARASHTRA_LOCAL)).toMatchObject({ cgstPaise: 13, sgstPaise: 13 });
  });

  it("percentage discount: taxable = round(gross − gross × pct / 100)", () => {
    // 4 × ₹250.00 = 100000, 10% off → 90000 (discount 10000); 90000 × 18 / 200 = 8100 per head; 90000 + 16200 = 106200.
    expect(computeLine({ quantity: 4, pricePaise: 25_000, rateBasisPoints: 1800, discount: { type: "percentage", basisPoints: 1000 } }, MAHARASHTRA_LOCAL)).toMatchObject({
      grossPaise: 100_000,
      discountPaise: 10_000,
      taxablePaise: 90_000,
      cgstPaise: 8100,
      sgstPaise: 8100,
      amountPaise: 106_200,
    });
    // ₹1.25 with 10% off: 125 − 12.5 = 112.5 → 113 taxable, so the discount shown is 12 paise.
    expect(computeLine({ quantity: 1, pricePaise: 125, rateBasisPoints: 0, discount: { type: "percentage", basisPoints: 1000 } }, MAHARASHTRA_LOCAL)).toMatchObject({
      taxablePaise: 113,
      discountPaise: 12,
      taxPaise: 0,
      amountPaise: 113,
    });
    // ₹9.99 with 12.5% off: 999 × 0.875 = 874.125 → 874, discount 125.
    expect(computeLine({ quantity: 1, pricePaise: 999, rateBasisPoints: 0, discount: { type: "percentage", basisPoints: 1250 } }, MAHARASHTRA_LOCAL)).toMatchObject({
      taxablePaise: 874,
      discountPaise: 125,
    });
    // 100% off leaves nothing to tax.
    expect(computeLine({ quantity: 1, pricePaise: 999, rateBasisPoints: 1800, discount: { type: "percentage", basisPoints: 10_000 } }, MAHARASHTRA_LOCAL)).toMatchObject({
      taxablePaise: 0,
      taxPaise: 0,
      amountPaise: 0,
    });
  });

  it("amount discount comes off the whole line", () => {
    // 3 × ₹100.00 = 30000 − ₹50.00 = 25000 taxable; inter-state 5%: 1250; 26250.
    expect(computeLine({ quantity: 3, pricePaise: 10_000, rateBasisPoints: 500, discount: { type: "amount", paise: 5000 } }, MAHARASHTRA_TO_KARNATAKA)).toMatchObject({
      grossPaise: 30_000,
      discountPaise: 5000,
      taxablePaise: 25_000,
      igstPaise: 1250,
      amountPaise: 26_250,
    });
    expect(() => computeLine({ quantity: 3, pricePaise: 10_000, rateBasisPoints: 500, discount: { type: "amount", paise: 30_001 } }, MAHARASHTRA_LOCAL)).toThrow(
      "Discount 300.01 exceeds the line value 300.00",
    );
  });

  it("adds cess on the taxable value when a cess rate is given", () => {
    // ₹10.00 inter-state at 28% + 12% cess: IGST 280, cess 120.
    expect(computeLine({ quantity: 1, pricePaise: 1000, rateBasisPoints: 2800, cessBasisPoints: 1200 }, MAHARASHTRA_TO_KARNATAKA)).toMatchObject({
      igstPaise: 280,
      cessPaise: 120,
      taxPaise: 400,
      amountPaise: 1400,
    });
  });

  it("treats SEZ supplies and exports as inter-state", () => {
    const line = { quantity: 1, pricePaise: 10_000, rateBasisPoints: 1800 };
    expect(computeLine(line, { ...MAHARASHTRA_LOCAL, toSez: true })).toMatchObject({ taxKind: "inter", igstPaise: 1800, cgstPaise: 0 });
    expect(computeLine(line, { supplierState: "27", placeOfSupply: "96" })).toMatchObject({ taxKind: "inter", igstPaise: 1800 });
  });

  it("refuses impossible inputs", () => {
    const supply = MAHARASHTRA_LOCAL;
    expect(() => computeLine({ quantity: 0, pricePaise: 100, rateBasisPoints: 1800 }, supply)).toThrow(/Quantity/);
    // Issue 9: 3 decimals are a quantity (2.5 KGS, uqc.unit.test.ts); a fourth is not.
    expect(() => computeLine({ quantity: 1.0005, pricePaise: 100, rateBasisPoints: 1800 }, supply)).toThrow(/Quantity/);
    expect(() => computeLine({ quantity: 1, pricePaise: 10.5, rateBasisPoints: 1800 }, supply)).toThrow(/Price/);
    expect(() => computeLine({ quantity: 1, pricePaise: 100, rateBasisPoints: 18.5 }, supply)).toThrow(/GST rate/);
    expect(() => computeLine({ quantity: 1, pricePaise: 100, rateBasisPoints: 1800 }, { supplierState: "27", placeOfSupply: "39" })).toThrow(/place of supply/);
    expect(() => computeLine({ quantity: 1, pricePaise: 100, rateBasisPoints: 1800 }, { supplierState: "96", placeOfSupply: "27" })).toThrow(/supplier state/);
  });
});

describe("computeInvoice", () => {
  it("sums the lines' own rounded figures", () => {
    // Within Maharashtra:
    //   line 1: 2 × ₹500.00 @ 18%            taxable 100000, CGST 9000, SGST 9000, amount 118000
    //   line 2: ₹10.20 @ 5%                   taxable   1020, CGST   26, SGST   26, amount   1072
    //   line 3: ₹1.25, 10% off, @ 18%        taxable    113, 113 × 18 / 200 = 10.17 → CGST 10, SGST 10, amount 133
    // subtotal 101133; CGST 9036; SGST 9036; GST 18072; total 119205 = 118000 + 1072 + 133.
    const invoice = computeInvoice(
      [
        { quantity: 2, pricePaise: 50_000, rateBasisPoints: 1800 },
        { quantity: 1, pricePaise: 1020, rateBasisPoints: 500 },
        { quantity: 1, pricePaise: 125, rateBasisPoints: 1800, discount: { type: "percentage", basisPoints: 1000 } },
      ],
      MAHARASHTRA_LOCAL,
    );
    expect(invoice.lines.map((line) => line.amountPaise)).toEqual([118_000, 1072, 133]);
    expect(invoice).toMatchObject({
      grossPaise: 101_145,
      discountPaise: 12,
      subtotalPaise: 101_133,
      cgstPaise: 9036,
      sgstPaise: 9036,
      igstPaise: 0,
      cessPaise: 0,
      gstAmountPaise: 18_072,
      totalPaise: 119_205,
      taxKind: "intra",
      stateTaxLabel: "SGST",
    });
  });

  it("gives zero totals for no lines", () => {
    expect(computeInvoice([], MAHARASHTRA_TO_KARNATAKA)).toMatchObject({ subtotalPaise: 0, gstAmountPaise: 0, totalPaise: 0, taxKind: "inter" });
  });
});

describe("round-off to the rupee (GST.md §2.3)", () => {
  it("s.170 CGST Act: 50 paise and more go up, less are dropped", () => {
    expect([roundToRupee(119_205), roundToRupee(119_250), roundToRupee(119_249), roundToRupee(119_200)]).toEqual([119_200, 119_300, 119_200, 119_200]);
  });

  it("s.170: an invoice of ₹1,192.05 is issued for ₹1,192.00 with a round-off of −0.05", () => {
    const lines = [
      { quantity: 2, pricePaise: 50_000, rateBasisPoints: 1800 },
      { quantity: 1, pricePaise: 1020, rateBasisPoints: 500 },
      { quantity: 1, pricePaise: 125, rateBasisPoints: 1800, discount: { type: "percentage", basisPoints: 1000 } },
    ] as const;
    const rounded = computeInvoice(lines, MAHARASHTRA_LOCAL, { roundOff: true });
    expect(rounded).toMatchObject({ subtotalPaise: 101_133, gstAmountPaise: 18_072, roundOffPaise: -5, totalPaise: 119_200 });
    expect(computeInvoice(lines, MAHARASHTRA_LOCAL, { roundOff: false })).toMatchObject({ roundOffPaise: 0, totalPaise: 119_205 });
  });

  it("s.170: ₹1,180.50 rounds half up to ₹1,181.00, not to the even ₹1,180 (banker's rounding)", () => {
    // ₹1,000.42 at 18% IGST: 180.0756 → 180.08; total 1180.50.
    const invoice = computeInvoice([{ quantity: 1, pricePaise: 100_042, rateBasisPoints: 1800 }], MAHARASHTRA_TO_KARNATAKA, { roundOff: true });
    expect(invoice).toMatchObject({ igstPaise: 18_008, roundOffPaise: 50, totalPaise: 118_100 });
  });
});

describe("cess (GST.md §2.2)", () => {
  it("Compensation Cess Act s.8: ad valorem 5% plus Rs 1591 per thousand on 15.80 is 0.79 + 1.591 = 2.38 (Odoo's vector)", () => {
    const line = computeLine({ quantity: 1, pricePaise: 1580, rateBasisPoints: 2800, cessBasisPoints: 500, cessPerUnitMillirupees: 1591 }, MAHARASHTRA_LOCAL);
    expect(line).toMatchObject({ taxablePaise: 1580, cessPaise: 238, cgstPaise: 221, sgstPaise: 221, taxPaise: 680, amountPaise: 2260 });
  });

  it("Compensation Cess Act s.8: the specific part counts every unit", () => {
    // 10 × 15.80 = 158.00; 5% = 7.90; 10 × 1.591 = 15.91; cess 23.81.
    const line = computeLine({ quantity: 10, pricePaise: 1580, rateBasisPoints: 2800, cessBasisPoints: 500, cessPerUnitMillirupees: 1591 }, MAHARASHTRA_TO_KARNATAKA);
    expect(line).toMatchObject({ cessPaise: 2381, igstPaise: 4424 });
  });

  it("invoice cess is the sum of the lines' cess", () => {
    const invoice = computeInvoice(
      [
        { quantity: 1, pricePaise: 1580, rateBasisPoints: 2800, cessBasisPoints: 500, cessPerUnitMillirupees: 1591 },
        { quantity: 1, pricePaise: 10_000, rateBasisPoints: 1800 },
      ],
      MAHARASHTRA_LOCAL,
    );
    expect(invoice.cessPaise).toBe(238);
    expect(invoice.totalPaise).toBe(2260 + 11_800);
  });

  it("refuses a negative or fractional specific cess", () => {
    expect(() => computeLine({ quantity: 1, pricePaise: 100, rateBasisPoints: 0, cessPerUnitMillirupees: -1 }, MAHARASHTRA_LOCAL)).toThrow(RangeError);
    expect(() => computeLine({ quantity: 1, pricePaise: 100, rateBasisPoints: 0, cessPerUnitMillirupees: 1.5 }, MAHARASHTRA_LOCAL)).toThrow(RangeError);
  });
});

describe("invoiceFigureMismatches", () => {
  const computed = computeInvoice([{ quantity: 2, pricePaise: 50_000, rateBasisPoints: 1800 }], MAHARASHTRA_LOCAL);
  it("accepts the same figures in any decimal spelling", () => {
    expect(invoiceFigureMismatches({ subtotal: "1000", gstAmount: "180.0", total: 1180, items: [{ amount: "1180.00" }] }, computed)).toEqual([]);
  });
  it("names the expected value of each figure that differs", () => {
    const mismatches = invoiceFigureMismatches({ subtotal: "1000.01", gstAmount: "180.00", total: "abc", items: [{ amount: "1000.00" }] }, computed);
    expect(mismatches).toEqual([
      { field: "subtotal", expected: "1000.00", received: "1000.01" },
      { field: "total", expected: "1180.00", received: "abc" },
      { field: "items.0.amount", expected: "1180.00", received: "1000.00" },
    ]);
    expect(mismatches.map(describeFigureMismatch)[0]).toBe("subtotal must be 1000.00 (received 1000.01)");
  });
});

describe("rates and discounts from the wire", () => {
  it("reads percentages exactly as basis points", () => {
    expect(percentToBasisPoints("18")).toBe(1800);
    expect(percentToBasisPoints("18.00")).toBe(1800);
    expect(percentToBasisPoints("0.25")).toBe(25);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0)).toBe(0);
    expect(() => percentToBasisPoints("1.234")).toThrow(RangeError);
    expect(() => percentToBasisPoints("-5")).toThrow(RangeError);
    expect(() => percentToBasisPoints("100.01")).toThrow(RangeError);
    expect(() => percentToBasisPoints(0.1 + 0.2)).toThrow(RangeError);
    expect(basisPointsToPercent(1800)).toBe("18");
    expect(basisPointsToPercent(25)).toBe("0.25");
    expect(basisPointsToPercent(150)).toBe("1.5");
    expect(basisPointsToPercent(0)).toBe("0");
  });
  it("reads discount and discountType", () => {
    expect(parseDiscount("10", "percentage")).toEqual({ type: "percentage", basisPoints: 1000 });
    expect(parseDiscount(12.5, undefined)).toEqual({ type: "percentage", basisPoints: 1250 });
    expect(parseDiscount("50.5", "amount")).toEqual({ type: "amount", paise: 5050 });
    expect(parseDiscount("0", "amount")).toBeNull();
    expect(parseDiscount(null, "percentage")).toBeNull();
    expect(parseDiscount("", "amount")).toBeNull();
    expect(() => parseDiscount("101", "percentage")).toThrow(RangeError);
    expect(() => parseDiscount("5.555", "amount")).toThrow(RangeError);
  });
});

describe("states, GSTINs and place of supply", () => {
  it("knows the UTs without legislature", () => {
    for (const code of ["04", "26", "31", "35", "38", "97"]) expect(isUnionTerritoryWithoutLegislature(code)).toBe(true);
    for (const code of ["01", "07", "34", "27"]) expect(isUnionTerritoryWithoutLegislature(code)).toBe(false);
  });
  it("reads state and PAN from a valid GSTIN only", () => {
    expect(stateCodeFromGstin("27AAPFU0939F1ZV")).toBe("27");
    expect(stateCodeFromGstin(" 27aapfu0939f1zv ")).toBe("27");
    expect(panFromGstin("27AAPFU0939F1ZV")).toBe("AAPFU0939F");
    expect(stateCodeFromGstin("27AAPFU0939F1ZO")).toBeNull();
    expect(panFromGstin("nonsense")).toBeNull();
  });
  it("defaults the place of supply to the customer's GSTIN state, else the business's state", () => {
    expect(placeOfSupplyFor({ customerGstin: "29AABCR1718E1ZL", businessStateCode: "27" })).toBe("29");
    expect(placeOfSupplyFor({ customerGstin: null, businessStateCode: "27" })).toBe("27");
    expect(placeOfSupplyFor({ customerGstin: "", businessStateCode: "27" })).toBe("27");
    expect(placeOfSupplyFor({ customerGstin: "29AABCR1718E1ZX", businessStateCode: "27" })).toBe("27");
    expect(placeOfSupplyFor({ customerGstin: "29AABCR1718E1ZL", businessStateCode: "27", chosen: "07" })).toBe("07");
    expect(() => placeOfSupplyFor({ businessStateCode: "27", chosen: "39" })).toThrow(RangeError);
  });
  it("s.10(1) IGST Act: the place of supply defaults to the customer's state, so an unregistered buyer in Kerala from Karnataka is inter-state", () => {
    expect(placeOfSupplyFor({ customerStateCode: "32", customerGstin: null, businessStateCode: "29" })).toBe("32");
    expect(taxKindOf({ supplierState: "29", placeOfSupply: placeOfSupplyFor({ customerStateCode: "32", businessStateCode: "29" }) })).toBe("inter");
    expect(placeOfSupplyFor({ customerStateCode: "96", businessStateCode: "29" })).toBe("96");
    expect(placeOfSupplyFor({ customerStateCode: "32", businessStateCode: "29", chosen: "33" })).toBe("33");
    expect(placeOfSupplyFor({ customerStateCode: null, customerGstin: "27AAPFU0939F1ZV", businessStateCode: "29" })).toBe("27");
  });
  it("s.16 IGST Act: a supply to an SEZ is inter-state even within the supplier's state", () => {
    expect(taxKindOf({ supplierState: "29", placeOfSupply: "29", toSez: true })).toBe("inter");
    const sez = computeInvoice([{ quantity: 1, pricePaise: 100_000, rateBasisPoints: 1800 }], { supplierState: "29", placeOfSupply: "29", toSez: true });
    expect([sez.igstPaise, sez.cgstPaise, sez.sgstPaise]).toEqual([18_000, 0, 0]);
  });
  it("labels a place of supply as NN-State Name", () => {
    expect(placeOfSupplyLabel("29")).toBe("29-Karnataka");
    expect(placeOfSupplyLabel("96")).toBe("96-Other Countries");
  });
});
