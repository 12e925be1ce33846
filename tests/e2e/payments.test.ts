import { indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 10 in a real browser at 1280×800: an overdue invoice is paid partly from its row
 * (the dialog starts at the balance), stays overdue with what is still due, then Mark Paid
 * settles the rest.
 */
describe("payments against an overdue invoice", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Meena", lastName: "Iyer", email: `meena.iyer.${Date.now()}@example.in`, password: "paid-in-full", company: "Iyer Stores" };
  const today = indianDateOf(new Date());

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await newAppPage(browser, pageErrors));
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it("pays an overdue invoice partly, then fully, from the list", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await apiCall(page, app.baseUrl, "put", "/api/profile", { stateCode: "27" });
    const product = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/products", {
      name: "Basmati rice 5 kg",
      sku: "RICE-5",
      category: "Other",
      price: "1000",
      stock: 50,
      gstRate: "5",
      hsnCode: "1006",
    });
    const customer = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/customers", { name: "Kumar Kirana", stateCode: "27" });
    // Dated in the past with a due date already gone; the daily sweep runs at start-up and each
    // day, so the test sets what the sweep would (the sweep itself: tests/api/payments.test.ts).
    const invoice = await apiCall<{ id: string; invoiceNumber: string }>(page, app.baseUrl, "post", "/api/invoices", {
      customerId: customer.id,
      issueDate: "2026-01-05",
      dueDate: "2026-01-20",
      subtotal: "2000",
      gstAmount: "100",
      total: "2100",
      items: [{ productId: product.id, quantity: 2, price: "1000", gstRate: "5", amount: "2100.00" }],
    });
    await apiCall(page, app.baseUrl, "patch", `/api/invoices/${invoice.id}/status`, { status: "overdue" });

    await navLink(page, "Invoices").click();
    const row = page.getByRole("row", { name: invoice.invoiceNumber });
    await visible(row.getByText("overdue"));
    // At 1280×800 Mark Paid and Record payment are on screen, not pushed off by the table.
    const markPaid = row.getByRole("button", { name: `Mark Paid ${invoice.invoiceNumber}` });
    await visible(markPaid);
    const box = await markPaid.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);

    await row.getByRole("button", { name: `Record payment ${invoice.invoiceNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: `Record payment for ${invoice.invoiceNumber}` });
    await visible(dialog);
    expect(await dialog.getByLabel("Amount received (₹)").inputValue()).toBe("2100.00");
    await visible(dialog.getByText("₹2,100.00"));
    // More than is owed is stopped before it is sent.
    await dialog.getByLabel("Amount received (₹)").fill("2100.01");
    await dialog.getByRole("button", { name: "Save Payment" }).click();
    await visible(dialog.getByText(/Only ₹2,100.00 is left to pay/));
    await dialog.getByLabel("Amount received (₹)").fill("1500");
    expect(await dialog.getByLabel("Date received").inputValue()).toBe(today);
    await chooseIn(page, dialog, "Paid by", "Cash");
    await dialog.getByLabel("Reference (optional)").fill("Receipt 42");
    await screenshot(page, "payments-01-record-partial");
    await dialog.getByRole("button", { name: "Save Payment" }).click();
    await visible(toastIn(page, "Payment recorded"));
    await hidden(dialog);
    await visible(row.getByText("Due ₹600.00"));
    await visible(row.getByText("overdue"));

    const shown = (await (await page.request.get(`${app.baseUrl}/api/invoices/${invoice.id}`)).json()) as {
      status: string;
      amountPaid: string;
      balanceDue: string;
      payments: { mode: string; reference: string }[];
    };
    expect(shown).toMatchObject({ status: "overdue", amountPaid: "1500.00", balanceDue: "600.00" });
    expect(shown.payments).toMatchObject([{ mode: "cash", reference: "Receipt 42" }]);

    await markPaid.click();
    await visible(row.getByText("paid", { exact: true }));
    await hidden(row.getByRole("button", { name: `Mark Paid ${invoice.invoiceNumber}` }));
    await hidden(row.getByRole("button", { name: `Record payment ${invoice.invoiceNumber}` }));
    await screenshot(page, "payments-02-paid");

    // The preview shows both payments and nothing left to pay.
    await row.getByRole("button", { name: `View ${invoice.invoiceNumber}` }).click();
    const preview = page.getByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` });
    const payments = preview.getByRole("region", { name: "Payments" });
    await visible(payments.getByText("Receipt 42"));
    await visible(payments.getByText("Marked paid"));
    await visible(payments.getByLabel("Balance due").getByText("₹0.00"));
    expect(pageErrors).toEqual([]);
  });
});
