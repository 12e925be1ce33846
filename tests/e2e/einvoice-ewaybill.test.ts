import { gstinCheckCharacter, proposeInvoiceNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, screenshot, visible, toastIn, navLink, chooseIn, noToastsIn, newAppPage, registerThroughUi } from "./support/browser.ts";

/**
 * A Pune business sells a laptop to a Bengaluru company: it prepares the invoice's e-invoice
 * (IRN, signed QR, payload; not registered with the IRP), generates a sandbox e-way bill for
 * the consignment and cancels it, in a real browser against `bahi start`.
 */
describe("e-invoice and e-way bill", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Meera",
    lastName: "Kulkarni",
    email: `meera.kulkarni.${Date.now()}@example.in`,
    password: "irn-and-qr-codes",
    company: "Kulkarni Computers",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const customerGstin = `29AABCR1718E1Z${gstinCheckCharacter("29AABCR1718E1Z")}`;
  const invoiceNumber = proposeInvoiceNumber(new Date(), 11);
  /** A sale to a consumer (no GSTIN): B2C, which e-invoicing does not cover. */
  const b2cInvoiceNumber = proposeInvoiceNumber(new Date(), 12);
  let ewayBillNo = "";

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

  const noToasts = () => noToastsIn(page);

  const api = <T>(path: string, data: unknown): Promise<T> => apiCall<T>(page, app.baseUrl, "post", path, data);

  it("registers a business with its GSTIN and sells a laptop to a Karnataka company", async () => {
    await registerThroughUi(page, app.baseUrl, owner);

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await visible(page.getByRole("definition").filter({ hasText: "27-Maharashtra" }));
    await page.getByLabel("Business Address").fill("22 FC Road, Shivajinagar, Pune 411005");
    await choose(page, "Business Type", "Partnership");
    await choose(page, "GST Category", "Regular");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toast("Business profile saved"));

    const product = await api<{ id: string }>("/api/products", {
      name: "Laptop i7",
      description: null,
      sku: "LAP-I7",
      category: "Electronics",
      price: "60000.00",
      stock: 10,
      minStock: 1,
      gstRate: "18",
      hsnCode: "847130",
      isActive: true,
    });
    const customer = await api<{ id: string }>("/api/customers", {
      name: "Rao Infotech",
      gstNumber: customerGstin,
      address: "8 Residency Road, Bengaluru 560025",
      creditLimit: "0",
    });
    await api("/api/invoices", {
      customerId: customer.id,
      invoiceNumber,
      issueDate: new Date().toISOString(),
      dueDate: null,
      placeOfSupply: "29",
      subtotal: "60000.00",
      gstAmount: "10800.00",
      total: "70800.00",
      status: "pending",
      notes: null,
      items: [{ productId: product.id, quantity: 1, price: "60000.00", gstRate: "18", amount: "70800.00" }],
    });
    const consumer = await api<{ id: string }>("/api/customers", { name: "Sunil Patil", gstNumber: null, stateCode: "27", address: "Kothrud, Pune 411038", creditLimit: "0" });
    await api("/api/invoices", {
      customerId: consumer.id,
      invoiceNumber: b2cInvoiceNumber,
      issueDate: new Date().toISOString(),
      dueDate: null,
      placeOfSupply: "27",
      subtotal: "60000.00",
      gstAmount: "10800.00",
      total: "70800.00",
      status: "pending",
      notes: null,
      items: [{ productId: product.id, quantity: 1, price: "60000.00", gstRate: "18", amount: "70800.00" }],
    });
  });

  it("prepares the invoice's e-invoice from its preview: IRN, signed QR and payload, not registered", async () => {
    await noToasts();
    await nav("Invoices").click();
    await page.getByRole("button", { name: `View ${invoiceNumber}` }).click();
    const preview = page.getByRole("dialog", { name: `Invoice ${invoiceNumber}` });
    await visible(preview);
    await preview.getByRole("button", { name: "E-invoice", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: `E-invoice ${invoiceNumber}` });
    await visible(dialog);
    // The form's own checks first.
    await dialog.getByRole("button", { name: "Prepare e-invoice" }).click();
    await visible(dialog.getByText("Seller city is required"));
    await visible(dialog.getByText("Buyer city is required"));

    await dialog.getByLabel("Seller city").fill("Pune");
    await dialog.getByLabel("Seller PIN").fill("411005");
    await dialog.getByLabel("Buyer city").fill("Bengaluru");
    await dialog.getByLabel("Buyer PIN").fill("560025");
    await dialog.getByRole("button", { name: "Prepare e-invoice" }).click();

    const irn = await visible(dialog.getByLabel("IRN", { exact: true }), 15_000);
    expect(await irn.textContent()).toMatch(/^[0-9a-f]{64}$/);
    await visible(dialog.getByRole("note", { name: "Not registered" }).getByText("Not registered with the IRP"));
    await visible(dialog.getByText(/GST Suvidha Provider \(GSP\) credentials/));
    const qr = await visible(dialog.getByRole("img", { name: "Signed QR fields" }));
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);

    await dialog.getByRole("button", { name: /Payload \(schema 1\.1 JSON\)/ }).click();
    const payload = JSON.parse((await visible(dialog.getByLabel("E-invoice payload")).then((pre) => pre.textContent())) ?? "{}") as {
      Version?: string;
      SellerDtls?: { Gstin?: string; Pin?: number };
      BuyerDtls?: { Gstin?: string };
    };
    expect(payload.Version).toBe("1.1");
    expect(payload.SellerDtls?.Gstin).toBe(businessGstin);
    expect(payload.BuyerDtls?.Gstin).toBe(customerGstin);

    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download JSON" }).click();
    expect((await download).suggestedFilename()).toBe(`${invoiceNumber.replace(/[\\/]/g, "-")}-einvoice.json`);
    await screenshot(page, "einv-01-e-invoice-view");

    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    await hidden(dialog);
    await visible(preview);
    await preview.getByRole("button", { name: "Close", exact: true }).first().click();
    await hidden(preview);

    // The E-Invoice tab lists the invoice too, and the seller's city and PIN are remembered.
    await nav("GST Compliance").click();
    await page.getByRole("tab", { name: "E-Invoice" }).click();
    await page.getByRole("button", { name: `E-invoice ${invoiceNumber}` }).click();
    await visible(dialog);
    expect(await dialog.getByLabel("Seller city").inputValue()).toBe("Pune");
    expect(await dialog.getByLabel("Seller PIN").inputValue()).toBe("411005");
    await page.keyboard.press("Escape");
    await hidden(dialog);

    // The server's reasons are listed when an invoice cannot be e-invoiced.
    await page.getByRole("button", { name: `E-invoice ${b2cInvoiceNumber}` }).click();
    const b2c = page.getByRole("dialog", { name: `E-invoice ${b2cInvoiceNumber}` });
    await visible(b2c);
    await b2c.getByLabel("Buyer city").fill("Pune");
    await b2c.getByLabel("Buyer PIN").fill("411038");
    await b2c.getByRole("button", { name: "Prepare e-invoice" }).click();
    const problems = await visible(b2c.getByRole("alert").filter({ hasText: "This invoice cannot be e-invoiced yet:" }));
    expect(await problems.getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await b2c.getByLabel("IRN", { exact: true }).count()).toBe(0);
    await screenshot(page, "einv-00-e-invoice-problems");
    await page.keyboard.press("Escape");
    await hidden(b2c);
  });

  it("generates an e-way bill for the invoice and sees it active in the list", async () => {
    await page.getByRole("tab", { name: "E-Way Bill" }).click();
    await visible(page.getByText("No e-way bills yet"));
    await page.getByRole("button", { name: "Generate E-Way Bill" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate E-Way Bill" });
    await visible(dialog);
    await choose(dialog, "Invoice", new RegExp(invoiceNumber));
    // The dispatch PIN comes from the seller's remembered PIN.
    expect(await dialog.getByLabel("Dispatch PIN").inputValue()).toBe("411005");
    await dialog.getByLabel("Delivery PIN").fill("560025");
    await dialog.getByLabel("Distance (km)").fill("850");
    await visible(dialog.getByRole("combobox", { name: "Transport Mode" }).getByText("Road"));
    await dialog.getByLabel("Vehicle Number").fill("MH12AB1234");
    await dialog.getByLabel("Transporter Name").fill("Sahyadri Roadways");
    await dialog.getByRole("button", { name: "Generate E-Way Bill" }).click();

    const generated = await visible(toast(/^E-way bill \d{12} generated$/), 15_000);
    ewayBillNo = /(\d{12})/.exec((await generated.textContent()) ?? "")?.[1] ?? "";
    await visible(toast(/^Valid until /));
    await hidden(dialog);

    const row = page.getByRole("row", { name: `E-way bill ${ewayBillNo}` });
    await visible(row);
    await visible(row.getByText(ewayBillNo, { exact: true }));
    await visible(row.getByText(invoiceNumber, { exact: true }));
    await visible(row.getByText("active", { exact: true }));
    await visible(row.getByText("Sandbox", { exact: true }));
    await visible(row.getByText(/850 km · MH12AB1234/));

    await page.getByRole("tab", { name: "Overview" }).click();
    await visible(page.getByRole("group", { name: "Active E-Way Bills" }).getByText("1", { exact: true }));
    await page.getByRole("tab", { name: "E-Way Bill" }).click();
    await visible(row);
    await noToasts();
    await screenshot(page, "einv-02-eway-bill-list");
  });

  it("cancels the e-way bill with a reason", async () => {
    const row = page.getByRole("row", { name: `E-way bill ${ewayBillNo}` });
    await row.getByRole("button", { name: `Cancel e-way bill ${ewayBillNo}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Cancel e-way bill ${ewayBillNo}?` });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Cancel E-Way Bill" }).click();
    await visible(confirm.getByText("Reason is required"));
    await confirm.getByLabel("Reason for cancellation").fill("Order cancelled by the buyer");
    await confirm.getByRole("button", { name: "Cancel E-Way Bill" }).click();
    await visible(toast(`E-way bill ${ewayBillNo} cancelled`));
    await hidden(confirm);

    await visible(row.getByText("cancelled", { exact: true }));
    await visible(row.getByText("Order cancelled by the buyer"));
    expect(await row.getByRole("button", { name: /Cancel e-way bill/ }).count()).toBe(0);
    await noToasts();
    await screenshot(page, "einv-03-eway-bill-cancelled");

    expect(pageErrors).toEqual([]);
  });
});
