import { describe, expect, it } from "vitest";
import { hsnCodes, hsnEntry, isServiceHsn, truncateHsnDescription } from "./hsn.ts";

describe("HSN/SAC seed", () => {
  it("holds GST.md §9's 42 rows as 46 codes (multi-code rows split), unique, 4/6/8 digits", () => {
    const codes = hsnCodes().map((e) => e.code);
    expect(codes).toHaveLength(46);
    expect(new Set(codes).size).toBe(46);
    for (const code of codes) expect(code).toMatch(/^(\d{4}|\d{6}|\d{8})$/);
    expect(codes).toEqual(expect.arrayContaining(["96190030", "96190040", "96190090", "2401", "2402", "84221100", "84221900"]));
  });

  it("carries rates, category and dates as data", () => {
    expect(hsnEntry("3305")).toMatchObject({ gstRate: "5", previousGstRate: "18", category: "goods", effectiveFrom: "2025-09-22", cessRate: "0" });
    expect(hsnEntry("3306 10 10")).toMatchObject({ code: "33061010", description: "Tooth powder", gstRate: "5" });
    expect(hsnEntry("998314")).toMatchObject({
      description: "Information technology (IT) design and development services",
      gstRate: "18",
      category: "services",
    });
    expect(hsnEntry("2402")).toMatchObject({ gstRate: "40", effectiveFrom: "2026-02-01" });
    expect(hsnEntry("996311")).toMatchObject({ gstRate: "5", withoutItc: true });
    expect(hsnEntry("0401")).toMatchObject({ gstRate: "0", description: "UHT milk" });
    expect(hsnEntry("33051090")).toBeUndefined(); // no prefix matching
    for (const e of hsnCodes()) {
      expect(["0", "5", "18", "40"]).toContain(e.gstRate);
      expect(e.category).toBe(e.code.startsWith("99") ? "services" : "goods");
    }
  });

  it("truncates descriptions to 30 characters like IC", () => {
    // "Preparations for use on the ha|ir (hair oil, shampoo)": the cut falls after character 30.
    expect(truncateHsnDescription(hsnEntry("3305")!.description)).toBe("Preparations for use on the ha");
    expect(truncateHsnDescription("Air-conditioning machines")).toBe("Air-conditioning machines");
    expect(truncateHsnDescription(`  ${"a".repeat(29)} b`)).toBe("a".repeat(29)); // trailing space dropped
  });

  it("tells services by the 99 prefix", () => {
    expect(isServiceHsn("998311")).toBe(true);
    expect(isServiceHsn("9983 11")).toBe(true);
    expect(isServiceHsn("8471")).toBe(false);
  });
});
