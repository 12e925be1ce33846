import { describe, expect, it } from "vitest";
import { registrationTypeOf, validateGstin } from "./gstin.ts";

describe("validateGstin: regular GSTINs", () => {
  it("accepts the python-stdnum doctest GSTIN and decodes it", () => {
    // Check character by hand (GST.md §1.2): weights 1,2,1,2… over "27AAPFU0939F1Z",
    // products folded as p div 36 + p mod 36: 2+14+10+20+25+30+30+0+9+6+9+30+1+35 = 221;
    // 221 mod 36 = 5; (36 − 5) mod 36 = 31 → "V".
    expect(validateGstin("27AAPFU0939F1ZV")).toEqual({
      valid: true,
      gstin: "27AAPFU0939F1ZV",
      registrationType: "regular",
      stateCode: "27",
      stateName: "Maharashtra",
      pan: "AAPFU0939F",
      holderType: "firm", // PAN 4th letter F
    });
  });

  it("accepts India Compliance's test GSTINs and trims / upper-cases the input", () => {
    expect(validateGstin("29AABCR1718E1ZL")).toMatchObject({ valid: true, stateName: "Karnataka", holderType: "company" });
    expect(validateGstin("05AAACG2115R1ZN")).toMatchObject({ valid: true, stateName: "Uttarakhand", holderType: "company" });
    expect(validateGstin("  27aapfu0939f1zv ")).toMatchObject({ valid: true, gstin: "27AAPFU0939F1ZV" });
  });

  it("says exactly what is wrong", () => {
    expect(validateGstin("27AAPFU0939F1ZO")).toEqual({
      valid: false,
      error: "GSTIN check character is wrong: the 15th character should be V, not O",
    });
    expect(validateGstin("27AAPFU0939F1Z")).toEqual({ valid: false, error: 'GSTIN must be 15 characters; "27AAPFU0939F1Z" has 14' });
    expect(validateGstin("39AAPFU0939F1ZQ")).toEqual({ valid: false, error: "GSTIN state code 39 is not an allotted state code" });
    // 25 (Daman and Diu) and 28 (undivided Andhra Pradesh) are retired; 96 is only a place of supply.
    expect(validateGstin("25AAPFU0939F1ZV")).toMatchObject({ error: "GSTIN state code 25 is not an allotted state code" });
    expect(validateGstin("96AAPFU0939F1ZV")).toMatchObject({ error: "GSTIN state code 96 is not an allotted state code" });
    expect(validateGstin("")).toEqual({ valid: false, error: "GSTIN is required" });
    expect(validateGstin(null)).toEqual({ valid: false, error: "GSTIN is required" });
    expect(validateGstin("27AAPFU-939F1ZV")).toEqual({ valid: false, error: "GSTIN may contain only letters A–Z and digits 0–9" });
    expect(validateGstin("AAAAPFU0939F1ZV")).toEqual({ valid: false, error: 'GSTIN must start with a two-digit state code; got "AA"' });
    expect(validateGstin("27AAPF10939F1ZV")).toEqual({
      valid: false,
      error: 'GSTIN characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter); got "AAPF10939F"',
    });
    // India Compliance's sandbox GSTINs have 0 as the 13th character: not a real GSTIN.
    expect(validateGstin("02AMBPG7773M002")).toEqual({
      valid: false,
      error: "GSTIN 13th character (the registration number for this PAN in the state) must be 1–9 or A–Z, not 0",
    });
    expect(validateGstin("27AAPFU0939F1YV")).toEqual({
      valid: false,
      error: 'GSTIN 14th character must be Z (or 1–9, A, B, D–J; C for e-commerce operators); got "Y"',
    });
  });

  it("rejects a PAN with an unknown holder type or the serial 0000 (python-stdnum's rules)", () => {
    // Check characters are right (U and J), so only the PAN is at fault.
    expect(validateGstin("27AAPXU0939F1ZU")).toEqual({
      valid: false,
      error: 'The PAN in this GSTIN (AAPXU0939F) has an unknown holder type "X" as its 4th character (expected one of P, C, H, F, A, T, B, L, J, G, K)',
    });
    expect(validateGstin("27AAPFU0000F1ZJ")).toEqual({
      valid: false,
      error: "The PAN in this GSTIN (AAPFU0000F) has the serial number 0000, which is never issued",
    });
  });
});

describe("validateGstin: other registration types", () => {
  it("recognises TDS GSTINs (a TAN inside, 14th character D)", () => {
    // By hand over "07DELS12345A1D": 0+14+13+28+21+(56→1+20=21)+1+4+3+8+5+20+1+26 = 165;
    // 165 mod 36 = 21; 36 − 21 = 15 → "F".
    expect(validateGstin("07DELS12345A1DF")).toEqual({
      valid: true,
      gstin: "07DELS12345A1DF",
      registrationType: "tds",
      stateCode: "07",
      stateName: "Delhi",
      pan: null,
      holderType: null,
    });
  });

  it("recognises TCS GSTINs (e-commerce operators, 14th character C) and keeps their PAN", () => {
    // The first 13 characters are the stdnum example's (sum 221 − 35 for its "Z" = 186);
    // C = 12 at weight 2 → 24; 186 + 24 = 210; 210 mod 36 = 30; 36 − 30 = 6 → "6".
    expect(validateGstin("27AAPFU0939F1C6")).toMatchObject({ valid: true, registrationType: "tcs", pan: "AAPFU0939F", holderType: "firm" });
  });

  it("recognises UIN, OIDAR, NRI and government IDs", () => {
    expect(validateGstin("0717USA00001UNB")).toMatchObject({ valid: true, registrationType: "uin", stateCode: "07", pan: null });
    expect(validateGstin("9917USA00001OSU")).toMatchObject({ valid: true, registrationType: "oidar", stateName: "Centre Jurisdiction" });
    expect(validateGstin("0717USA00001NRA")).toMatchObject({ valid: true, registrationType: "nri" });
    expect(validateGstin("07ABCD12345E3Z9")).toMatchObject({ valid: true, registrationType: "government", holderType: null });
    expect(validateGstin("0717USA00001UNC")).toMatchObject({ valid: false, error: "GSTIN check character is wrong: the 15th character should be B, not C" });
  });

  it("classifies a 14th character D as TDS, as India Compliance does (TDS is tried before regular)", () => {
    expect(registrationTypeOf("27AAPFU0939F1D4")).toBe("tds");
    expect(validateGstin("27AAPFU0939F1D4")).toMatchObject({ valid: true, registrationType: "tds", pan: null });
  });
});
