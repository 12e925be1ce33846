import { describe, expect, it } from "vitest";
import { formatETag, parseIfMatch, revisionOfETag } from "./revision.ts";

describe("revisions on the wire (issue 12)", () => {
  it("If-Match takes a quoted revision, bare digits or *", () => {
    expect(parseIfMatch('"3"')).toBe(3);
    expect(parseIfMatch(" 12 ")).toBe(12);
    expect(parseIfMatch("*")).toBe("*");
    expect(parseIfMatch(formatETag(0))).toBe(0);
  });

  it("anything else is not a revision: a weak tag, a list, a sign, words, too many digits", () => {
    for (const value of ['W/"3"', '"1", "2"', '"-1"', "abc", '""', "", "1".repeat(16)]) expect(parseIfMatch(value), value).toBeNull();
  });

  it("an ETag names its revision, or none", () => {
    expect(revisionOfETag('"7"')).toBe(7);
    expect(revisionOfETag("*")).toBeNull();
    expect(revisionOfETag(null)).toBeNull();
  });
});
