import { describe, expect, it } from "vitest";
import { hsnRateText, readableHsnDescription } from "./hsn-text.ts";

describe("HSN master text for shop owners", () => {
  it("shows capitalised master text in sentence case and leaves mixed case alone", () => {
    expect(readableHsnDescription("SHAMPOOS: CONTAINING SPIRIT")).toBe("Shampoos: containing spirit");
    expect(readableHsnDescription("Information technology (IT) consulting")).toBe("Information technology (IT) consulting");
  });

  it("names a missing rate instead of showing 0%", () => {
    expect(hsnRateText("5")).toBe("5%");
    expect(hsnRateText(null)).toBe("Rate not in Bahi's list");
  });
});
