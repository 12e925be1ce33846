import { financialYearOf, gstinCheckCharacter, indianDateOf, seriesNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, noToastsIn, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 9 in a real browser against `bahi start`: a Bengaluru business's invoices take the
 * consecutive numbers of its series (Rule 46(b)) without anyone typing one, a customer without
 * a GSTIN has to be given a state and one in Kerala pays IGST (s.10(1) IGST Act), an SEZ
 * customer pays IGST within the state (s.16 IGST Act), and a due date before the invoice date
 * is refused.
 */
describe("invoice numbering, dates and customer states", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Lakshmi",
    lastName: "Hegde",
    email: `lakshmi.hegde.${Date.now()}@example.in`,
    password: "series-without-gaps",
    company: "Hegde Handlooms",
  };
  const businessGstin = `29AAPFU0939F1Z${gstinCheckCharacter("29AAPFU0939F1Z")}`;
  const sezGstin = `29AABCI1681G1Z${gstinCheckCharacter("29AABCI1681G1Z")}`;
  const today = indianDateOf(new Date());
  /** The financial year of today in India, as the series writes it: "26-27". */
  const first = seriesNumber("INV", financialYearOf(today), 1);
  const second = seriesNumber("INV", financialYearOf(today), 2);
  /** The day before today, as a date input takes it. */
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

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
  const nav = (label: string) => navLink(page, label);
  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);
  const totalLine = (dialog: Locator, label: string) => dialog.getByRole("definition").and(page.getByLabel(label, { exact: true }));

  const api = <T>(path: string, data: unknown) => apiCall<T>(page, app.baseUrl, "post", path, data);

  it("sets up a Karnataka business with the default invoice prefix", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await visible(page.getByRole("definition").filter({ hasText: "29-Karnataka" }));
    await page.getByLabel("Business Address").fill("45 Chickpet, Bengaluru 560053");
    const prefix = page.getByLabel("Invoice Prefix");
    expect(await prefix.inputValue()).toBe("INV");
    await visible(page.getByText(`Invoices are numbered ${first}, 0002, … each financial year`));
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toast("Business profile saved"));

    await api("/api/products", {
      name: "Ilkal Saree",
      description: null,
      sku: "ILKAL-01",
      category: "Clothing",
      price: "2000.00",
      stock: 40,
      minStock: 1,
      gstRate: "5",
      hsnCode: "5208",
      isActive: true,
    });
  });

  it("asks a customer without a GSTIN for a state; a GSTIN fills and locks it and offers SEZ", async () => {
    await nav("Customers").click();
    await page.getByRole("button", { name: "Add Customer" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await dialog.getByLabel("Name").fill("Menon Stores");
    await dialog.getByLabel("Address", { exact: true }).fill("MG Road, Kochi 682016");
    // SEZ needs a GSTIN: without one the box is not offered.
    expect(await dialog.getByLabel("SEZ unit or developer").count()).toBe(0);
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await visible(dialog.getByText("Choose the customer's state"));
    await choose(dialog, "State", "32-Kerala");
    await screenshot(page, "num-01-customer-form");
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await visible(toast("Customer added successfully"));
    await hidden(dialog);
    await visible(page.getByRole("article", { name: "Menon Stores" }).getByText("32-Kerala"));
    await noToastsIn(page);

    await page.getByRole("button", { name: "Add Customer" }).first().click();
    await visible(dialog);
    await dialog.getByLabel("Name").fill("Whitefield Tech Park SEZ");
    await dialog.getByLabel("GST Number").fill(sezGstin);
    const state = dialog.getByRole("combobox", { name: "State" });
    await visible(state.getByText("29-Karnataka"));
    expect(await state.isDisabled()).toBe(true);
    await dialog.getByLabel("SEZ unit or developer").check();
    // Rule 46(d): a registered buyer's address is on every tax invoice to it.
    await dialog.getByLabel("Address", { exact: true }).fill("EPIP Zone, Whitefield, Bengaluru");
    await dialog.getByLabel("Shipping Address").fill("Block C, ITPL, Whitefield, Bengaluru 560066");
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await visible(toast("Customer added successfully"));
    await hidden(dialog);
    const card = page.getByRole("article", { name: "Whitefield Tech Park SEZ" });
    await visible(card.getByText("29-Karnataka"));
    await visible(card.getByText("SEZ", { exact: true }));
    await visible(card.getByText(/Block C, ITPL/));
    await noToastsIn(page);
  });

  it("numbers the first invoice from the series, charges the Kerala customer IGST and refuses a due date before the invoice date", async () => {
    await nav("Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await visible(dialog);
    const number = dialog.getByLabel("Invoice Number");
    expect(await number.inputValue()).toBe("");
    await visible(dialog.locator(`input[placeholder="${first} (next)"]`));
    expect(await dialog.getByLabel("Invoice Date").inputValue()).toBe(today);

    await choose(dialog, "Customer", /Menon Stores/);
    await visible(dialog.getByRole("combobox", { name: "Place of Supply" }).getByText("32-Kerala"));
    await choose(dialog, "Product 1", /Ilkal Saree/);
    await dialog.getByLabel("Qty 1").fill("3");
    await visible(dialog.getByText("Inter-state supply: IGST applies"));
    await visible(totalLine(dialog, "IGST").getByText("₹300.00"));
    expect(await totalLine(dialog, "CGST").count()).toBe(0);
    await visible(totalLine(dialog, "Total").getByText("₹6,300.00"));

    await dialog.getByLabel("Due Date").fill(yesterday);
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(dialog.getByText("Due date cannot be before the invoice date"));
    await dialog.getByLabel("Due Date").fill(today);
    await screenshot(page, "num-02-invoice-form");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);
    const row = page.getByRole("row", { name: first });
    await visible(row.getByText("Menon Stores"));
    await visible(row.getByText("₹6,300"));
    await noToastsIn(page);
  });

  it("gives the next invoice the next number: an SEZ customer in the same state pays IGST", async () => {
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await visible(dialog.locator(`input[placeholder="${second} (next)"]`));
    await choose(dialog, "Customer", /Whitefield Tech Park SEZ/);
    await visible(dialog.getByRole("combobox", { name: "Place of Supply" }).getByText("29-Karnataka"));
    await choose(dialog, "Product 1", /Ilkal Saree/);
    await visible(dialog.getByText("Supply to an SEZ: IGST applies (s.16 IGST Act)"));
    await visible(totalLine(dialog, "IGST").getByText("₹100.00"));
    expect(await totalLine(dialog, "CGST").count()).toBe(0);
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);
    await visible(page.getByRole("row", { name: second }).getByText("Whitefield Tech Park SEZ"));
    await visible(page.getByRole("row", { name: first }));

    // The server holds the same rule for anyone who skips the form.
    const customers = (await (await page.request.get(`${app.baseUrl}/api/customers`)).json()) as { id: string; name: string }[];
    const products = (await (await page.request.get(`${app.baseUrl}/api/products`)).json()) as { id: string }[];
    const response = await page.request.post(`${app.baseUrl}/api/invoices`, {
      data: {
        customerId: customers.find((customer) => customer.name === "Menon Stores")!.id,
        issueDate: today,
        dueDate: yesterday,
        placeOfSupply: "32",
        subtotal: "2000.00",
        gstAmount: "100.00",
        total: "2100.00",
        items: [{ productId: products[0]!.id, quantity: 1, price: "2000.00", gstRate: "5", amount: "2100.00" }],
      },
    });
    expect(response.status()).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Due date cannot be before the invoice date");
    expect(pageErrors).toEqual([]);
  });
});
