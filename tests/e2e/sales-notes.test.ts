import { financialYearOf, gstinCheckCharacter, indianDateOf, seriesNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, noToastsIn, registerThroughUi, screenshot, toastIn, visible, rowMenuItem } from "./support/browser.ts";

/**
 * Issue 9, s.34 in a real browser against `bahi start`: an invoice is created and edited, then
 * part of it comes back and a credit note (sales return) is issued from the invoice's row. The
 * note gets the first number of the CN series, the stock comes back, and the invoice shows its
 * note and what the customer owes on it after the note.
 */
describe("credit note from an invoice", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Nandini",
    lastName: "Kulkarni",
    email: `nandini.kulkarni.${Date.now()}@example.in`,
    password: "returns-accepted",
    company: "Kulkarni Handlooms",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const today = indianDateOf(new Date());
  const number = seriesNumber("INV", financialYearOf(today), 1);
  const noteNumber = seriesNumber("CN", financialYearOf(today), 1);

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
  const totalLine = (dialog: Locator, label: string) => dialog.getByRole("definition").and(page.getByLabel(label, { exact: true }));
  const row = () => page.getByRole("row", { name: number });

  const send = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(page, app.baseUrl, method, path, data);
  const stock = async () => ((await (await page.request.get(`${app.baseUrl}/api/products`)).json()) as { stock: number }[])[0]!.stock;

  it("creates an invoice for 2 sarees and edits it to 5", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Bhiwandi, Thane 421302" });
    await send("post", "/api/products", { name: "Paithani Saree", sku: "PAI-01", category: "Clothing", price: "2000.00", stock: 40, minStock: 1, gstRate: "5", hsnCode: "5007" });
    await send("post", "/api/customers", { name: "Joshi Boutique", stateCode: "27", address: "FC Road, Pune 411004" });

    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const form = page.getByRole("dialog", { name: "Create New Invoice" });
    await choose(form, "Customer", /Joshi Boutique/);
    await choose(form, "Product 1", /Paithani Saree/);
    await form.getByLabel("Qty 1").fill("2");
    await visible(totalLine(form, "Total").getByText("₹4,200.00"));
    await form.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(form);
    await visible(row().getByText("₹4,200"));

    await (await rowMenuItem(page, row(), number, `Edit ${number}`)).click();
    const edit = page.getByRole("dialog", { name: `Edit Invoice ${number}` });
    await edit.getByLabel("Qty 1").fill("5");
    await visible(totalLine(edit, "Total").getByText("₹10,500.00"));
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await visible(toast("Invoice updated successfully"));
    await hidden(edit);
    await visible(row().getByText("₹10,500"));
    expect(await stock()).toBe(35);
    await noToastsIn(page);
  });

  it("s.34(1): a credit note for 2 returned sarees, prefilled from the invoice, brings the stock back", async () => {
    await (await rowMenuItem(page, row(), number, `Credit Note ${number}`)).click();
    const dialog = page.getByRole("dialog", { name: `Credit Note for ${number}` });
    await visible(dialog);
    // Prefilled with the invoice's line: its quantity and rate.
    expect(await dialog.getByLabel("Qty 1").inputValue()).toBe("5");
    expect(await dialog.getByLabel("Price 1").inputValue()).toBe("2000.00");
    expect(await dialog.getByLabel("Date").inputValue()).toBe(today);
    await choose(dialog, "Reason", "Sales return");
    await dialog.getByLabel("Qty 1").fill("2");
    await visible(dialog.getByLabel("Taxable value").getByText("₹4,000.00"));
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "notes-01-credit-note-form-1280");
    await dialog.getByRole("button", { name: "Issue Credit Note" }).click();
    await visible(toast("Credit Note issued"));
    await hidden(dialog);
    expect(await stock()).toBe(37);

    // The list: the note under its CN number, the invoice's net total beside its total.
    const noteRow = page.getByRole("region", { name: "Credit & Debit Notes" }).getByRole("row", { name: noteNumber });
    await visible(noteRow.getByText(number));
    await visible(noteRow.getByText("Sales return"));
    await visible(noteRow.getByText("−₹4,200.00"));
    await visible(row().getByText("Net ₹6,300.00"));
    await noToastsIn(page);
    await screenshot(page, "notes-02-list-1280");
  });

  it("the invoice preview lists its note and the net total", async () => {
    await row()
      .getByRole("button", { name: `View ${number}` })
      .click();
    const preview = page.getByRole("dialog", { name: `Invoice ${number}` });
    const notes = preview.getByRole("region", { name: "Credit and debit notes" });
    await visible(notes.getByText(noteNumber));
    await visible(notes.getByLabel("Net total").getByText("₹6,300.00"));
    await notes.scrollIntoViewIfNeeded();
    await screenshot(page, "notes-03-preview-1280");
    await preview.getByRole("button", { name: "Close" }).first().click();
    await hidden(preview);

    expect(pageErrors).toEqual([]);
  });

  it("s.34: crediting more than is left on the invoice shows the server's reason and issues nothing", async () => {
    await (await rowMenuItem(page, row(), number, `Credit Note ${number}`)).click();
    const dialog = page.getByRole("dialog", { name: `Credit Note for ${number}` });
    // 5 more sarees (₹10,000) against the ₹6,000 of taxable value left after CN/…/0001.
    await dialog.getByRole("button", { name: "Issue Credit Note" }).click();
    await visible(dialog.getByRole("alert").getByText(new RegExp(number)));
    await screenshot(page, "notes-05-over-credit-1280");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);
    expect(await page.getByRole("region", { name: "Credit & Debit Notes" }).getByRole("row", { name: /CN\// }).count()).toBe(1);
    expect(await stock()).toBe(37);

    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page.getByRole("row", { name: noteNumber }));
    await screenshot(page, "notes-04-list-390");
    // Issue 10: on a phone each invoice is a card (a list item), not a table row.
    await (await rowMenuItem(page, page.getByRole("listitem", { name: number }), number, `Debit Note ${number}`)).click();
    const debit = page.getByRole("dialog", { name: `Debit Note for ${number}` });
    await visible(debit.getByLabel("Qty 1"));
    await screenshot(page, "notes-06-debit-note-form-390");
    await debit.getByRole("button", { name: "Cancel" }).click();
    await hidden(debit);
    expect(pageErrors).toEqual([]);
  });
});
