import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, visible } from "./support/browser.ts";

/**
 * Issue 11 in a real browser: the Ledger screen (Companies (Accounts) Rules 2014, Rule 3(1):
 * the audit trail of each change) lists the business's events with who did what, shows
 * today's head hash in full, verifies the chain, checks a noted head hash and filters by
 * record; on a phone it fits.
 */
describe("the Ledger screen", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Kavya", lastName: "Nair", email: `kavya.ledger.${Date.now()}@example.in`, password: "rule-3-trail", company: "Nair Spices" };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await newAppPage(browser, pageErrors));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it("lists who did what, shows the head hash, verifies the chain and filters by record", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await apiCall(page, app.baseUrl, "put", "/api/profile", { stateCode: "32" });
    await apiCall(page, app.baseUrl, "post", "/api/customers", { name: "Menon Traders", stateCode: "32" });
    await apiCall(page, app.baseUrl, "post", "/api/products", { name: "Cardamom 100 g", sku: "CARD-100", category: "Other", price: "250", stock: 40, gstRate: "5" });

    await navLink(page, "Ledger").click();
    await page.waitForURL(/\/ledger$/);
    await visible(page.getByRole("heading", { name: "Ledger" }));
    const table = page.getByRole("table", { name: "Ledger entries" });
    const customerRow = table.getByRole("row").filter({ hasText: "Menon Traders" });
    await visible(customerRow);
    await visible(customerRow.getByText("Kavya Nair"));
    await visible(customerRow.getByText("Owner", { exact: true }));
    await visible(customerRow.getByText("Customer added"));
    await visible(table.getByRole("row").filter({ hasText: "Cardamom 100 g" }));

    const head = await page.request.get(`${app.baseUrl}/api/ledger?limit=1`);
    const { head: expected } = (await head.json()) as { head: { seq: number; hash: string } };
    await visible(page.getByText(`Today's head hash (event #${expected.seq}):`));
    expect(await page.getByTestId("head-hash").innerText()).toBe(expected.hash);

    await page.getByRole("button", { name: "Verify ledger" }).click();
    await visible(page.getByRole("status").filter({ hasText: `Ledger verified: all ${expected.seq} events are intact and in order` }));

    // The auditor's later check of the head hash they noted.
    await page.getByLabel("Event #").fill(String(expected.seq));
    await page.getByLabel("Hash", { exact: true }).fill(expected.hash);
    await page.getByRole("button", { name: "Check hash" }).click();
    await visible(page.getByRole("status").filter({ hasText: `Matches: history up to event #${expected.seq} is unchanged` }));
    await page.getByLabel("Hash", { exact: true }).fill("0".repeat(64));
    await page.getByRole("button", { name: "Check hash" }).click();
    await visible(page.getByRole("alert").filter({ hasText: `Does not match: event #${expected.seq} now has hash ${expected.hash}` }));

    await chooseIn(page, page, "Record", "Product");
    await visible(table.getByRole("row").filter({ hasText: "Cardamom 100 g" }));
    await page.getByRole("row").filter({ hasText: "Menon Traders" }).waitFor({ state: "detached" });
    await screenshot(page, "journal-01-ledger");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export JSONL" }).click();
    expect((await download).suggestedFilename()).toMatch(/^bahi-ledger-start-to-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(pageErrors).toEqual([]);
  });

  it("fits a 390 px phone as cards", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const cards = page.getByRole("list", { name: "Ledger entries" });
    await visible(cards.getByRole("listitem").filter({ hasText: "Menon Traders" }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "journal-02-ledger-phone");
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
