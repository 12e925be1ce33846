import { readFile } from "node:fs/promises";
import { gstinCheckCharacter, indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 9: the business gives its bank account and UPI id in Settings; the invoice's preview
 * downloads the 80 mm thermal receipt beside the A4 PDF, with a UPI QR for the amount due.
 */
describe("the invoice document: bank details and the thermal receipt", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Farida", lastName: "Shaikh", email: `farida.shaikh.${Date.now()}@example.in`, password: "receipts-on-thermal", company: "Shaikh Provisions" };
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

  const api = <T>(path: string, data: unknown) => apiCall<T>(page, app.baseUrl, "post", path, data);

  it("saves bank details and a UPI id in Settings, refusing a malformed IFSC", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await page.getByLabel("Business Address").fill("7 Mohammed Ali Road, Mumbai 400003");
    await page.getByLabel("Bank Name").fill("State Bank of India");
    await page.getByLabel("Account Number").fill("30123456789");
    await page.getByLabel("IFSC").fill("SBIN1001234");
    await page.getByLabel("UPI ID").fill("shaikhprovisions@oksbi");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(page.getByText(/IFSC must be 11 characters/));
    await page.getByLabel("IFSC").fill("SBIN0001234");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toastIn(page, "Business profile saved"));
    await page.reload();
    expect(await page.getByLabel("UPI ID").inputValue()).toBe("shaikhprovisions@oksbi");
    await screenshot(page, "doc-01-settings-bank");
  });

  it("downloads the thermal receipt from the preview, 226 pt wide with the UPI link for the total", async () => {
    const product = await api<{ id: string }>("/api/products", {
      name: "Basmati rice 5 kg",
      description: null,
      sku: "RICE-5",
      category: "Other",
      price: "650.00",
      stock: 40,
      minStock: 1,
      gstRate: "5",
      hsnCode: "1006",
      isActive: true,
    });
    const customer = await api<{ id: string }>("/api/customers", { name: "Walk-in", stateCode: "27" });
    const invoice = await api<{ invoiceNumber: string; total: string }>("/api/invoices", {
      customerId: customer.id,
      issueDate: indianDateOf(new Date()),
      dueDate: null,
      items: [{ productId: product.id, quantity: 2, price: "650", gstRate: "5", amount: "1365.00" }],
      subtotal: "1300.00",
      gstAmount: "65.00",
      total: "1365.00",
    });
    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: `View ${invoice.invoiceNumber}` }).click();
    const preview = page.getByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` });
    await visible(preview.getByRole("button", { name: "Thermal receipt" }));
    await screenshot(page, "doc-02-preview-thermal-button");
    const [download] = await Promise.all([page.waitForEvent("download"), preview.getByRole("button", { name: "Thermal receipt" }).click()]);
    expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber.replaceAll("/", "-")}-receipt.pdf`);
    const receipt = pdfText(await readFile((await download.path())!));
    expect(receipt.pages).toHaveLength(1);
    expect(receipt.pages[0]!.width).toBe(226);
    expect(receipt.links).toEqual([
      `upi://pay?pa=shaikhprovisions@oksbi&pn=${encodeURIComponent(owner.company)}&am=${invoice.total}&cu=INR&tn=${encodeURIComponent(`Invoice ${invoice.invoiceNumber}`)}`,
    ]);
    expect(receipt.text).toContain("Basmati rice 5 kg");
    await visible(toastIn(page, "Thermal receipt downloaded"));
    await preview.getByRole("button", { name: "Close" }).first().click();
    await hidden(preview);
    expect(pageErrors).toEqual([]);
  });
});
