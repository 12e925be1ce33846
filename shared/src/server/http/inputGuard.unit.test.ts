import { describe, expect, it } from "vitest";
import { MAX_INPUT_DEPTH, unsafeInputProblems } from "./inputGuard.ts";

describe("unsafeInputProblems", () => {
  it("finds NUL and lone surrogates in values and keys at any depth, with their paths", () => {
    const body = { name: "ok", items: [{ productId: "p\u0000" }], notes: { deep: ["\uD800"] }, ["k\u0001"]: 1 };
    const problems = unsafeInputProblems(body, "");
    expect(problems.map((p) => p.path.join(".")).sort()).toEqual(["", "items.0.productId", "notes.deep.0"]);
    expect(problems.find((p) => p.path.join(".") === "items.0.productId")!.message).toMatch(/^items\.0\.productId: Contains a control character/);
  });

  it("passes ordinary input, including tabs, newlines and emoji", () => {
    expect(unsafeInputProblems({ a: "x\ty\nz", b: ["😀", 1, null, true], c: { d: "राव" } }, "")).toEqual([]);
    expect(unsafeInputProblems(undefined, "")).toEqual([]);
  });

  it("refuses nesting deeper than the limit without overflowing the stack", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const problems = unsafeInputProblems(deep, "");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toBe(`The input nests deeper than ${MAX_INPUT_DEPTH} levels`);
  });

  it("names the query when the problem is in the query string", () => {
    expect(unsafeInputProblems({ q: ["ok", "\u0000"] }, "query")).toEqual([expect.objectContaining({ path: ["query", "q", "1"] })]);
  });
});
