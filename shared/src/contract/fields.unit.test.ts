import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateField, EARLIEST_DATE, isSafeText, LATEST_DATE, optionalDateField, optionalText, requiredText, UNSAFE_TEXT_MESSAGE } from "./fields.ts";
import { indianDateOf } from "./gst/indiaDate.ts";
import { expenseInputSchema, invoiceCreateSchema } from "./index.ts";

const issueDate = dateField("Issue date");

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error!.issues[0]!.message;
}

describe("dateField: real calendar dates and ISO instants, in range", () => {
  it.each([
    ["2025-02-30", "Issue date is not a real calendar date: 2025-02-30"],
    ["2025-13-01", "Issue date is not a real calendar date: 2025-13-01"],
    ["2025-00-10", "Issue date is not a real calendar date: 2025-00-10"],
    ["2023-02-29", "Issue date is not a real calendar date: 2023-02-29"],
    ["0000-01-01", "Issue date is not a real calendar date: 0000-01-01"],
    ["1999-12-31", `Issue date must be between ${EARLIEST_DATE} and ${LATEST_DATE}`],
    ["2100-01-01", `Issue date must be between ${EARLIEST_DATE} and ${LATEST_DATE}`],
    ["2025-01-01T25:00Z", "Issue date has a time that does not exist: 2025-01-01T25:00Z"],
    ["2025-01-01T10:60:00Z", "Issue date has a time that does not exist: 2025-01-01T10:60:00Z"],
    ["2025-01-01T10:00:00+15:00", "Issue date has a time zone offset that does not exist: 2025-01-01T10:00:00+15:00"],
  ])("refuses %s, naming the field", (input, message) => {
    expect(firstMessage(issueDate.safeParse(input))).toBe(message);
  });

  it.each(["2025-01-01 GMT", "2025-01-01T10:00", "2025-1-1", "01/02/2025", "20250101", "2025-01-01T10:00:00+0530", "2025-01-01\u0000"])("refuses the shape %j", (input) => {
    expect(firstMessage(issueDate.safeParse(input))).toMatch(/^Issue date must be a date like 2025-10-14/);
  });

  it("says a missing or empty date is required", () => {
    expect(firstMessage(issueDate.safeParse(""))).toBe("Issue date is required");
    expect(firstMessage(issueDate.safeParse("  "))).toBe("Issue date is required");
    expect(firstMessage(issueDate.safeParse(undefined))).toBe("Issue date is required");
  });

  it("refuses what is not text at all", () => {
    expect(firstMessage(issueDate.safeParse(20250101))).toBe("Issue date must be a date like 2025-10-14");
    expect(firstMessage(issueDate.safeParse({ date: "2025-01-01" }))).toBe("Issue date must be a date like 2025-10-14");
  });

  it.each(["2024-02-29", "2000-01-01", "2099-12-31", "2025-10-14T09:30:00+05:30", "2025-10-14T04:00:00.123456789Z", "2025-10-14T04:00Z", "2025-10-14T23:59:59-12:00"])(
    "accepts %s as sent",
    (input) => {
      expect(issueDate.parse(input)).toBe(input);
    },
  );

  it("optional dates: absent, null and empty are null; a bad one is refused", () => {
    const due = optionalDateField("Due date");
    expect(due.parse(undefined)).toBeNull();
    expect(due.parse(null)).toBeNull();
    expect(due.parse("")).toBeNull();
    expect(due.parse("2025-03-01")).toBe("2025-03-01");
    expect(due.safeParse("2025-02-30").success).toBe(false);
    expect(due.safeParse(7).success).toBe(false);
    // Inside an object an optional date may be left out altogether.
    expect(z.object({ due }).parse({})).toEqual({ due: null });
  });

  it("the invoice and expense schemas use it, and the error names the field", () => {
    const invoice = invoiceCreateSchema.safeParse({
      customerId: "c",
      invoiceNumber: "INV-1",
      dueDate: "2025-02-30",
      subtotal: 1,
      gstAmount: 0,
      total: 1,
      items: [{ productId: "p", quantity: 1, price: 1, gstRate: 0, amount: 1 }],
    });
    expect(invoice.success).toBe(false);
    expect(invoice.error!.issues).toEqual([expect.objectContaining({ path: ["dueDate"], message: "Due date is not a real calendar date: 2025-02-30" })]);
    const expense = expenseInputSchema.safeParse({ category: "Travel", description: "Taxi", amount: "100", date: "2025-01-01 GMT", vendorInvoiceDate: "0000-01-01" });
    expect(expense.success).toBe(false);
    expect(Object.fromEntries(expense.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      date: expect.stringMatching(/^Date must be a date like/),
      vendorInvoiceDate: "Vendor invoice date is not a real calendar date: 0000-01-01",
    });
  });

  /** Date-shaped strings with every part drawn wide, so that near-misses are common. */
  const twoDigits = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
  const dateLike = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")),
      twoDigits,
      twoDigits,
      fc.option(
        fc.tuple(
          twoDigits,
          twoDigits,
          fc.option(twoDigits),
          fc.option(fc.stringMatching(/^\.\d{1,12}$/)),
          fc.constantFrom("Z", "z", "+05:30", "-12:00", "+14:00", "+99:99", "+0530", "", " GMT", "+05"),
        ),
        { nil: undefined },
      ),
      fc.constantFrom("", " ", "T", "\u0000"),
    )
    .map(([year, month, day, time, tail]) => {
      const date = `${year}-${month}-${day}`;
      if (!time) return date + tail;
      const [hours, minutes, seconds, fraction, zone] = time;
      return `${date}T${hours}:${minutes}${seconds === null ? "" : `:${seconds}${fraction ?? ""}`}${zone}`;
    });

  it("whatever it accepts, indianDateOf accepts, inside the range (projections can never throw on a stored date)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          dateLike,
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        (input) => {
          const parsed = issueDate.safeParse(input);
          if (!parsed.success) return;
          const indian = indianDateOf(parsed.data);
          expect(indian >= EARLIEST_DATE && indian <= LATEST_DATE).toBe(true);
        },
      ),
      { numRuns: 20_000, seed: 7 },
    );
  });

  it("accepts every real date in the range, and every instant whose Indian date is in it", () => {
    const inRange = fc.date({ min: new Date("2000-01-01T00:00:00+05:30"), max: new Date("2099-12-31T23:59:59.999+05:30"), noInvalidDate: true });
    fc.assert(
      fc.property(inRange, (instant) => {
        expect(issueDate.safeParse(instant.toISOString()).success).toBe(true);
        expect(issueDate.safeParse(indianDateOf(instant)).success).toBe(true);
      }),
      { numRuns: 5_000, seed: 11 },
    );
  });
});

describe("text fields refuse what no store can hold", () => {
  it.each([
    ["NUL", "Asha\u0000"],
    ["a C0 control", "Asha\u0007Rao"],
    ["escape", "\u001b[31mred"],
    ["a lone high surrogate", "Asha\uD83D"],
    ["a lone low surrogate", "\uDE00Asha"],
    ["surrogates in the wrong order", "\uDE00\uD83D"],
  ])("%s", (_name, input) => {
    expect(isSafeText(input)).toBe(false);
    expect(firstMessage(requiredText("Name is required").safeParse(input))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(firstMessage(optionalText().safeParse(input))).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it("keeps tabs, newlines, emoji and Indian scripts", () => {
    for (const text of ["Line 1\nLine 2\r\n\tindented", "Rao & Sons 😀", "राव स्टोर्स", "ராவ்"]) {
      expect(isSafeText(text)).toBe(true);
      expect(optionalText(2000).parse(text)).toBe(text.trim());
    }
  });

  it("agrees with the definition over generated strings", () => {
    const unsafe = (text: string) => {
      for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        if (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) return true;
        if (unit >= 0xd800 && unit <= 0xdbff) {
          const next = text.charCodeAt(i + 1);
          if (next >= 0xdc00 && next <= 0xdfff) i++;
          else return true;
        } else if (unit >= 0xdc00 && unit <= 0xdfff) return true;
      }
      return false;
    };
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom("\uD83D", "\uDE00", "\u0000", "\t", "a", "😀"),
            fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
          ),
        }),
        (text) => {
          expect(isSafeText(text)).toBe(!unsafe(text));
        },
      ),
      { numRuns: 5_000, seed: 3 },
    );
  });
});
