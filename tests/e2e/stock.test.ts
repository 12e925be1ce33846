import { gstinCheckCharacter } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, noToastsIn, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 9 in a real browser: a product sold by the kilo (unit KGS from the searchable list),
 * an invoice for 2.5 kg, a sale beyond stock refused next to the item, and the Settings
 * switch that allows it.
 */
describe("units of measure and stock", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Lakshmi",
    lastName: "Iyer",
    email: `lakshmi.iyer.${Date.now()}@example.in`,
    password: "kilos-and-grams",
    company: "Iyer Provisions",
  };
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
  const rice = async () =>
    ((await (await page.request.get(`${app.baseUrl}/api/products`)).json()) as { name: string; stock: number; unit: string }[]).find((p) => p.name === "Basmati Rice")!;

  async function invoiceFor(quantity: string) {
    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await choose(dialog, "Customer", /Iyer Mess/);
    await choose(dialog, "Product 1", /Basmati Rice/);
    await dialog.getByLabel("Qty 1").fill(quantity);
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    return dialog;
  }

  it("adds rice sold by the kilo, picking KGS from the unit list by typing", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Matunga, Mumbai", pinCode: "400019" });
    await send("post", "/api/customers", { name: "Iyer Mess", stateCode: "27", address: "King's Circle, Mumbai" });
    // The profile was set behind the page's back: load it afresh.
    await page.reload();

    await navLink(page, "Inventory").click();
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await visible(dialog);
    await dialog.getByLabel("Product Name").fill("Basmati Rice");
    await dialog.getByLabel("SKU").fill("RICE-KG");
    await choose(dialog, "Category", "Other");
    await dialog.getByLabel("Price (₹)").fill("80");
    await dialog.getByLabel("Opening Stock").fill("10");
    const unit = dialog.getByRole("combobox", { name: "Unit" });
    expect(await unit.inputValue()).toBe("NOS – Numbers");
    await unit.fill("kilo");
    await page.getByRole("option", { name: /KGS\s*Kilograms/ }).click();
    expect(await unit.inputValue()).toBe("KGS – Kilograms");
    await visible(dialog.getByText("Sold in measures: quantities like 2.5 are allowed"));
    await screenshot(page, "stock-01-unit-picker");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await visible(toast("Product added successfully"));
    await hidden(dialog);
    await visible(page.getByRole("row", { name: /Basmati Rice/ }).getByText("10 KGS"));
    expect(await rice()).toMatchObject({ unit: "KGS", stock: 10 });
    await noToastsIn(page);
  });

  it("Rule 46(g): bills 2.5 kg at ₹80 (₹200 + 18%) and stock falls to 7.5 KGS", async () => {
    const dialog = await invoiceFor("2.5");
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);
    expect(await rice()).toMatchObject({ stock: 7.5 });
    const created = (await (await page.request.get(`${app.baseUrl}/api/invoices`)).json()) as {
      items: { quantity: number; unit: string; taxableValue: string }[];
      total: string;
    }[];
    expect(created[0]).toMatchObject({ total: "236.00", items: [{ quantity: 2.5, unit: "KGS", taxableValue: "200.00" }] });
    await noToastsIn(page);
  });

  it('refuses 8 kg with "Only 7.5 in stock" next to the item, then sells it once Settings allows it', async () => {
    const dialog = await invoiceFor("8");
    await visible(dialog.getByText(/^Only 7\.5 in stock for Basmati Rice: this invoice needs 8 KGS/));
    await visible(toast("Failed to create invoice"));
    await screenshot(page, "stock-02-only-in-stock");
    expect(await rice()).toMatchObject({ stock: 7.5 });
    await noToastsIn(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("Allow selling more than in stock").check();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toast("Business profile saved"));
    await noToastsIn(page);

    const again = await invoiceFor("8");
    await visible(toast("Invoice created successfully"));
    await hidden(again);
    expect(await rice()).toMatchObject({ stock: -0.5 });
    expect(pageErrors).toEqual([]);
  });
});
