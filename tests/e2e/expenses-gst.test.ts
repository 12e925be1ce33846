import { readFile } from "node:fs/promises";
import { gstinCheckCharacter, indianDateOf, proposeInvoiceNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, screenshot, visible, toastIn, navLink, chooseIn, noToastsIn, newAppPage, registerThroughUi } from "./support/browser.ts";

/**
 * A Maharashtra business records its purchases (one from a Karnataka supplier: IGST), reads
 * its reports, checks GSTINs, files GSTR-1 for the month and reconciles its purchases against
 * the GSTR-2B its supplier's filings produced, in a real browser against `bahi start`.
 */
describe("expenses, reports and GST compliance", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Anil",
    lastName: "Deshpande",
    email: `anil.deshpande.${Date.now()}@example.in`,
    password: "ledger-and-chai",
    company: "Deshpande Traders",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const vendorGstin = `29AABCR1718E1Z${gstinCheckCharacter("29AABCR1718E1Z")}`;
  const otherSupplierGstin = `07AAACB2230M1Z${gstinCheckCharacter("07AAACB2230M1Z")}`;
  const today = indianDateOf(new Date());
  const [year, month, day] = today.split("-") as [string, string, string];
  /** This month's return period, MMYYYY. */
  const period = `${month}${year}`;
  // Last month: registered then, so its GSTR-1 is the one that can be filed now.
  const lastYear = month === "01" ? Number(year) - 1 : Number(year);
  const lastMonth = month === "01" ? "12" : String(Number(month) - 1).padStart(2, "0");
  const lastPeriod = `${lastMonth}${lastYear}`;
  const vendorInvoiceNumber = "RS/2026/412";

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
  const figure = (name: string) => page.getByRole("group", { name, exact: true });

  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);

  const noToasts = () => noToastsIn(page);

  it("registers and sets the business profile with its GSTIN", async () => {
    await registerThroughUi(page, app.baseUrl, owner);

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await visible(page.getByRole("definition").filter({ hasText: "27-Maharashtra" }));
    await page.getByLabel("Business Address").fill("14 Laxmi Road, Pune 411030");
    await choose(page, "Business Type", "Partnership");
    await choose(page, "GST Category", "Regular");
    await page.getByLabel("GST registration date").fill(`${lastYear}-${lastMonth}-01`);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toast("Business profile saved"));
  });

  it("adds a supplier registered in Karnataka", async () => {
    await nav("Vendors").click();
    await page.getByRole("button", { name: "Add Vendor" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Vendor" });
    await dialog.getByLabel("Name").fill("Rao Stationers");
    await dialog.getByLabel("Address").fill("8 Avenue Road, Bengaluru 560002");
    await dialog.getByLabel("GST Number").fill(vendorGstin);
    await dialog.getByRole("button", { name: "Add Vendor" }).click();
    await visible(toast("Vendor added successfully"));
    await hidden(dialog);
  });

  it("records an inter-state purchase with IGST and a local rent under reverse charge with CGST + SGST", async () => {
    await nav("Expenses").click();
    await visible(page.getByText("No expenses found"));

    await page.getByRole("button", { name: "Add Expense" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Expense" });
    await visible(dialog);
    // Nothing filled in: the contract's messages.
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await visible(dialog.getByText("Amount is required"));
    await visible(dialog.getByText("Category is required"));
    await visible(dialog.getByText("Description is required"));
    expect(await dialog.getByRole("region", { name: "Expense summary" }).count()).toBe(0);

    await choose(dialog, "Vendor", /Rao Stationers/);
    await choose(dialog, "Category", "Supplies");
    await dialog.getByLabel("Description").fill("Printer paper and toner");
    await dialog.getByLabel("Amount (₹)").fill("1000");
    expect(await dialog.getByLabel("Date").inputValue()).toBe(today);

    const summary = dialog.getByRole("region", { name: "Expense summary" });
    await visible(summary.getByLabel("Base Amount", { exact: true }).getByText("₹1,000.00"));
    await visible(summary.getByLabel("IGST (18%)", { exact: true }).getByText("₹180.00"));
    await visible(summary.getByLabel("GST (18%)", { exact: true }).getByText("₹180.00"));
    await visible(summary.getByLabel("Total", { exact: true }).getByText("₹1,180.00"));
    await visible(summary.getByText(/Inter-state purchase: vendor's GSTIN is in Karnataka, your business in Maharashtra\. IGST applies\./));
    expect(await summary.getByLabel("CGST (9%)", { exact: true }).count()).toBe(0);

    await dialog.getByRole("button", { name: /Purchase details for input tax credit/ }).click();
    const details = dialog.getByRole("group", { name: "Purchase details for input tax credit" });
    await details.getByLabel("Vendor Invoice Number").fill(vendorInvoiceNumber);
    await details.getByLabel("Vendor Invoice Date").fill(today);
    await details.getByLabel("HSN/SAC Code").fill("4802");
    expect(await dialog.getByRole("group", { name: "Input tax credit" }).getByRole("switch", { name: "Eligible for input tax credit" }).getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "exp-01-expense-form");
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await visible(toast("Expense added successfully"));
    await hidden(dialog);

    const paper = page.getByRole("row", { name: "Printer paper and toner" });
    await visible(paper.getByText("Rao Stationers"));
    await visible(paper.getByText("₹1,000"));
    await visible(paper.getByText("₹180"));
    await visible(paper.getByText("IGST", { exact: true }));

    await page.getByRole("button", { name: "Add Expense" }).first().click();
    await visible(dialog);
    // 'No Vendor' is the default.
    await visible(dialog.getByRole("combobox", { name: "Vendor" }).getByText("No Vendor"));
    await choose(dialog, "Category", "Office Rent");
    await dialog.getByLabel("Description").fill("Shop rent");
    await dialog.getByLabel("Amount (₹)").fill("15000");
    // s.9(1): a landlord without a GSTIN charges no GST...
    await visible(summary.getByLabel("GST (0%)", { exact: true }).getByText("₹0.00"));
    await visible(summary.getByText("A supplier without a GSTIN charges no GST."));
    // ...but renting from an unregistered person is under reverse charge (entry 5AB): the business pays it.
    await dialog.getByLabel("Reverse charge").check();
    await choose(dialog, "Notified Supply", /Renting of commercial property by an unregistered person/);
    await visible(summary.getByLabel("CGST (9%)", { exact: true }).getByText("₹1,350.00"));
    await visible(summary.getByLabel("SGST (9%)", { exact: true }).getByText("₹1,350.00"));
    await visible(summary.getByLabel("Total paid to supplier", { exact: true }).getByText("₹15,000.00"));
    await visible(summary.getByText(/taken as within Maharashtra/));
    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await visible(toast("Expense added successfully"));
    await hidden(dialog);

    const rent = page.getByRole("row", { name: "Shop rent" });
    await visible(rent.getByText("N/A"));
    await visible(rent.getByText("CGST + SGST"));
    await visible(rent.getByText("RCM", { exact: true }));
    // s.31(3)(f): the self-invoice the business issues for it.
    await visible(rent.getByText(/^Self-invoice RCM\/\d{2}-\d{2}\/0001$/));
    await visible(figure("Total Expenses").getByText("₹16,000"));
    await visible(figure("Expenses Recorded").getByText("2", { exact: true }));
    await visible(figure("Total GST").getByText("₹2,880"));
    await visible(figure("This Month").getByText("₹16,000"));
    await visible(figure("Supplies").getByText("₹1,000"));
    await visible(figure("Supplies").getByText("1 expense"));
    await visible(figure("Office Rent").getByText("₹15,000"));
  });

  it("edits an expense and deletes another after confirming", async () => {
    await page.getByRole("button", { name: "Edit Shop rent" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Expense" });
    await visible(edit);
    expect(await edit.getByLabel("Amount (₹)").inputValue()).toBe("15000.00");
    await edit.getByLabel("Amount (₹)").fill("12000");
    await visible(edit.getByRole("region", { name: "Expense summary" }).getByLabel("GST (18%) payable by you", { exact: true }).getByText("₹2,160.00"));
    await visible(edit.getByRole("region", { name: "Expense summary" }).getByLabel("Total paid to supplier", { exact: true }).getByText("₹12,000.00"));
    await edit.getByRole("button", { name: "Update Expense" }).click();
    await visible(toast("Expense updated successfully"));
    await hidden(edit);
    await visible(page.getByRole("row", { name: "Shop rent" }).getByText("₹12,000"));
    await visible(figure("Total Expenses").getByText("₹13,000"));
    await visible(figure("Total GST").getByText("₹2,340"));
    await noToasts();
    await screenshot(page, "exp-02-expenses");

    await page.getByRole("button", { name: "Delete Shop rent" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this expense?" });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await visible(toast("Expense deleted successfully"));
    await hidden(confirm);
    await hidden(page.getByRole("row", { name: "Shop rent" }));
    await visible(figure("Total Expenses").getByText("₹1,000"));
    await visible(figure("Expenses Recorded").getByText("1", { exact: true }));
    await visible(figure("Total GST").getByText("₹180"));
  });

  it("reads this month's report, switches to the financial year and exports the PDF", async () => {
    await nav("Reports").click();
    await visible(page.getByRole("heading", { name: "Reports", exact: true }));
    await visible(figure("Total Income").getByText("₹0"));
    await visible(figure("Total Expenses").getByText("₹1,000"));
    await visible(figure("Net Profit").getByText("-₹1,000"));
    await visible(figure("Net Profit").getByText("Loss", { exact: true }));
    await visible(figure("Profit Margin").getByText("0.0%"));
    await visible(figure("Revenue Growth").getByText("—"));
    await visible(figure("Average Payment Time").getByText("—"));
    const gst = page.getByRole("region", { name: "GST Reports" });
    // Input tax is the period's GSTR-3B 4(C): nothing until GSTR-2B shows the bill (s.16(2)(aa)).
    const inputTax = gst.locator("dt", { hasText: "Input Tax (purchases)" }).locator("xpath=following-sibling::dd[1]");
    expect(await (await visible(inputTax)).textContent()).toBe("₹0");
    await visible(page.getByRole("region", { name: "P&L Statement" }));
    await visible(page.getByRole("region", { name: "Sales Summary" }));
    await visible(page.getByRole("figure", { name: "Revenue vs Expenses chart" }));

    await choose(page, "Report period", "This Year");
    await visible(page.getByText(/^FY \d{4}-\d{2}: /));
    await visible(figure("Total Expenses").getByText("₹1,000"));
    // This month's expense is a bar; let it finish growing and the last toast go before the picture.
    await visible(page.getByRole("figure", { name: "Revenue vs Expenses chart" }).locator(".recharts-rectangle").first());
    await noToasts();
    await page.waitForTimeout(1000);
    await screenshot(page, "exp-03-reports");

    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export PDF" }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await visible(toast("Report exported"));
  });

  it("validates GSTINs and works out GST in GST Tools", async () => {
    await nav("GST Compliance").click();
    await visible(page.getByRole("tab", { name: "Overview", selected: true }));
    await visible(figure("Pending Returns"));
    const upcoming = page.getByRole("region", { name: "Next due dates" });
    await visible(upcoming.getByText(/^GSTR-1 for \w+ \d{4}$/));
    await visible(upcoming.getByText(/^GSTR-3B for \w+ \d{4}$/));
    await noToasts();
    await screenshot(page, "exp-04-gst-overview");

    await page.getByRole("tab", { name: "E-Invoice" }).click();
    await visible(page.getByText(/Registering invoices with the IRP needs credentials from a GST Suvidha Provider/));
    await screenshot(page, "exp-04b-e-invoice");
    // Arrow keys move between tabs.
    await page.getByRole("tab", { name: "E-Invoice" }).press("ArrowRight");
    await visible(page.getByRole("tab", { name: "E-Way Bill", selected: true }));
    await visible(page.getByText("No e-way bills yet"));

    await page.getByRole("tab", { name: "GST Tools" }).click();
    const validator = page.getByRole("region", { name: "GSTIN Validator" });
    const validate = validator.getByRole("button", { name: "Validate" });
    expect(await validate.isDisabled()).toBe(true);

    await validator.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await validate.click();
    await visible(toast("GSTIN Valid"));
    await visible(toast("Maharashtra · PAN AAPFU0939F · Firm or LLP"));
    await visible(validator.getByRole("definition").filter({ hasText: "27-Maharashtra" }));

    await validator.getByLabel("GSTIN", { exact: true }).fill(vendorGstin);
    await validate.click();
    await visible(toast("Business: Rao Stationers"));

    const wrongCheck = `${businessGstin.slice(0, 14)}O`;
    await validator.getByLabel("GSTIN", { exact: true }).fill(wrongCheck);
    await validate.click();
    await visible(toast("GSTIN Invalid"));
    await visible(toast(/check character/i));

    const calculator = page.getByRole("region", { name: "GST Calculator" });
    await calculator.getByLabel("Amount (₹)").fill("1234.50");
    await visible(calculator.getByLabel("CGST (9%)", { exact: true }).getByText("₹111.11"));
    await visible(calculator.getByLabel("SGST (9%)", { exact: true }).getByText("₹111.11"));
    await calculator.getByRole("radio", { name: /Across states/ }).click();
    await visible(calculator.getByLabel("IGST (18%)", { exact: true }).getByText("₹222.21"));
    await visible(calculator.getByLabel("Total", { exact: true }).getByText("₹1,456.71"));

    const hsn = page.getByRole("region", { name: "HSN/SAC Codes" });
    await visible(hsn.getByText(/^Showing 6 of \d+ codes/));
    expect(await hsn.getByRole("row").count()).toBe(7);
    await noToasts();
    await screenshot(page, "exp-05-gst-tools");
  });

  it("previews this month's GSTR-1, refused until the month ends, and files last month's", async () => {
    // A sale to record, through the API with the page's session.
    const api = <T>(path: string, data: unknown): Promise<T> => apiCall<T>(page, app.baseUrl, "post", path, data);
    const product = await api<{ id: string }>("/api/products", {
      name: "Notebook A4",
      description: null,
      sku: "NB-A4",
      category: "Books",
      price: "1000.00",
      stock: 20,
      minStock: 2,
      gstRate: "18",
      hsnCode: "4820",
      isActive: true,
    });
    const customer = await api<{ id: string }>("/api/customers", { name: "Kannada Books", gstNumber: vendorGstin, address: "Bengaluru", creditLimit: "0" });
    await api("/api/invoices", {
      customerId: customer.id,
      invoiceNumber: proposeInvoiceNumber(new Date(), 7),
      issueDate: new Date().toISOString(),
      dueDate: null,
      placeOfSupply: "29",
      subtotal: "1000.00",
      gstAmount: "180.00",
      total: "1180.00",
      status: "pending",
      notes: null,
      items: [{ productId: product.id, quantity: 1, price: "1000.00", gstRate: "18", amount: "1180.00" }],
    });

    await page.getByRole("tab", { name: "GST Returns" }).click();
    const filing = page.getByRole("region", { name: "File returns" });
    const fileGstr1 = filing.getByRole("button", { name: "File GSTR-1" });
    expect(await fileGstr1.isDisabled()).toBe(true);
    expect(await filing.getByRole("button", { name: "File GSTR-3B" }).isDisabled()).toBe(true);
    await visible(page.getByText("No returns filed yet"));

    // This month's GSTR-1 shows the sale, but the month has not ended: the rules refuse it.
    await filing.getByLabel("Return Period").fill(period);
    await fileGstr1.click();
    let preview = page.getByRole("dialog", { name: /^GSTR-1 for / });
    await visible(preview.getByRole("group", { name: "Taxable value" }).getByText("₹1,000.00"));
    await visible(preview.getByRole("alert"));
    expect(await preview.getByRole("button", { name: "File GSTR-1" }).isDisabled()).toBe(true);
    await preview.getByRole("button", { name: "Cancel" }).click();
    await hidden(preview);

    // Last month's (registered then, no sales) can be filed.
    await filing.getByLabel("Return Period").fill(lastPeriod);
    await fileGstr1.click();
    preview = page.getByRole("dialog", { name: /^GSTR-1 for / });
    await visible(preview.getByRole("region", { name: "Return totals" }));
    await preview.getByRole("button", { name: "File GSTR-1" }).click();
    await visible(toast("GSTR-1 Filed Successfully"), 30_000);
    const arnText = await toast(/^ARN: /).textContent();
    const arn = arnText!.replace(/^ARN: /, "");
    expect(arn.length).toBeGreaterThan(5);

    const row = page.getByRole("row", { name: `GSTR-1 ${lastPeriod}` });
    await visible(row.getByText("filed", { exact: true }));
    await visible(row.getByText(arn));
    await visible(row.getByText("Sandbox"));

    const [json] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: `Download JSON GSTR-1 ${lastPeriod}` }).click()]);
    expect(json.suggestedFilename()).toBe(`GSTR1-${lastPeriod}.json`);
    const returnJson = JSON.parse(await readFile(await json.path(), "utf8")) as { gstin?: string; fp?: string };
    expect(returnJson.gstin).toBe(businessGstin);
    expect(returnJson.fp).toBe(lastPeriod);
    await noToasts();
    await screenshot(page, "exp-06-gst-returns");

    // Filed once: its preview says so and offers no second filing.
    await fileGstr1.click();
    preview = page.getByRole("dialog", { name: /^GSTR-1 for / });
    await visible(preview.getByText(/A filed return cannot be filed again/));
    expect(await preview.getByRole("button", { name: "File GSTR-1" }).isDisabled()).toBe(true);
    await preview.getByRole("button", { name: "Cancel" }).click();
    await hidden(preview);
  });

  it("reconciles purchases against the period's GSTR-2B", async () => {
    const gstr2b = {
      chksum: "e2e",
      data: {
        gstin: businessGstin,
        rtnprd: period,
        gendt: `14-${month}-${year}`,
        docdata: {
          b2b: [
            {
              ctin: vendorGstin,
              trdnm: "Rao Stationers",
              supprd: period,
              inv: [
                {
                  inum: vendorInvoiceNumber,
                  dt: `${day}-${month}-${year}`,
                  val: 1180,
                  pos: "27",
                  rev: "N",
                  itcavl: "Y",
                  items: [{ num: 1, rt: 18, txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }],
                },
              ],
            },
            {
              ctin: otherSupplierGstin,
              trdnm: "Capital Traders",
              supprd: period,
              inv: [
                {
                  inum: "CT-77",
                  dt: `${day}-${month}-${year}`,
                  val: 590,
                  pos: "27",
                  rev: "N",
                  itcavl: "Y",
                  items: [{ num: 1, rt: 18, txval: 500, igst: 90, cgst: 0, sgst: 0, cess: 0 }],
                },
              ],
            },
          ],
        },
      },
    };

    const card = page.getByRole("region", { name: "Purchase Reconciliation" });
    const start = card.getByRole("button", { name: "Start Reconciliation" });
    expect(await start.isDisabled()).toBe(true);
    await card.getByLabel("GSTR-2B JSON").setInputFiles({ name: `GSTR2B-${period}.json`, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(gstr2b)) });
    await visible(card.getByText(/2 invoices from 2 suppliers/));
    // The file names its period, which fills the empty input.
    expect(await card.getByLabel("Reconciliation Period").inputValue()).toBe(period);
    await start.click();
    await visible(toast("Reconciliation Complete"), 30_000);
    await visible(toast("Matched: 1, Unmatched: 1"));

    await visible(card.getByRole("region", { name: "Exact match" }).getByRole("row", { name: `${vendorInvoiceNumber} Exact match` }));
    const missing = card.getByRole("row", { name: "CT-77 Missing in books" });
    await visible(missing.getByText(otherSupplierGstin));
    await noToasts();
    await screenshot(page, "exp-07-reconciliation");
    expect(pageErrors).toEqual([]);
  });
});
