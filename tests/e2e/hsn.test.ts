import { gstinCheckCharacter } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 9 in a real browser: the official HSN/SAC list searched from GST Tools, and a product
 * given its code by searching words in the product form (Rule 46(g)), with the digits
 * Notification 78/2020 asks of the business's turnover band.
 */
describe("HSN/SAC codes", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const owner = { firstName: "Meera", lastName: "Iyer", email: `meera.iyer.${Date.now()}@example.in`, password: "hsn-codes-please", company: "Iyer Beauty Stores" };

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

  it("Rule 46(g): GST Tools finds codes by words and by digits, with the rate where Bahi knows it", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await apiCall(page, app.baseUrl, "put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin });
    await navLink(page, "GST Compliance").click();
    await page.getByRole("tab", { name: "GST Tools" }).click();
    const finder = page.getByRole("region", { name: "HSN/SAC Finder" });
    await finder.getByLabel("Product, service or code").fill("shampoo");
    const shampoos = finder.getByRole("row", { name: /^330510 Shampoos/ });
    await visible(shampoos.getByText("Under Preparations for use on the hair"));
    await visible(shampoos.getByText("5%"));
    await visible(shampoos.getByText("Goods"));
    await finder.getByLabel("Product, service or code").fill("9983");
    await visible(finder.getByRole("row", { name: /^998314 / }).getByText("Services", { exact: true }));
    await finder.getByLabel("Product, service or code").fill("rice");
    await visible(finder.getByRole("row", { name: /^1006 Rice/ }).getByText("Rate not in Bahi's list"));
    await screenshot(page, "hsn-01-gst-tools-finder");
  });

  it("Notification 78/2020: a product's code is picked by searching words, its description shown and its rate offered", async () => {
    await navLink(page, "Inventory").click();
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.getByLabel("Product Name").fill("Herbal shampoo");
    await dialog.getByLabel("SKU").fill("SHAMPOO-1");
    await dialog.getByRole("combobox", { name: "Category", exact: true }).click();
    await page.getByRole("option", { name: "Other" }).click();
    // The category list gives focus back to its button as it closes; on a loaded machine that can
    // come after the HSN field was typed in, and the field's list closes on blur. Wait it out.
    await hidden(page.getByRole("option", { name: "Other" }));
    await dialog.getByLabel("Price (₹)").fill("250");
    await dialog.getByLabel("HSN Code").fill("shampoo");
    await visible(page.getByRole("listbox", { name: "Matching HSN codes" }));
    await screenshot(page, "hsn-02a-product-search");
    await page.getByRole("option", { name: /^330510 / }).click();
    expect(await dialog.getByLabel("HSN Code").inputValue()).toBe("330510");
    await visible(dialog.getByLabel("HSN description").getByText("Shampoos"));
    await dialog.getByRole("button", { name: "Use 5%" }).click();
    await visible(dialog.getByRole("combobox", { name: "GST Rate" }).getByText("5%"));
    await screenshot(page, "hsn-02-product-picker");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await visible(toastIn(page, "Product added successfully"));
    await hidden(dialog);
    const products = (await (await page.request.get(`${app.baseUrl}/api/products`)).json()) as { hsnCode: string; kind: string; gstRate: string }[];
    expect(products[0]).toMatchObject({ hsnCode: "330510", kind: "goods", gstRate: "5" });

    // A service takes a SAC; typing an HSN with "Services" chosen is explained before it is saved.
    await page.getByRole("button", { name: "Add Product" }).first().click();
    await dialog.getByRole("radio", { name: /Services/ }).click();
    await visible(dialog.getByLabel("SAC Code"));
    await dialog.getByLabel("SAC Code").fill("998314");
    await visible(dialog.getByLabel("SAC description").getByText(/design and development/));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);
  });

  it("Notification 78/2020: above ₹5 crore (Settings), a 4-digit code is refused and 6 digits are asked for", async () => {
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    // The form shows the profile as this page loaded it (the API call above is not in its cache).
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await page.getByLabel("Turnover last year above ₹5 crore").check();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toastIn(page, "Business profile saved"));
    await navLink(page, "Inventory").click();
    await page.getByRole("button", { name: "Add Product" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await visible(dialog.getByText(/Type the code \(at least 6 digits\)/));
    await dialog.getByLabel("Product Name").fill("Conditioner");
    await dialog.getByLabel("SKU").fill("COND-1");
    await dialog.getByRole("combobox", { name: "Category", exact: true }).click();
    await page.getByRole("option", { name: "Other" }).click();
    await dialog.getByLabel("Price (₹)").fill("300");
    await dialog.getByLabel("HSN Code").fill("3305");
    await dialog.getByRole("button", { name: "Add Product" }).click();
    await visible(dialog.getByText(/HSN code must have at least 6 digits for a business with turnover above ₹5 crore/));
    await screenshot(page, "hsn-03-six-digits-above-5-crore");
    expect(pageErrors).toEqual([]);
  });
});
