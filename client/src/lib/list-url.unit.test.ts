import { describe, expect, it } from "vitest";
import { isFiltered, listParamsOf, nextPageSearch, pageIndexOf, plainQueryOf, previousPageSearch, serverQueryOf, showingText, withFilters, without } from "./list-url.ts";

const KEYS = ["q", "status", "from", "to", "customerId", "sort"];

describe("a list's state in the URL (issue 10)", () => {
  it("reads the list's keys and the cursor, leaving out empty values and other keys", () => {
    expect(listParamsOf("?q=%20kumar%20&status=paid&from=&view=abc&cursor=c1", KEYS)).toEqual({ q: "kumar", status: "paid", cursor: "c1" });
    expect(listParamsOf("", KEYS)).toEqual({});
  });

  it("a new filter starts again on page one and keeps a dialog's key", () => {
    const onPage3 = "?status=paid&view=abc&cursor=c2&back=~%2Cc1";
    expect(withFilters(onPage3, { q: "zenith", status: undefined })).toBe("?view=abc&q=zenith");
    expect(withFilters("?q=a", { q: "  " })).toBe("");
  });

  it("never asks for a date range that ends before it starts: the bound just chosen wins", () => {
    expect(withFilters("?to=2026-04-10", { from: "2026-04-20" })).toBe("?from=2026-04-20");
    expect(withFilters("?from=2026-04-20", { to: "2026-04-10" })).toBe("?to=2026-04-10");
    expect(withFilters("?from=2026-04-01", { to: "2026-04-10" })).toBe("?from=2026-04-01&to=2026-04-10");
  });

  it("pages forward with the server's cursor and back through the pages before", () => {
    const page1 = "?status=unpaid";
    const page2 = nextPageSearch(page1, "c1");
    const page3 = nextPageSearch(page2, "c2");
    expect(listParamsOf(page3, KEYS)).toEqual({ status: "unpaid", cursor: "c2" });
    expect([pageIndexOf(page1), pageIndexOf(page2), pageIndexOf(page3)]).toEqual([0, 1, 2]);
    const back2 = previousPageSearch(page3);
    expect(listParamsOf(back2, KEYS)).toEqual({ status: "unpaid", cursor: "c1" });
    expect(pageIndexOf(back2)).toBe(1);
    const back1 = previousPageSearch(back2);
    expect(back1).toBe(page1);
    expect(previousPageSearch(back1)).toBe(page1);
  });

  it("a bookmarked page that lost its trail still counts as a later page", () => {
    expect(pageIndexOf("?cursor=c9")).toBe(1);
    expect(previousPageSearch("?cursor=c9&q=x")).toBe("?q=x");
  });

  it("sends the filters, the cursor and the page size, never the trail; the CSV gets the filters only", () => {
    expect(serverQueryOf({ status: "paid", q: "a b", cursor: "c1" }, 25)).toBe("cursor=c1&q=a+b&status=paid&limit=25");
    expect(plainQueryOf({ status: "paid", cursor: "c1" })).toBe("status=paid");
  });

  it("knows when a filter is set (the sort is not a filter)", () => {
    expect(isFiltered({ sort: "oldest" }, ["q", "status"])).toBe(false);
    expect(isFiltered({ status: "paid" }, ["q", "status"])).toBe(true);
  });

  it("says which rows are shown", () => {
    expect(showingText(0, 25, 25, 312)).toBe("Showing 1–25 of 312");
    expect(showingText(12, 25, 12, 312)).toBe("Showing 301–312 of 312");
    expect(showingText(0, 25, 0, 0)).toBe("No matches");
    // Issue 13: the server stopped counting a search's matches at its cap.
    expect(showingText(0, 25, 25, 1000, true)).toBe("Showing 1–25 of 1000+");
    expect(showingText(40, 25, 25, 1000, true)).toBe("Showing 1001–1025 of 1025+");
    expect(without("?new=1&q=a", ["new", "view"])).toBe("?q=a");
  });
});
