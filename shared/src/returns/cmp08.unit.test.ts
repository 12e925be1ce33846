import { describe, expect, it } from "vitest";
import type { Invoice, ProductTaxability } from "../contract/index.ts";
import { cmp08Periods, cmp08QuarterOf, cmp08Wire, computeCmp08, monthlyReturnNotApplicable } from "./cmp08.ts";
import { expense, invoice } from "./fixtures.ts";

/** A composition bill of supply: every line at rate 0 with no tax, each line's treatment given. */
function bill(number: string, issueDate: string, lines: [string, ProductTaxability][], extra: Partial<Invoice> = {}): Invoice {
  const base = invoice({ number, issueDate, placeOfSupply: "24", customerGstin: null, lines: lines.map(([taxable]) => ({ taxable, rate: "0" })) });
  return { ...base, documentType: "billOfSupply", supplierRegistration: "Composition", items: base.items.map((item, i) => ({ ...item, taxability: lines[i]![1] })), ...extra };
}

const Q3 = { financialYear: "2026-27", quarter: 3 } as const;

describe("CMP-08 quarters (Rule 62)", () => {
  it("Rule 62: a financial year's quarters run April–June … January–March, the last one in the next calendar year", () => {
    expect(cmp08Periods({ financialYear: "2026-27", quarter: 1 })).toEqual(["042026", "052026", "062026"]);
    expect(cmp08Periods(Q3)).toEqual(["102026", "112026", "122026"]);
    expect(cmp08Periods({ financialYear: "2026-27", quarter: 4 })).toEqual(["012027", "022027", "032027"]);
    expect(() => cmp08Periods({ financialYear: "2026-28", quarter: 1 })).toThrow(RangeError);
    expect(() => cmp08Periods({ financialYear: "2026-27", quarter: 5 as 1 })).toThrow(RangeError);
  });

  it("Rule 62: a date's quarter is its Indian date's (31 March 20:00 UTC is 1 April in India)", () => {
    expect(cmp08QuarterOf("2026-03-31")).toEqual({ financialYear: "2025-26", quarter: 4 });
    expect(cmp08QuarterOf("2026-03-31T20:00:00Z")).toEqual({ financialYear: "2026-27", quarter: 1 });
    expect(cmp08QuarterOf("2026-09-30")).toEqual({ financialYear: "2026-27", quarter: 2 });
    expect(cmp08QuarterOf("2026-12-31")).toEqual({ financialYear: "2026-27", quarter: 3 });
    expect(cmp08QuarterOf("2027-01-01")).toEqual({ financialYear: "2026-27", quarter: 4 });
  });
});

describe("CMP-08 figures (Rule 7, s.10)", () => {
  // Q3 2026-27: bill 1 has taxable ₹10,000 and exempt ₹2,000; bill 2 nil-rated ₹1,000 and non-GST ₹500;
  // bill 3 (cancelled) and bill 4 (July, another quarter) and a tax invoice (Regular) do not count.
  const books = {
    invoices: [
      bill("BOS/26-27/0001", "2026-10-05", [
        ["10000.00", "taxable"],
        ["2000.00", "exempt"],
      ]),
      bill("BOS/26-27/0002", "2026-12-31", [
        ["1000.00", "nil"],
        ["500.00", "nonGst"],
      ]),
      bill("BOS/26-27/0003", "2026-11-10", [["7777.00", "taxable"]], { status: "cancelled" }),
      bill("BOS/26-27/0004", "2026-07-10", [["9999.00", "taxable"]]),
      invoice({ number: "INV/26-27/0001", issueDate: "2026-10-06", placeOfSupply: "24", lines: [{ taxable: "5000.00", rate: "18" }] }),
    ],
    expenses: [
      // Rent from an unregistered landlord under reverse charge: CGST 900 + SGST 900 on ₹10,000 …
      { ...expense({ id: "rent", date: "2026-11-01", amount: "10000.00", cgst: "900.00", sgst: "900.00" }), reverseCharge: true },
      // … less a credit note of ₹1,000 against it (CGST 90 + SGST 90); an ordinary bill is no reverse charge.
      { ...expense({ id: "rent-cn", date: "2026-11-20", amount: "1000.00", cgst: "90.00", sgst: "90.00" }), reverseCharge: true, documentType: "credit_note" as const },
      expense({ id: "stock", date: "2026-11-02", amount: "4000.00", cgst: "360.00", sgst: "360.00", vendorGstin: "24AAQCA8719H1ZC" }),
    ],
  };

  it("Rule 7(c): a trader pays 0.5% + 0.5% on taxable supplies only; the value includes exempt and nil supplies", () => {
    const statement = computeCmp08(books, Q3, "trader");
    // Value: 10,000 + 2,000 + 1,000 + 500 = 13,500; base: 10,000 → CGST 50, SGST 50.
    expect(statement).toMatchObject({ bills: 2, taxableTurnoverPaise: 1_000_000, outward: { valuePaise: 1_350_000, cgstPaise: 5_000, sgstPaise: 5_000, igstPaise: 0 } });
    // Reverse charge: 10,000 − 1,000 = 9,000 at CGST 810 + SGST 810.
    expect(statement.reverseCharge).toEqual({ valuePaise: 900_000, igstPaise: 0, cgstPaise: 81_000, sgstPaise: 81_000, cessPaise: 0 });
    expect(statement.payable).toEqual({ igstPaise: 0, cgstPaise: 86_000, sgstPaise: 86_000, cessPaise: 0 });
    expect(statement.dueDate).toBe("2027-01-18");
    expect(cmp08Wire(statement)).toMatchObject({
      rate: "1",
      outward: { value: "13500.00", cgst: "50.00" },
      payable: { cgst: "860.00", sgst: "860.00" },
      totalPayable: "1720.00",
      label: "October–December 2026",
    });
  });

  it("Rule 7(a), 7(b), s.10(2A): manufacturers, restaurants and service providers pay on the whole turnover but non-GST supplies", () => {
    // Base: 10,000 + 2,000 + 1,000 = 13,000.
    expect(computeCmp08(books, Q3, "manufacturer").outward).toMatchObject({ cgstPaise: 6_500, sgstPaise: 6_500 });
    expect(computeCmp08(books, Q3, "restaurant").outward).toMatchObject({ cgstPaise: 32_500, sgstPaise: 32_500 });
    expect(computeCmp08(books, Q3, "services").outward).toMatchObject({ cgstPaise: 39_000, sgstPaise: 39_000 });
  });

  it("s.34: credit notes against a bill lower the quarter's turnover and debit notes raise it; tax rounds half up to the paisa", () => {
    const notes = [
      {
        kind: "credit" as const,
        issueDate: "2026-11-15",
        reportingPeriod: "112026",
        items: [{ invoiceId: "invoice-BOS/26-27/0001", productId: "product-1", taxableValue: "1000.00" }],
      },
      // On the exempt line: the value moves, a trader's tax does not.
      {
        kind: "debit" as const,
        issueDate: "2026-11-16",
        reportingPeriod: "112026",
        items: [{ invoiceId: "invoice-BOS/26-27/0001", productId: "product-2", taxableValue: "300.00" }],
      },
      // Against a tax invoice of a Regular period: not CMP-08's.
      {
        kind: "credit" as const,
        issueDate: "2026-11-17",
        reportingPeriod: "112026",
        items: [{ invoiceId: "invoice-INV/26-27/0001", productId: "product-1", taxableValue: "100.00" }],
      },
    ] as unknown as Parameters<typeof computeCmp08>[0]["notes"];
    const statement = computeCmp08({ ...books, notes }, Q3, "trader");
    expect(statement.outward.valuePaise).toBe(1_350_000 - 100_000 + 30_000);
    expect(statement.taxableTurnoverPaise).toBe(900_000);
    expect(statement.outward.cgstPaise).toBe(4_500);

    // ₹123.45 at 0.5% is 61.725 paise: 62 (half up).
    const odd = computeCmp08({ invoices: [bill("BOS/26-27/0009", "2026-10-01", [["123.45", "taxable"]])], expenses: [] }, Q3, "trader");
    expect(odd.outward).toMatchObject({ cgstPaise: 62, sgstPaise: 62 });
  });

  it("Rule 62: a composition business files CMP-08 instead of GSTR-1/3B; an unregistered one files nothing; a regular one both", () => {
    expect(monthlyReturnNotApplicable("Composition", "GSTR1")).toContain("CMP-08");
    expect(monthlyReturnNotApplicable("Unregistered", "GSTR3B")).toContain("not registered");
    expect(monthlyReturnNotApplicable("Regular", "GSTR1")).toBeNull();
    expect(monthlyReturnNotApplicable(null, "GSTR3B")).toBeNull();
  });
});
