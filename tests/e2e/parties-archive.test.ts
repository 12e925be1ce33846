import { gstinCheckCharacter } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 10 in a real browser: the invoice form shows the customer's balance and credit limit
 * and asks before going over it (SPEC creditLimit); a customer with invoices cannot be deleted,
 * is archived instead, leaves the invoice picker and comes back with Unarchive.
 */
describe("customer archive and credit limit", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Lakshmi", lastName: "Reddy", email: `lakshmi.reddy.${Date.now()}@example.in`, password: "archive-not-delete", company: "Reddy Stores" };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;

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

  const toast = (text: string | RegExp) => toastIn(page, text);
  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);
  const send = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(page, app.baseUrl, method, path, data);

  async function invoiceForm(quantity: string) {
    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await choose(dialog, "Customer", /Kumar Traders/);
    await choose(dialog, "Product 1", /Basmati Rice/);
    await dialog.getByLabel("Qty 1").fill(quantity);
    return dialog;
  }

  it("credit limit: the form shows balance and limit, and an invoice over it is created only after confirming", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Pune 411001" });
    await send("post", "/api/products", { name: "Basmati Rice 5kg", sku: "RICE-5", category: "Other", price: "1000.00", stock: 50, minStock: 1, gstRate: "5", hsnCode: "1006" });
    await send("post", "/api/customers", { name: "Kumar Traders", stateCode: "27", address: "Camp, Pune", creditLimit: "3000" });

    let dialog = await invoiceForm("2");
    await visible(dialog.getByTestId("customer-balance").getByText("Balance due ₹0.00 · Credit limit ₹3,000.00"));
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);

    dialog = await invoiceForm("1");
    await visible(dialog.getByTestId("customer-balance").getByText("Balance due ₹2,100.00 · Credit limit ₹3,000.00"));
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Over the customer's credit limit" });
    await visible(confirm.getByText(/what Kumar Traders owes you to ₹3,150.00/));
    await confirm.getByRole("button", { name: "Create anyway" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);
  });

  it("a customer with invoices is archived instead of deleted, leaves the picker, and comes back with Unarchive", async () => {
    await send("post", "/api/customers", { name: "Walk-in", stateCode: "27" });
    await navLink(page, "Customers").click();
    await page.getByRole("button", { name: "Delete Kumar Traders" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    const refused = page.getByRole("alertdialog", { name: "Kumar Traders cannot be deleted" });
    await visible(refused.getByText(/Kumar Traders has 2 invoices: archive it instead/));
    await refused.getByRole("button", { name: "Archive" }).click();
    await visible(toast("Kumar Traders archived"));
    await hidden(page.getByRole("article", { name: "Kumar Traders" }));

    // The invoice form's picker no longer offers it (Walk-in, added before archiving, still is).
    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const form = page.getByRole("dialog", { name: "Create New Invoice" });
    await form.getByRole("combobox", { name: "Customer", exact: true }).click();
    await visible(page.getByRole("option", { name: /Walk-in/ }));
    expect(await page.getByRole("option", { name: /Kumar Traders/ }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await hidden(form);
    await navLink(page, "Customers").click();

    const archivedSection = page.getByText("Archived (1)");
    await visible(archivedSection);
    await archivedSection.click();
    await page.getByRole("button", { name: "Unarchive" }).click();
    await visible(toast("Kumar Traders is back in your customers"));
    await visible(page.getByRole("article", { name: "Kumar Traders" }));
    expect(pageErrors).toEqual([]);
  });
});
