import { readFile } from "node:fs/promises";
import { gstinCheckCharacter } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Download, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { hidden, launchBrowser, screenshot, visible, toastIn, navLink, chooseIn, newAppPage, registerThroughUi, rowMenuItem } from "./support/browser.ts";

/**
 * The money path in a real browser against `bahi start`: a business owner sets up a GST
 * profile, stocks products, bills a customer in another state (IGST), previews and downloads
 * the invoice, marks it paid and sees the dashboard move.
 */
describe("a business owner's first GST invoice", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  let invoiceNumber = "";

  const owner = {
    firstName: "Meera",
    lastName: "Kulkarni",
    email: `meera.kulkarni.${Date.now()}@example.in`,
    password: "ledger-and-chai",
    company: "Kulkarni Garments",
  };
  // Maharashtra (27) sells to Karnataka (29): an inter-state supply, so IGST.
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const customerGstin = `29AABCR1718E1Z${gstinCheckCharacter("29AABCR1718E1Z")}`;

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

  const toast = (text: string) => toastIn(page, text);
  const nav = (label: string) => navLink(page, label);

  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);

  async function downloadText(download: Download): Promise<string> {
    const path = await download.path();
    return readFile(path, "utf8");
  }

  it("registers and sets the business profile in Settings", async () => {
    await registerThroughUi(page, app.baseUrl, owner);

    // Without a business state the invoice form cannot tell CGST+SGST from IGST: it sends the user to Settings.
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const form = page.getByRole("dialog", { name: "Create New Invoice" });
    await visible(form.getByText(/Add your business details before creating invoices/));
    expect(await form.getByRole("button", { name: "Create Invoice" }).isDisabled()).toBe(true);
    await form.getByRole("link", { name: "Go to Settings" }).click();
    await page.waitForURL(`${app.baseUrl}/settings`);
    await hidden(form);
    await visible(page.getByRole("heading", { name: "Settings" }));
    const plan = page.getByRole("region", { name: "Plan" });
    await visible(plan.getByText("0 of 10 invoices used this month"));
    await visible(plan.getByRole("button", { name: "Upgrade to Professional" }));

    await visible(page.getByLabel("Company Name", { exact: true }));
    expect(await page.getByLabel("Company Name", { exact: true }).inputValue()).toBe(owner.company);
    // Without a GSTIN the business picks its state; with one, the state and PAN come from it.
    await visible(page.getByRole("combobox", { name: "State" }));
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    const derived = page.getByRole("definition").filter({ hasText: "27-Maharashtra" });
    await visible(derived);
    await visible(page.getByText("AAPFU0939F", { exact: true }));
    expect(await page.getByRole("combobox", { name: "State" }).count()).toBe(0);
    await page.getByLabel("Business Address").fill("Shop 4, Station Road, Pune 411001");
    await choose(page, "Business Type", "Partnership");
    await choose(page, "GST Category", "Regular");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toast("Business profile saved"));
    await screenshot(page, "inv-01-settings");
  });

  it("adds products, sees a low-stock alert and receives stock", async () => {
    await nav("Inventory").click();
    await visible(page.getByText("No products found. Add your first product to get started."));
    await visible(page.getByText("All products are well stocked"));

    async function addProduct(product: { name: string; sku: string; price: string; stock: string; minStock?: string; hsn: string }) {
      await page.getByRole("button", { name: "Add Product" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add New Product" });
      await visible(dialog);
      await dialog.getByLabel("Product Name").fill(product.name);
      await dialog.getByLabel("SKU").fill(product.sku);
      await choose(dialog, "Category", "Clothing");
      await dialog.getByLabel("Price (₹)").fill(product.price);
      // GST Rate defaults to 18%.
      await visible(dialog.getByRole("combobox", { name: "GST Rate" }).getByText("18%"));
      await dialog.getByLabel("Opening Stock").fill(product.stock);
      if (product.minStock) await dialog.getByLabel("Min Stock").fill(product.minStock);
      await dialog.getByLabel("HSN Code").fill(product.hsn);
      await dialog.getByRole("button", { name: "Add Product" }).click();
      await visible(toast("Product added successfully"));
      await hidden(dialog);
    }

    await addProduct({ name: "Cotton Shirt", sku: "SHIRT-001", price: "1000", stock: "50", hsn: "6205" });
    await visible(page.getByRole("row", { name: "Cotton Shirt" }).getByText("50", { exact: true }));
    await visible(page.getByRole("group", { name: "Stock Value" }).getByText("₹50,000"));

    await addProduct({ name: "Linen Scarf", sku: "SCARF-002", price: "500", stock: "5", minStock: "10", hsn: "6214" });
    const alerts = page.getByRole("region", { name: "Low Stock Alerts" });
    await visible(alerts.getByText("Only 5 left (Min: 10)"));
    await visible(page.getByRole("group", { name: "Low Stock", exact: true }).getByText("1", { exact: true }));
    await visible(page.getByRole("group", { name: "Clothing" }).getByText("2 items"));

    await alerts.getByRole("button", { name: "Reorder Linen Scarf" }).click();
    const receive = page.getByRole("dialog", { name: "Receive stock" });
    await receive.getByLabel("Quantity").fill("20");
    await receive.getByLabel("Note").fill("Supplier bill 771");
    await receive.getByRole("button", { name: "Receive Stock" }).click();
    await visible(toast("Stock received successfully"));
    await hidden(receive);
    await visible(page.getByRole("row", { name: "Linen Scarf" }).getByText("25", { exact: true }));
    await visible(alerts.getByText("All products are well stocked"));
    await visible(page.getByRole("group", { name: "Stock Value" }).getByText("₹62,500"));
    await screenshot(page, "inv-02-inventory");
  });

  it("adds a customer registered in Karnataka", async () => {
    await nav("Customers").click();
    await page.getByRole("button", { name: "Add Customer" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await dialog.getByLabel("Name").fill("Rao Textiles");
    await dialog.getByLabel("Address", { exact: true }).fill("12 Residency Road, Bengaluru 560025");
    await dialog.getByLabel("GST Number").fill(customerGstin);
    // The GSTIN decides the state and locks it.
    const state = dialog.getByRole("combobox", { name: "State" });
    await visible(state.getByText("29-Karnataka"));
    expect(await state.isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await visible(toast("Customer added successfully"));
    await visible(page.getByRole("article", { name: "Rao Textiles" }).getByText("29-Karnataka"));
  });

  it("creates an inter-state invoice with two lines and IGST", async () => {
    await nav("Invoices").click();
    await visible(page.getByText("No invoices found. Create your first invoice to get started."));
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await visible(dialog);

    // Left empty, the number field takes the next one of the series, which it shows.
    const numberField = dialog.getByLabel("Invoice Number");
    expect(await numberField.inputValue()).toBe("");
    await visible(dialog.locator('input[placeholder$="(next)"]'));
    const placeholder = (await numberField.getAttribute("placeholder")) ?? "";
    expect(placeholder).toMatch(/^INV\/\d{2}-\d{2}\/0001 \(next\)$/);
    invoiceNumber = placeholder.replace(" (next)", "");

    // Nothing chosen yet: the schema's messages.
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(dialog.getByText("Customer is required"));
    await visible(dialog.getByText(/Product is required/));

    await choose(dialog, "Customer", /Rao Textiles/);
    await visible(dialog.getByRole("combobox", { name: "Place of Supply" }).getByText("29-Karnataka"));

    await choose(dialog, "Product 1", /Cotton Shirt/);
    expect(await dialog.getByLabel("Price 1").inputValue()).toBe("1000.00");
    await visible(dialog.getByRole("combobox", { name: "GST (%) 1" }).getByText("18%"));
    await dialog.getByLabel("Qty 1").fill("2");
    expect(await dialog.getByRole("button", { name: "Remove item 1" }).count()).toBe(0);

    await dialog.getByRole("button", { name: "Add Item" }).click();
    await choose(dialog, "Product 2", /Linen Scarf/);
    await dialog.getByLabel("Qty 2").fill("1");
    await visible(dialog.getByRole("button", { name: "Remove item 2" }));
    await dialog.getByLabel("Notes").fill("Payment within 30 days. Thank you!");

    const totals = dialog.getByRole("definition");
    await visible(dialog.getByLabel("Amount 1").getByText("₹2,360.00"));
    await visible(dialog.getByLabel("Amount 2").getByText("₹590.00"));
    await visible(totals.and(page.getByLabel("Subtotal", { exact: true })).getByText("₹2,500.00"));
    await visible(totals.and(page.getByLabel("IGST", { exact: true })).getByText("₹450.00"));
    await visible(totals.and(page.getByLabel("Total", { exact: true })).getByText("₹2,950.00"));
    expect(await totals.and(page.getByLabel("CGST", { exact: true })).count()).toBe(0);
    await screenshot(page, "inv-03-invoice-form");

    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);
    const row = page.getByRole("row", { name: invoiceNumber });
    await visible(row);
    await visible(row.getByText("Rao Textiles"));
    await visible(row.getByText("₹2,950"));
    await visible(row.getByText("₹450"));
    await visible(row.getByText("pending"));
    await visible(page.getByRole("group", { name: "Pending", exact: true }).getByText("1", { exact: true }));
  });

  it("previews the invoice with IGST and the place of supply, and downloads its PDF", async () => {
    await page.getByRole("button", { name: `View ${invoiceNumber}` }).click();
    const preview = page.getByRole("dialog", { name: `Invoice ${invoiceNumber}` });
    await visible(preview);
    await visible(preview.getByText("29-Karnataka"));
    await visible(preview.getByText("Inter-state supply: IGST"));
    await visible(preview.getByRole("columnheader", { name: "IGST" }));
    await visible(preview.getByRole("cell", { name: "6205" }));
    await visible(preview.getByRole("cell", { name: "₹360.00" }));
    await visible(preview.getByText(businessGstin));
    await visible(preview.getByText(customerGstin));
    await visible(preview.getByText("Two Thousand Nine Hundred Fifty Rupees Only"));
    await visible(preview.getByText("Payment within 30 days. Thank you!"));
    await screenshot(page, "inv-04-invoice-preview");

    const [pdf] = await Promise.all([page.waitForEvent("download"), preview.getByRole("button", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe(`${invoiceNumber.replaceAll("/", "-")}.pdf`);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await visible(toast("Invoice PDF downloaded"));
    await preview.getByRole("button", { name: "Close" }).first().click();
    await hidden(preview);
  });

  it("downloads the invoice as text and the list as CSV", async () => {
    const [text] = await Promise.all([page.waitForEvent("download"), (await rowMenuItem(page, page, invoiceNumber, `Download ${invoiceNumber}`)).click()]);
    expect(text.suggestedFilename()).toBe(`${invoiceNumber.replaceAll("/", "-")}.txt`);
    const body = await downloadText(text);
    expect(body).toContain("TAX INVOICE");
    expect(body).toContain("Place of Supply: 29-Karnataka");
    expect(body).toMatch(/IGST:\s+₹450\.00/);
    await visible(toast("Invoice downloaded successfully"));

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
    const lines = (await downloadText(csv)).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Invoice Number,Customer,Customer GSTIN,Issue Date,Due Date,Place of Supply,Taxable Value,CGST,SGST/UTGST,IGST,Total,Status");
    expect(lines[1]).toMatch(new RegExp(`^${invoiceNumber},Rao Textiles,${customerGstin},\\d{4}-\\d{2}-\\d{2},,29-Karnataka,2500.00,0.00,0.00,450.00,2950.00,pending$`));
  });

  it("opens the edit form on the unpaid invoice, marks it paid, and then only shows it", async () => {
    // Issue 9: an unpaid invoice opens the create form prefilled, its number fixed.
    await (await rowMenuItem(page, page, invoiceNumber, `Edit ${invoiceNumber}`)).click();
    const form = page.getByRole("dialog", { name: `Edit Invoice ${invoiceNumber}` });
    expect(await form.getByLabel("Invoice Number").inputValue()).toBe(invoiceNumber);
    await page.keyboard.press("Escape");
    await hidden(form);

    await page.getByRole("button", { name: `Mark Paid ${invoiceNumber}` }).click();
    await visible(toast("Invoice status updated successfully"));
    const row = page.getByRole("row", { name: invoiceNumber });
    await visible(row.getByText("paid", { exact: true }));
    expect(await page.getByRole("button", { name: `Mark Paid ${invoiceNumber}` }).count()).toBe(0);
    await visible(page.getByRole("group", { name: "Paid", exact: true }).getByText("1", { exact: true }));
    await screenshot(page, "inv-05-invoices");
    await (await rowMenuItem(page, page, invoiceNumber, `Edit ${invoiceNumber}`)).click();
    const view = page.getByRole("dialog", { name: `Edit Invoice ${invoiceNumber}` });
    await visible(view.getByText("A paid invoice cannot be changed. Issue a credit or debit note to correct it."));
    await page.keyboard.press("Escape");
    await hidden(view);
  });

  it("sees the sale on the dashboard, its chart, and finds it through search", async () => {
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await visible(page.getByRole("region", { name: "Plan" }).getByText("1 of 10 invoices used this month"));
    await nav("Dashboard").click();
    await visible(page.getByRole("group", { name: "Total Sales" }).getByText("₹2,500"));
    await visible(page.getByRole("group", { name: "Outstanding" }).getByText("₹0"));
    await visible(page.getByRole("figure", { name: "Sales Overview chart" }));
    await visible(page.getByText("No expenses this month"));
    await visible(page.getByRole("row", { name: new RegExp(invoiceNumber) }).getByText("paid"));
    await choose(page, "Sales period", "This Year");
    await visible(page.getByRole("figure", { name: "Sales Overview chart" }));
    await choose(page, "Sales period", "Last 6 Months");
    // Let the bars finish growing and the last toast go before the picture.
    await hidden(page.locator("li[data-swipe-direction]"), 10_000);
    await page.waitForTimeout(1000);
    await screenshot(page, "inv-06-dashboard");

    // Inventory moved with the invoice: 50 − 2 shirts.
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const form = page.getByRole("dialog", { name: "Create New Invoice" });
    await visible(form);
    await form.getByRole("combobox", { name: "Product 1" }).click();
    // Radix names an option by its text only; the stock hint sits beside it.
    await visible(page.getByRole("option", { name: "Cotton Shirt" }).getByText("48 in stock"));
    await page.keyboard.press("Escape");
    await form.getByRole("button", { name: "Cancel" }).click();
    await hidden(form);

    await page.getByRole("combobox", { name: "Search" }).fill("Rao");
    const results = page.getByRole("listbox", { name: "Search results" });
    await visible(results.getByRole("option", { name: /Rao Textiles/ }).first());
    await visible(results.getByRole("group", { name: "Invoices" }));
    await results
      .getByRole("group", { name: "Invoices" })
      .getByRole("option", { name: new RegExp(invoiceNumber) })
      .click();
    await page.waitForURL(/\/invoices\?view=/);
    await visible(page.getByRole("dialog", { name: `Invoice ${invoiceNumber}` }));
  });

  it("opens Add Product from the dashboard and upgrades to Professional", async () => {
    await page.keyboard.press("Escape");
    await nav("Dashboard").click();
    await page.getByRole("link", { name: /Add Product/ }).click();
    await page.waitForURL(`${app.baseUrl}/inventory?add=1`);
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);
    await page.waitForURL(`${app.baseUrl}/inventory`);

    await page.getByRole("link", { name: "Settings", exact: true }).click();
    const plan = page.getByRole("region", { name: "Plan" });
    await plan.getByRole("button", { name: "Upgrade to Professional" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Upgrade to Professional?" });
    await confirm.getByRole("button", { name: "Upgrade", exact: true }).click();
    await visible(toast("Upgraded to Professional"));
    await hidden(confirm);
    await visible(plan.getByText("Unlimited invoices"));
    expect(await plan.getByRole("button", { name: "Upgrade to Professional" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
