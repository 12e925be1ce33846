import { financialYearOf, gstinCheckCharacter, indianDateOf, seriesNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 9 in a real browser: a composition trader says so in Settings, sells through the invoice
 * form without GST (a bill of supply from the BOS series, the Rule 5(1)(g) declaration on its
 * face) and sees its quarterly CMP-08 on the GST page instead of GSTR-1 and GSTR-3B.
 */
describe("a composition business", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Sunita",
    lastName: "Patil",
    email: `sunita.patil.${Date.now()}@example.in`,
    password: "composition-scheme",
    company: "Patil Kirana",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const number = seriesNumber("BOS", financialYearOf(indianDateOf(new Date())), 1);

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

  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);
  const send = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(page, app.baseUrl, method, path, data);
  const totalLine = (dialog: Locator, label: string) => dialog.getByRole("definition").and(page.getByLabel(label, { exact: true }));

  it("s.10: chooses Composition and its kind in Settings (the kind is required)", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Market Yard, Pune", pinCode: "411037" });
    // A fresh load, so the form shows the GSTIN just saved.
    await page.goto(`${app.baseUrl}/settings`);
    await visible(page.getByRole("heading", { name: "Settings" }));
    await choose(page, "GST Category", "Composition");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(page.getByText("Choose what kind of composition business you are"));
    await choose(page, "Composition business kind", /Trader/);
    await page.getByRole("button", { name: "Save Profile" }).click();

    await visible(toastIn(page, "Business profile saved"));
    await screenshot(page, "comp-01-settings");
  });

  it("Rule 5(1)(g): sells through the invoice form without GST and gets a bill of supply", async () => {
    await send("post", "/api/products", { name: "Hair oil", sku: "OIL-01", category: "Other", price: "1000.00", stock: 40, minStock: 1, gstRate: "18", hsnCode: "3305" });
    await send("post", "/api/customers", { name: "Joshi Stores", stateCode: "27", address: "FC Road, Pune 411004" });

    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await visible(dialog.getByPlaceholder(`${number} (next)`));
    await choose(dialog, "Customer", /Joshi Stores/);

    await choose(dialog, "Product 1", /Hair oil/);
    await dialog.getByLabel("Qty 1").fill("2");
    await visible(dialog.getByText(/as a composition business you do not charge GST/));
    await visible(totalLine(dialog, "Total").getByText("₹2,000.00"));
    await screenshot(page, "comp-02-form");
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toastIn(page, "Invoice created successfully"));
    await hidden(dialog);
    const row = page.getByRole("row", { name: number });
    await visible(row.getByText("₹2,000"));

    // The preview is the bill as the customer will see it: no tax columns, the declaration, no e-invoice.
    await page.getByRole("button", { name: `View ${number}` }).click();
    const preview = page.getByRole("dialog", { name: `Invoice ${number}` });

    await visible(preview.getByText("Bill of Supply preview"));
    await visible(preview.getByText("Composition taxable person, not eligible to collect tax on supplies"));
    await visible(preview.getByText("No GST charged on this bill"));
    expect(await preview.getByRole("columnheader", { name: "CGST" }).count()).toBe(0);
    expect(await preview.getByRole("button", { name: "E-invoice" }).count()).toBe(0);
    await screenshot(page, "comp-02b-bill");
    await page.keyboard.press("Escape");
    await hidden(preview);

    const invoices = (await (await page.request.get(`${app.baseUrl}/api/invoices`)).json()) as { invoiceNumber: string; documentType: string; gstAmount: string }[];
    expect(invoices).toEqual([expect.objectContaining({ invoiceNumber: number, documentType: "billOfSupply", gstAmount: "0.00" })]);
  });

  it("Rule 62: the GST page shows CMP-08 for the quarter instead of GSTR-1 and GSTR-3B", async () => {
    await navLink(page, "GST Compliance").click();
    await page.getByRole("tab", { name: "GST Returns" }).click();
    const card = page.getByRole("region", { name: "CMP-08" });
    await visible(card);
    // ₹2,000 of taxable sales at 0.5% CGST + 0.5% SGST.
    await visible(card.getByRole("row", { name: "Tax to pay in cash" }).getByText("₹10.00").first());
    await visible(card.getByText("Total to pay: ₹20.00"));
    expect(await page.getByRole("button", { name: "File GSTR-1" }).count()).toBe(0);
    await screenshot(page, "comp-03-cmp08");
    expect(pageErrors).toEqual([]);
  });
});
