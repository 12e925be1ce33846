import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HSN_SEARCH_LIMIT, RATE_NOT_KNOWN, isHsnInMaster, lookupHsn, searchHsn } from "./hsnMaster.ts";

describe("the HSN/SAC master (GSTN's code list, Rule 46(g))", () => {
  it("ships 18,687 unique codes of 4, 6 or 8 digits, sorted by code (the prefix search relies on it)", () => {
    const codes = (JSON.parse(readFileSync(new URL("../../reference-data/hsn-sac-master.json", import.meta.url), "utf8")) as [string, string][]).map(([code]) => code);
    expect(codes).toHaveLength(18_687);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^(\d{4}|\d{6}|\d{8})$/);
    expect(codes.every((code, i) => i === 0 || codes[i - 1]! < code)).toBe(true);
  });

  it("holds the official codes of 4, 6 and 8 digits and nothing else", () => {
    expect(isHsnInMaster("3305")).toBe(true);
    expect(isHsnInMaster("3306 10 10")).toBe(true);
    expect(isHsnInMaster("998314")).toBe(true);
    expect(isHsnInMaster("1234")).toBe(false);
    expect(isHsnInMaster("33")).toBe(false);
  });

  it("looks up an 8-digit code with its description, its heading and the rate of its heading in Bahi's table", () => {
    expect(lookupHsn("33051010")).toEqual({
      code: "33051010",
      description: "PREPARATIONS FOR USE ON THE HAIR SHAMPOOS: CONTAINING SPIRIT",
      kind: "goods",
      category: "goods",
      heading: "Preparations for use on the hair",
      gstRate: "5",
      cessRate: "0",
      effectiveFrom: "2025-09-22",
      rateFrom: "3305",
      withoutItc: false,
      rateNote: null,
    });
    // The code's own seed row wins over its heading's.
    expect(lookupHsn("33061010")).toMatchObject({ gstRate: "5", rateFrom: "33061010" });
    expect(lookupHsn("2402")).toMatchObject({ gstRate: "40", effectiveFrom: "2026-02-01" });
    expect(lookupHsn("996311")).toMatchObject({ kind: "services", gstRate: "5", withoutItc: true });
  });

  it("says when the rate is not in Bahi's table instead of guessing one", () => {
    expect(lookupHsn("1006")).toMatchObject({ code: "1006", description: "RICE", gstRate: null, effectiveFrom: null, rateFrom: null, rateNote: RATE_NOT_KNOWN });
    // 9619's 8-digit children have rates; the heading itself does not borrow them.
    expect(lookupHsn("9619")).toMatchObject({ gstRate: null });
    expect(lookupHsn("1234")).toBeNull();
  });
});

describe("searching the master", () => {
  it("by code prefix: the exact code first, then its sub-headings in code order", () => {
    const found = searchHsn("3305");
    expect(found[0]!.code).toBe("3305");
    expect(found.every((c) => c.code.startsWith("3305"))).toBe(true);
    expect(found.map((c) => c.code)).toEqual([...found.map((c) => c.code)].sort());
    expect(searchHsn("3305 10")[0]!.code).toBe("330510");
    expect(searchHsn("9983")[0]).toMatchObject({ code: "9983", kind: "services" });
    expect(searchHsn("00")).toEqual([]);
  });

  it("an exact 8-digit code comes first and alone", () => {
    expect(searchHsn("33051010").map((c) => c.code)).toEqual(["33051010"]);
  });

  it("by words in the description, whole-word matches and broader codes first", () => {
    const rice = searchHsn("rice");
    expect(rice[0]).toMatchObject({ code: "1006", description: "RICE" });
    expect(rice).toHaveLength(HSN_SEARCH_LIMIT);
    expect(searchHsn("horses")[0]!.code).toBe("010121");
    const shampoo = searchHsn("shampoo").map((c) => c.code);
    expect(shampoo).toEqual(expect.arrayContaining(["330510", "33051010", "33051090"]));
    expect(searchHsn("IT consulting")[0]!.code).toBe("998313");
  });

  it("finds codes by the plain words of Bahi's table and forgives a typo", () => {
    expect(searchHsn("laptop")[0]!.code).toBe("8471");
    expect(searchHsn("tooth powder")[0]!.code).toBe("33061010");
    expect(searchHsn("shampooo").map((c) => c.code)).toContain("330510");
  });

  it("finds nothing for nonsense, one letter or an empty query, and stays fast over 18k codes", () => {
    expect(searchHsn("zzzzqq")).toEqual([]);
    expect(searchHsn("x")).toEqual([]);
    expect(searchHsn("  ")).toEqual([]);
    searchHsn("warm up");
    const started = performance.now();
    for (const q of ["cotton shirt", "mobile phone", "steel", "other"]) searchHsn(q);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
