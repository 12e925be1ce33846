import { describe, expect, it } from "vitest";
import { gstr3bTables, jsonPaise } from "./return-preview.ts";

describe("GSTR-3B preview tables", () => {
  it("reads portal amounts in exact paise", () => {
    expect(jsonPaise(1180.5)).toBe(118050);
    expect(jsonPaise("25.00")).toBe(2500);
    expect(jsonPaise(0.1 + 0.2)).toBe(30);
    expect(jsonPaise(-12.34)).toBe(-1234);
    expect(jsonPaise(undefined)).toBe(0);
  });

  it("Circular 170/02/2022: 4(A)(3) shows reverse-charge ITC, 4(A)(5) the rest, 4(C) the net", () => {
    const tables = gstr3bTables({
      sup_details: { osup_det: { txval: 1000, iamt: 180, camt: 0, samt: 0, csamt: 0 }, isup_rev: { txval: 500, iamt: 0, camt: 45, samt: 45, csamt: 0 } },
      itc_elg: {
        itc_avl: [
          { ty: "ISRC", iamt: 0, camt: 45, samt: 45, csamt: 0 },
          { ty: "OTH", iamt: 0, camt: 25, samt: 25, csamt: 0 },
        ],
        itc_rev: [{ ty: "RUL", iamt: 0, camt: 0, samt: 0, csamt: 0 }],
        itc_net: { iamt: 0, camt: 70, samt: 70, csamt: 0 },
        itc_inelg: [],
      },
      inward_sup: {
        isup_details: [
          { ty: "GST", inter: 0, intra: 1000 },
          { ty: "NONGST", inter: 0, intra: 0 },
        ],
      },
      intr_ltfee: { intr_details: { iamt: 0, camt: 3, samt: 3, csamt: 0 }, ltfee_details: { camt: 50, samt: 50 } },
    });
    const row = (ref: string) => tables.flatMap((table) => table.rows).find((entry) => entry.ref === ref)!;
    expect(row("3.1(a)")).toMatchObject({ taxable: 100000, igst: 18000 });
    expect(row("3.1(d)")).toMatchObject({ taxable: 50000, cgst: 4500, sgst: 4500 });
    expect(row("4(A)(3)")).toMatchObject({ taxable: null, cgst: 4500 });
    expect(row("4(A)(5)")).toMatchObject({ cgst: 2500, sgst: 2500 });
    expect(row("4(C)")).toMatchObject({ cgst: 7000, strong: true });
    expect(row("5(a)")).toMatchObject({ igst: 0, cgst: 100000 });
    expect(row("5.1(b)")).toMatchObject({ cgst: 5000, sgst: 5000 });
  });
});
