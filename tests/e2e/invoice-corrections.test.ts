import { financialYearOf, gstinCheckCharacter, indianDateOf, seriesNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, noToastsIn, registerThroughUi, screenshot, toastIn, visible, rowMenuItem } from "./support/browser.ts";

/**
 * Issue 9 in a real browser against `bahi start`: an unpaid invoice is edited through the
 * create form (its number stays, the tax is worked out again, the stock follows), then
 * cancelled with a reason: it keeps its number, says so on its face, and can no longer be
 * paid or changed.
 */
describe("invoice edit and cancel", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Farida",
    lastName: "Shaikh",
    email: `farida.shaikh.${Date.now()}@example.in`,
    password: "corrections-allowed",
    company: "Shaikh Textiles",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const today = indianDateOf(new Date());
  const number = seriesNumber("INV", financialYearOf(today), 1);

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

  it("creates an invoice for 2 sarees through the form", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Bhiwandi, Thane 421302" });
    await send("post", "/api/products", { name: "Paithani Saree", sku: "PAI-01", category: "Clothing", price: "2000.00", stock: 40, minStock: 1, gstRate: "5", hsnCode: "5007" });
    await send("post", "/api/customers", { name: "Joshi Boutique", stateCode: "27", address: "FC Road, Pune 411004" });

    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create New Invoice" });
    await choose(dialog, "Customer", /Joshi Boutique/);
    await choose(dialog, "Product 1", /Paithani Saree/);
    await dialog.getByLabel("Qty 1").fill("2");
    await visible(totalLine(dialog, "Total").getByText("₹4,200.00"));
    await dialog.getByRole("button", { name: "Create Invoice" }).click();
    await visible(toast("Invoice created successfully"));
    await hidden(dialog);
    await visible(row().getByText("₹4,200"));
    expect(await stock()).toBe(38);
    await noToastsIn(page);
  });

  it("edits it: the form opens prefilled, the number stays, totals and stock follow", async () => {
    await (await rowMenuItem(page, row(), number, `Edit ${number}`)).click();
    const dialog = page.getByRole("dialog", { name: `Edit Invoice ${number}` });
    await visible(dialog);
    const numberField = dialog.getByLabel("Invoice Number");
    expect(await numberField.inputValue()).toBe(number);
    expect(await numberField.getAttribute("readonly")).not.toBeNull();
    expect(await dialog.getByLabel("Qty 1").inputValue()).toBe("2");
    await visible(dialog.getByRole("combobox", { name: "Customer" }).getByText("Joshi Boutique"));
    await dialog.getByLabel("Qty 1").fill("5");
    await visible(totalLine(dialog, "CGST").getByText("₹250.00"));
    await visible(totalLine(dialog, "Total").getByText("₹10,500.00"));
    await screenshot(page, "corr-01-edit-form");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await visible(toast("Invoice updated successfully"));
    await hidden(dialog);
    await visible(row().getByText("₹10,500"));
    expect(await page.getByRole("row", { name: /INV\// }).count()).toBe(1);
    expect(await stock()).toBe(35);

    await row()
      .getByRole("button", { name: `View ${number}` })
      .click();
    const preview = page.getByRole("dialog", { name: `Invoice ${number}` });
    await visible(preview.getByText(/Revised on/));
    await preview.getByRole("button", { name: "Close" }).first().click();
    await hidden(preview);
    await noToastsIn(page);
  });

  it("cancels it with a reason: the number stays, the stock comes back, it can no longer be paid or edited", async () => {
    await (await rowMenuItem(page, row(), number, `Cancel ${number}`)).click();
    const confirm = page.getByRole("alertdialog", { name: `Cancel invoice ${number}?` });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Cancel Invoice" }).click();
    await visible(confirm.getByText("Reason is required"));
    await confirm.getByLabel("Reason").fill("Customer returned the order before dispatch");
    await screenshot(page, "corr-02-cancel-confirm");
    await confirm.getByRole("button", { name: "Cancel Invoice" }).click();
    await visible(toast("Invoice cancelled"));
    await hidden(confirm);

    await visible(row().getByText("cancelled", { exact: true }));
    expect(
      await row()
        .getByRole("button", { name: `Mark Paid ${number}` })
        .count(),
    ).toBe(0);
    expect(await (await rowMenuItem(page, row(), number, `Cancel ${number}`)).count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(await stock()).toBe(40);

    await row()
      .getByRole("button", { name: `View ${number}` })
      .click();
    const preview = page.getByRole("dialog", { name: `Invoice ${number}` });
    await visible(preview.getByText(/Cancelled on .*\(Customer returned the order before dispatch\)/));
    await screenshot(page, "corr-03-cancelled-preview");
    await preview.getByRole("button", { name: "Close" }).first().click();
    await hidden(preview);

    await (await rowMenuItem(page, row(), number, `Edit ${number}`)).click();
    const view = page.getByRole("dialog", { name: `Edit Invoice ${number}` });
    await visible(view.getByText("This invoice is cancelled and cannot be changed. Issue a new invoice instead."));
    expect(await view.getByRole("button", { name: "Save Changes" }).count()).toBe(0);
    await view.getByRole("button", { name: "Close" }).first().click();
    await hidden(view);
    expect(pageErrors).toEqual([]);
  });
});
