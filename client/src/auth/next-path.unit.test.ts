import { describe, expect, it } from "vitest";
import { nextPathFrom, withNext } from "./next-path.ts";

describe("nextPathFrom", () => {
  it("follows a path of this app", () => {
    expect(nextPathFrom("?next=%2Finvite%2Fabc.def.ghi")).toBe("/invite/abc.def.ghi");
  });

  it("refuses anything that would leave the app", () => {
    for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "invite/x", ""]) {
      expect(nextPathFrom(`?next=${encodeURIComponent(next)}`)).toBeNull();
    }
    expect(nextPathFrom("")).toBeNull();
  });

  it("round-trips through withNext", () => {
    const link = withNext("/login", "/invite/a.b.c");
    expect(nextPathFrom(link.slice(link.indexOf("?")))).toBe("/invite/a.b.c");
    expect(withNext("/login", null)).toBe("/login");
  });
});
