import { readFile } from "node:fs/promises";
import { financialYearFirstDay, gstinCheckCharacter, indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../read-api/src/invoices/pdfText.testing.ts";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, visible } from "./support/browser.ts";

/**
 * Issue 10 in a real browser: a customer's statement of account from their card on the
 * Customers page: the rows with running balance, the closing balance, and the PDF download;
 * at 1280×800 and on a 390 px phone.
 */
describe("customer statement (ledger)", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Anil", lastName: "Rao", email: `anil.rao.${Date.now()}@example.in`, password: "statement-of-account", company: "Rao Oil Mills" };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const today = indianDateOf(new Date());

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

  const send = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(page, app.baseUrl, method, path, data);

  it("opens a customer's statement from their card: rows, running and closing balance, and the PDF", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Pune 411001" });
    const product = await send<{ id: string }>("post", "/api/products", { name: "Hair oil", sku: "OIL-1", category: "Other", price: "1000.00", stock: 50, gstRate: "18" });
    const customer = await send<{ id: string }>("post", "/api/customers", { name: "Kumar Traders", stateCode: "27" });
    const invoice = await send<{ id: string; invoiceNumber: string }>("post", "/api/invoices", {
      customerId: customer.id,
      subtotal: "2000",
      gstAmount: "360",
      total: "2360",
      items: [{ productId: product.id, quantity: 2, price: "1000", gstRate: "18", amount: "2360.00" }],
    });
    await send("post", `/api/invoices/${invoice.id}/payments`, { amount: "1000", date: today, mode: "upi", reference: "UPI-4411" });

    await navLink(page, "Customers").click();
    await page.getByRole("button", { name: "Statement of Kumar Traders" }).click();
    const dialog = page.getByRole("dialog", { name: "Statement of account: Kumar Traders" });
    const rows = dialog.getByRole("table", { name: "Statement entries" }).getByRole("row");
    await visible(rows.filter({ hasText: `Invoice ${invoice.invoiceNumber}` }).filter({ hasText: "₹2,360.00 Dr" }));
    await visible(
      rows
        .filter({ hasText: `Payment for ${invoice.invoiceNumber} (UPI)` })
        .filter({ hasText: "Ref. UPI-4411" })
        .filter({ hasText: "₹1,360.00 Dr" }),
    );
    await expect(rows.count()).resolves.toBe(3); // header + 2 entries
    await visible(dialog.getByTestId("ledger-opening").getByText("₹0.00", { exact: true }));
    await visible(dialog.getByTestId("ledger-closing").getByText("₹1,360.00 Dr", { exact: true }));
    await screenshot(page, "ledger-01-statement-1280");

    // A period before the invoice: nothing in it.
    await dialog.getByLabel("From").fill("2020-04-01");
    await dialog.getByLabel("To").fill("2020-04-30");
    await visible(dialog.getByText("No transactions between 1 Apr 2020 and 30 Apr 2020"));
    // From after to is explained, not sent.
    await dialog.getByLabel("From").fill("2020-05-10");
    await visible(dialog.getByText("The from date must be on or before the to date"));
    await dialog.getByLabel("From").fill(financialYearFirstDay(today));
    await dialog.getByLabel("To").fill(today);
    await visible(dialog.getByTestId("ledger-closing").getByText("₹1,360.00 Dr", { exact: true }));

    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-Kumar_Traders-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(await readFile((await download.path())!)).text;
    for (const expected of ["Statement of account", owner.company, "Kumar Traders", invoice.invoiceNumber, "UPI-4411", "Closing balance", "₹1,360.00 Dr"])
      expect(text).toContain(expected);

    await dialog.getByRole("button", { name: "Close" }).first().click();
    await hidden(dialog);
    expect(pageErrors).toEqual([]);
  });

  it("an advance recorded from the statement is applied from an invoice's Record payment; the statement shows both", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await navLink(page, "Customers").click();
    await page.getByRole("button", { name: "Statement of Kumar Traders" }).click();
    let dialog = page.getByRole("dialog", { name: "Statement of account: Kumar Traders" });
    await visible(dialog.getByTestId("ledger-closing").getByText("₹1,360.00 Dr", { exact: true }));
    await dialog.getByRole("button", { name: "Record advance" }).click();
    const form = dialog.getByRole("form", { name: "Record advance" });
    await form.getByLabel("Amount received (₹)").fill("abc");
    await form.getByRole("button", { name: "Save Advance" }).click();
    await visible(form.getByText("Enter an amount like 5000 or 5000.50"));
    await form.getByLabel("Amount received (₹)").fill("3000");
    await form.getByLabel("Reference (optional)").fill("ADV-77");
    await form.getByRole("button", { name: "Save Advance" }).click();
    await hidden(form);
    // ₹1,360 owed less ₹3,000 received in advance: we hold ₹1,640 of theirs.
    await visible(dialog.getByTestId("ledger-closing").getByText("₹1,640.00 Cr", { exact: true }));
    await visible(dialog.getByRole("row").filter({ hasText: "Advance received (UPI)" }).filter({ hasText: "₹640.00 Cr" }));
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await hidden(dialog);

    await navLink(page, "Invoices").click();
    const number = (await page.getByRole("row").filter({ hasText: "Kumar Traders" }).first().textContent())!.match(/INV\/[\d-]+\/\d+/)![0];
    const row = page.getByRole("row", { name: number });
    await row.getByRole("button", { name: `Record payment ${number}` }).click();
    const pay = page.getByRole("dialog", { name: `Record payment for ${number}` });
    await visible(pay.getByTestId("apply-advance").getByText(/Kumar Traders has ₹3,000.00 paid in advance/));
    await pay.getByRole("button", { name: "Apply ₹1,360.00 from advance" }).click();
    await hidden(pay);

    await navLink(page, "Customers").click();
    await page.getByRole("button", { name: "Statement of Kumar Traders" }).click();
    dialog = page.getByRole("dialog", { name: "Statement of account: Kumar Traders" });
    await visible(dialog.getByTestId("ledger-closing").getByText("₹1,640.00 Cr", { exact: true }));
    await visible(dialog.getByRole("row").filter({ hasText: `Advance applied to ${number}` }));
    await visible(
      dialog
        .getByRole("row")
        .filter({ hasText: `Payment for ${number} (from advance)` })
        .filter({ hasText: "₹1,640.00 Cr" }),
    );
    await screenshot(page, "ledger-03-advance-applied-1280");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await hidden(dialog);
    expect(pageErrors).toEqual([]);
  });

  it("on a 390 px phone the statement fits: one stacked row per entry with amount and balance (same day: invoice, advance, its application, then payments)", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("button", { name: "Statement of Kumar Traders" }).click();
    const dialog = page.getByRole("dialog", { name: "Statement of account: Kumar Traders" });
    await visible(dialog.getByTestId("ledger-closing").getByText("₹1,640.00 Cr", { exact: true }));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Stacked rows: each shows what happened, the amount and the balance after it, without scrolling sideways.
    const items = dialog.getByRole("list", { name: "Statement entries" }).getByRole("listitem");
    await visible(items.filter({ hasText: "Invoice " }).filter({ hasText: "+₹2,360.00" }).filter({ hasText: "₹2,360.00 Dr" }));
    const payment = await visible(items.filter({ hasText: "Ref. UPI-4411" }).filter({ hasText: "−₹1,000.00" }).filter({ hasText: "₹280.00 Cr" }));
    const row = (await payment.boundingBox())!;
    expect(row.x + row.width).toBeLessThanOrEqual(390);
    await hidden(dialog.getByRole("table", { name: "Statement entries" }));
    await visible(dialog.getByRole("button", { name: "Download PDF" }));
    await screenshot(page, "ledger-02-statement-390");
    expect(pageErrors).toEqual([]);
  });
});
