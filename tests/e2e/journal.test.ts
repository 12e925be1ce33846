import { describe, expect, it } from "vitest";
import { apiCall, appInBrowser, chooseIn, navLink, registerThroughUi, screenshot, visible } from "./support/browser.ts";

/**
 * Issue 11 in a real browser: the Ledger screen (Companies (Accounts) Rules 2014, Rule 3(1):
 * the audit trail of each change) lists the business's events with who did what, shows
 * today's head hash in full, verifies the chain, checks a noted head hash and filters by
 * record; on a phone it fits.
 */
describe("the Ledger screen", () => {
  const ui = appInBrowser();
  const owner = { firstName: "Kavya", lastName: "Nair", email: `kavya.ledger.${Date.now()}@example.in`, password: "rule-3-trail", company: "Nair Spices" };

  it("lists who did what, shows the head hash, verifies the chain and filters by record", async () => {
    await registerThroughUi(ui.page, ui.app.baseUrl, owner);
    await apiCall(ui.page, ui.app.baseUrl, "put", "/api/profile", { stateCode: "32" });
    await apiCall(ui.page, ui.app.baseUrl, "post", "/api/customers", { name: "Menon Traders", stateCode: "32" });
    await apiCall(ui.page, ui.app.baseUrl, "post", "/api/products", { name: "Cardamom 100 g", sku: "CARD-100", category: "Other", price: "250", stock: 40, gstRate: "5" });

    await navLink(ui.page, "Ledger").click();
    await ui.page.waitForURL(/\/ledger$/);
    await visible(ui.page.getByRole("heading", { name: "Ledger" }));
    const table = ui.page.getByRole("table", { name: "Ledger entries" });
    const customerRow = table.getByRole("row").filter({ hasText: "Menon Traders" });
    await visible(customerRow);
    await visible(customerRow.getByText("Kavya Nair"));
    await visible(customerRow.getByText("Owner", { exact: true }));
    await visible(customerRow.getByText("Customer added"));
    await visible(table.getByRole("row").filter({ hasText: "Cardamom 100 g" }));

    const head = await ui.page.request.get(`${ui.app.baseUrl}/api/ledger?limit=1`);
    const { head: expected } = (await head.json()) as { head: { seq: number; hash: string } };
    await visible(ui.page.getByText(`Today's head hash (event #${expected.seq}):`));
    expect(await ui.page.getByTestId("head-hash").innerText()).toBe(expected.hash);

    await ui.page.getByRole("button", { name: "Verify ledger" }).click();
    await visible(ui.page.getByRole("status").filter({ hasText: `Ledger verified: all ${expected.seq} events are intact and in order` }));

    // The auditor's later check of the head hash they noted.
    await ui.page.getByLabel("Event #").fill(String(expected.seq));
    await ui.page.getByLabel("Hash", { exact: true }).fill(expected.hash);
    await ui.page.getByRole("button", { name: "Check hash" }).click();
    await visible(ui.page.getByRole("status").filter({ hasText: `Matches: history up to event #${expected.seq} is unchanged` }));
    await ui.page.getByLabel("Hash", { exact: true }).fill("0".repeat(64));
    await ui.page.getByRole("button", { name: "Check hash" }).click();
    await visible(ui.page.getByRole("alert").filter({ hasText: `Does not match: event #${expected.seq} now has hash ${expected.hash}` }));

    await chooseIn(ui.page, ui.page, "Record", "Product");
    await visible(table.getByRole("row").filter({ hasText: "Cardamom 100 g" }));
    await ui.page.getByRole("row").filter({ hasText: "Menon Traders" }).waitFor({ state: "detached" });
    await screenshot(ui.page, "journal-01-ledger");

    const download = ui.page.waitForEvent("download");
    await ui.page.getByRole("button", { name: "Export JSONL" }).click();
    expect((await download).suggestedFilename()).toMatch(/^bahi-ledger-start-to-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(ui.pageErrors).toEqual([]);
  });

  it("fits a 390 px phone as cards", async () => {
    await ui.page.setViewportSize({ width: 390, height: 844 });
    await ui.page.reload();
    const cards = ui.page.getByRole("list", { name: "Ledger entries" });
    await visible(cards.getByRole("listitem").filter({ hasText: "Menon Traders" }));
    expect(await ui.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(ui.page, "journal-02-ledger-phone");
    await ui.page.setViewportSize({ width: 1366, height: 900 });
    expect(ui.pageErrors).toEqual([]);
  });
});
