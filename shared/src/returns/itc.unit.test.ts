import { describe, expect, it } from "vitest";
import { invoice, SUPPLIER_GSTIN } from "./fixtures.ts";
import { buildGstr3b } from "./gstr3b.ts";
import { itcTreatments, pendingItc } from "./itc.ts";
import { pairFor, purchase } from "./purchaseFixtures.ts";

const KA = "29AAGCB1286Q1Z0";
const INTRA = "24AANFA2641L1ZF";

describe("claim periods (s.16(2)(aa), s.16(4))", () => {
  const bill = purchase({ id: "B", date: "2026-09-10", amount: "1000.00", vendorGstin: KA, igst: "180.00" });
  const note = purchase({ id: "C", date: "2026-10-05", amount: "100.00", vendorGstin: KA, igst: "18.00", documentType: "credit_note", againstExpenseId: "B" });
  const kindOf = (list: ReturnType<typeof itcTreatments>, id: string) => list.find((x) => x.purchase.id === id)!.treatment;

  it("s.16(2)(aa): a bill is claimed in the 2B's reporting period when that is later than the bill's", () => {
    const t = itcTreatments([bill, note], [{ period: "112026", reportIn: "112026", pairs: [pairFor(bill)] }], "24");
    expect(kindOf(t, "B")).toMatchObject({ kind: "claimed", period: "112026" });
    // the note follows its bill: max(102026, 112026)
    expect(kindOf(t, "C")).toMatchObject({ kind: "claimed", period: "112026" });
  });

  it("s.16(2)(aa): never before the bill is booked: max(2B period, bill period)", () => {
    const late = { ...bill, reportingPeriod: "122026" };
    const t = itcTreatments([late], [{ period: "102026", reportIn: "102026", pairs: [pairFor(bill)] }], "24");
    expect(kindOf(t, "B")).toMatchObject({ kind: "claimed", period: "122026" });
  });

  it("s.16(2)(aa): without a claimable pair the bill and its credit note are pending", () => {
    const t = itcTreatments([bill, note], [{ period: "102026", reportIn: "102026", pairs: [{ ...pairFor(bill), claimable: false }] }], "24");
    expect(kindOf(t, "B")).toMatchObject({ kind: "pending", reason: "not_in_2b" });
    expect(kindOf(t, "C")).toMatchObject({ kind: "pending", reason: "bill_pending" });
    expect(pendingItc([bill, note], [], "102026").total).toEqual({ igst: 16_200, cgst: 0, sgst: 0, cess: 0 });
    expect(pendingItc([bill, note], [], "092026").bills.map((b) => b.expenseId)).toEqual(["B"]);
  });

  it("s.16(2)(aa): the same bill billed from the supplier's other-state GSTIN claims the 2B's IGST, within the tax the books hold", () => {
    const local = purchase({ id: "L", date: "2026-10-10", amount: "1000.00", vendorGstin: INTRA, cgst: "90.00", sgst: "90.00" });
    const asIgst = (igst: number) => ({ ...pairFor(local), portal: { ...pairFor(local).portal, igst, cgst: 0, sgst: 0 } });
    const same = itcTreatments([local], [{ period: "102026", reportIn: "102026", pairs: [asIgst(18_000)] }], "24");
    expect(kindOf(same, "L")).toMatchObject({ kind: "claimed", tax: { igst: 18_000, cgst: 0, sgst: 0 } });
    const more = itcTreatments([local], [{ period: "102026", reportIn: "102026", pairs: [asIgst(18_100)] }], "24");
    expect(kindOf(more, "L")).toMatchObject({ kind: "claimed", tax: { igst: 18_000, cgst: 0, sgst: 0 } });
  });

  it("Circular 170/02/2022: 2B itcavl N goes to 4(D)(2), never claimed", () => {
    const t = itcTreatments([bill], [{ period: "092026", reportIn: "092026", pairs: [pairFor(bill, false)] }], "24");
    expect(kindOf(t, "B")).toMatchObject({ kind: "ineligible", reason: "itc_not_available", period: "092026" });
  });

  it("s.16 with s.12 IGST Act: CGST/SGST of another state is restricted by place of supply", () => {
    const hotel = purchase({ id: "H", date: "2026-09-12", amount: "1000.00", vendorGstin: KA, cgst: "90.00", sgst: "90.00", placeOfSupply: "29" });
    const t = itcTreatments([hotel], [{ period: "092026", reportIn: "092026", pairs: [pairFor(hotel)] }], "24");
    expect(kindOf(t, "H")).toMatchObject({ kind: "ineligible", reason: "place_of_supply" });
  });

  it("s.31(3)(f), s.9(3): reverse charge needs no 2B and is claimed in its own period", () => {
    const rent = purchase({ id: "R", date: "2026-09-01", amount: "30000.00", vendorGstin: null, cgst: "2700.00", sgst: "2700.00", reverseCharge: true });
    expect(kindOf(itcTreatments([rent], [], "24"), "R")).toMatchObject({ kind: "rcm", period: "092026" });
  });
});

describe("Rule 43: capital goods used for taxable and exempt supplies", () => {
  // A machine bought in January 2026: IGST ₹60,000 claimed in full in 4(A)(5).
  // March 2026: taxable sales ₹9,000 (18%), nil-rated ₹1,000: E/F = 1000 / 10000.
  // Tm = 60000 / 60 = 1000; Te = 1000 × 0.1 = ₹100 reversed in 4(B)(1).
  const machine = purchase({ id: "CG", date: "2026-01-10", amount: "333333.33", vendorGstin: KA, igst: "60000.00", isCapitalGoods: true });
  const twoB = [{ period: "012026", reportIn: "012026", pairs: [pairFor(machine)] }];
  const sales = (issueDate: string) => [
    invoice({
      number: `T-${issueDate}`,
      issueDate,
      placeOfSupply: "24",
      customerGstin: INTRA,
      lines: [
        { taxable: "9000.00", rate: "18" },
        { taxable: "1000.00", rate: "0" },
      ],
    }),
  ];

  it("Rule 43(1)(c)-(g): Te = Tc/60 × E/F every month of the 60", () => {
    const march = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "032026", invoices: sales("2026-03-05"), expenses: [machine], reconciliations: twoB });
    expect(march.totals.reversals.rule43).toEqual({ igst: 10_000, cgst: 0, sgst: 0, cess: 0 });
    expect(march.json.itc_elg.itc_rev[0]).toEqual({ ty: "RUL", iamt: 100, camt: 0, samt: 0, csamt: 0 });
    // Rule 42 does not touch capital goods.
    expect(march.totals.reversals.rule42).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });

  it("Rule 43: nothing after the 60th month, nothing without exempt supplies", () => {
    const after = buildGstr3b({ gstin: SUPPLIER_GSTIN, period: "012031", invoices: sales("2031-01-05"), expenses: [machine], reconciliations: twoB });
    expect(after.totals.reversals.rule43.igst).toBe(0);
    const taxableOnly = buildGstr3b({
      gstin: SUPPLIER_GSTIN,
      period: "032026",
      invoices: [invoice({ number: "T-1", issueDate: "2026-03-05", placeOfSupply: "24", lines: [{ taxable: "9000.00", rate: "18" }] })],
      expenses: [machine],
      reconciliations: twoB,
    });
    expect(taxableOnly.totals.reversals.rule43.igst).toBe(0);
  });
});
