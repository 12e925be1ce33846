import { describe, expect, it } from "vitest";
import { toCurrency } from "to-words/en-IN";
import { amountInWords } from "./words.ts";

describe("amountInWords (GST.md §8.4)", () => {
  it("writes Indian numbering with rupees and paise", () => {
    expect(amountInWords(100_000_00)).toBe("One Lakh Rupees Only"); // ₹1,00,000
    expect(amountInWords(12_34_56_789_50)).toBe("Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees And Fifty Paise Only"); // ₹12,34,56,789.50
    expect(amountInWords(99)).toBe("Zero Rupees And Ninety Nine Paise Only"); // ₹0.99
    expect(amountInWords(100)).toBe("One Rupee Only");
    expect(amountInWords(101)).toBe("One Rupee And One Paisa Only");
    expect(amountInWords(0)).toBe("Zero Rupees Only");
    expect(amountInWords(1_180_00)).toBe("One Thousand One Hundred Eighty Rupees Only");
    expect(amountInWords(-2_50)).toBe("Minus Two Rupees And Fifty Paise Only");
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
  it("counts in crores from 100 crore up", () => {
    expect(amountInWords(100_00_00_000_00)).toBe("One Hundred Crore Rupees Only");
    // ₹12,345,06,78,901.01 = 12345 crore + 6,78,901 rupees + 1 paisa
    expect(amountInWords(12_345_06_78_901_01)).toBe("Twelve Thousand Three Hundred Forty Five Crore Six Lakh Seventy Eight Thousand Nine Hundred One Rupees And One Paisa Only");
    // The largest amount SPEC allows (15,2).
    expect(amountInWords(9_999_999_999_999_99)).toBe(
      "Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Rupees And Ninety Nine Paise Only",
    );
  });
  it("says exactly what to-words' own currency mode says below 100 crore", () => {
    const samples = [1, 5, 10, 99, 100, 101, 150, 1999, 10_000, 123_456, 100_000_00, 7_92_581_00, 97_53_10_864_07, 99_99_99_999_99];
    for (const paise of samples) {
      const rupees = Math.trunc(paise / 100);
      const fraction = String(paise % 100).padStart(2, "0");
      expect(amountInWords(paise)).toBe(toCurrency(`${rupees}.${fraction}`));
    }
  });
});
