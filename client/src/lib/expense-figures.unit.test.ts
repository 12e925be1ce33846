import { describe, expect, it } from "vitest";
import { expenseTaxHeads } from "./expense-figures.ts";

describe("the GST heads shown in the table", () => {
  it("says IGST or CGST + SGST, or nothing without GST", () => {
    expect(expenseTaxHeads({ igstAmount: "18.00", cgstAmount: "0.00", sgstAmount: "0.00" })).toBe("IGST");
    expect(expenseTaxHeads({ igstAmount: "0.00", cgstAmount: "9.00", sgstAmount: "9.00" })).toBe("CGST + SGST");
    expect(expenseTaxHeads({ igstAmount: "0.00", cgstAmount: "0.00", sgstAmount: "0.00" })).toBeNull();
  });
});
