import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gstinCheckCharacter, indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { chooseIn, hidden, launchBrowser, navLink, newAppPage, noToastsIn, registerThroughUi, toastIn, visible } from "./support/browser.ts";

/** Where the brief asks the review screenshots to go (desktop 1280×800 and phone 390×844). */
const shotsDir = "/tmp/shots";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A Maharashtra business registered for GST last month buys stationery at 5% from a Karnataka
 * supplier, reconciles the purchase against last month's GSTR-2B (the supplier wrote the bill
 * number slightly differently: a suggested match it accepts), files last month's GSTR-1 and then
 * its GSTR-3B claiming the ITC, through the preview; a late bill for the filed month is moved
 * into the open one. In a real browser against `bahi start`.
 */
describe("purchases, ITC and filing", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Sunita",
    lastName: "Patil",
    email: `sunita.patil.${Date.now()}@example.in`,
    password: "input-tax-credit",
    company: "Patil Stationery Mart",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const vendorGstin = `29AABCR1718E1Z${gstinCheckCharacter("29AABCR1718E1Z")}`;

  // Last month in India: its returns are the ones due now.
  const today = indianDateOf(new Date());
  const [thisYear, thisMonth] = today.split("-").map(Number) as [number, number];
  const lastYear = thisMonth === 1 ? thisYear - 1 : thisYear;
  const lastMonth = thisMonth === 1 ? 12 : thisMonth - 1;
  const mm = String(lastMonth).padStart(2, "0");
  const lastPeriod = `${mm}${lastYear}`;
  const lastLabel = `${MONTHS[lastMonth - 1]} ${lastYear}`;
  const thisLabel = `${MONTHS[thisMonth - 1]} ${thisYear}`;
  const registrationDate = `${lastYear}-${mm}-01`;
  const billDate = `${lastYear}-${mm}-15`;
  const booksNumber = "KS/0731";
  const portalNumber = "KS/0731A";

  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
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

  const toast = (text: string | RegExp) => toastIn(page, text);
  const nav = (label: string) => navLink(page, label);
  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);

  /** The same screen at desktop and phone sizes, `focus` scrolled into view; the viewport goes back to desktop after. */
  async function shots(name: string, focus: Locator): Promise<void> {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await focus.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), animations: "disabled" });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
  }

  it("sets the GSTIN and a registration date in last month", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("GSTIN", { exact: true }).fill(businessGstin);
    await page.getByLabel("Business Address").fill("22 Tilak Road, Pune 411002");
    await page.getByLabel("GST registration date").fill(registrationDate);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await visible(toast("Business profile saved"));

    await nav("GST Compliance").click();
    const periods = page.getByRole("region", { name: "Return periods" });
    // Registered last month: last month and this one, newest first; nothing before.
    await visible(periods.getByRole("row", { name: lastLabel }));
    await visible(periods.getByRole("row", { name: thisLabel }));
    expect(await periods.getByRole("row").count()).toBe(3);
    await visible(periods.getByRole("cell", { name: `GSTR-3B ${lastLabel}` }).getByText(/^(Due|Overdue)$/));
    await visible(periods.getByRole("cell", { name: `GSTR-1 ${thisLabel}` }).getByText("Not due"));
  });

  it("adds a supplier registered in Karnataka", async () => {
    await nav("Vendors").click();
    await page.getByRole("button", { name: "Add Vendor" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Vendor" });
    await dialog.getByLabel("Name").fill("Karnataka Stationers");
    await dialog.getByLabel("Address").fill("3 Avenue Road, Bengaluru 560002");
    await dialog.getByLabel("GST Number").fill(vendorGstin);
    await dialog.getByRole("button", { name: "Add Vendor" }).click();
    await visible(toast("Vendor added successfully"));
    await hidden(dialog);
  });

  it("records last month's bill at 5% through the form", async () => {
    await nav("Expenses").click();
    await page.getByRole("button", { name: "Add Expense" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Expense" });
    await visible(dialog);
    await choose(dialog, "Vendor", /Karnataka Stationers/);
    await choose(dialog, "Category", "Food & Beverages");
    // s.17(5)(b)(i): the category's credit is blocked unless a reason is given.
    const itc = dialog.getByRole("group", { name: "Input tax credit" });
    await visible(itc.getByText("Input tax credit: blocked — s.17(5)(b)(i)"));
    expect(await itc.getByRole("switch", { name: "Eligible for input tax credit" }).getAttribute("aria-checked")).toBe("false");
    await choose(dialog, "Category", "Supplies");
    await visible(itc.getByText("Input tax credit: eligible (s.16(1))"));
    expect(await itc.getByRole("switch", { name: "Eligible for input tax credit" }).getAttribute("aria-checked")).toBe("true");

    await dialog.getByLabel("Description").fill("Exercise books for resale");
    await dialog.getByLabel("Amount (₹)").fill("10000");
    await dialog.getByLabel("Date").fill(billDate);
    await choose(dialog, "GST Rate", "5%");
    const summary = dialog.getByRole("region", { name: "Expense summary" });
    await visible(summary.getByLabel("IGST (5%)", { exact: true }).getByText("₹500.00"));
    await visible(summary.getByLabel("Total", { exact: true }).getByText("₹10,500.00"));
    expect(await dialog.getByLabel("GST on the Bill (₹)").inputValue()).toBe("500.00");
    // A figure more than ₹1 away from 5% is a typing slip.
    await dialog.getByLabel("GST on the Bill (₹)").fill("520");
    await visible(dialog.getByText("GST amount ₹520.00 does not match 5% of ₹10000.00 (₹500.00)"));
    await dialog.getByRole("button", { name: "Use ₹500.00" }).click();
    expect(await dialog.getByLabel("GST on the Bill (₹)").inputValue()).toBe("500.00");

    await dialog.getByRole("button", { name: /Purchase details for input tax credit/ }).click();
    const details = dialog.getByRole("group", { name: "Purchase details for input tax credit" });
    await details.getByLabel("Vendor Invoice Number").fill(booksNumber);
    await details.getByLabel("Vendor Invoice Date").fill(billDate);
    await details.getByLabel("HSN/SAC Code").fill("4820");
    await noToastsIn(page);
    await shots("expense-form-top", dialog.getByRole("combobox", { name: "Document Type" }));
    await shots("expense-form", summary);

    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await visible(toast("Expense added successfully"));
    await hidden(dialog);
    const row = page.getByRole("row", { name: "Exercise books for resale" });
    await visible(row.getByText("₹500"));
    await visible(row.getByText("IGST", { exact: true }));
  });

  it("reconciles last month's GSTR-2B: a suggested match, accepted", async () => {
    const [day, month, year] = [billDate.slice(8, 10), billDate.slice(5, 7), billDate.slice(0, 4)];
    const gstr2b = (gstin: string) => ({
      chksum: "e2e",
      data: {
        gstin,
        rtnprd: lastPeriod,
        gendt: `14-${String(thisMonth).padStart(2, "0")}-${thisYear}`,
        docdata: {
          b2b: [
            {
              ctin: vendorGstin,
              trdnm: "Karnataka Stationers",
              supprd: lastPeriod,
              inv: [
                {
                  inum: portalNumber,
                  dt: `${day}-${month}-${year}`,
                  val: 10500,
                  pos: "27",
                  rev: "N",
                  itcavl: "Y",
                  typ: "R",
                  items: [{ num: 1, rt: 5, txval: 10000, igst: 500, cgst: 0, sgst: 0, cess: 0 }],
                },
              ],
            },
          ],
        },
      },
    });

    await nav("GST Compliance").click();
    await page.getByRole("tab", { name: "GST Returns" }).click();
    const card = page.getByRole("region", { name: "Purchase Reconciliation" });
    // Another business's 2B is refused with the server's reason, and nothing is recorded.
    const otherGstin = `29AABCR1718E1Z${gstinCheckCharacter("29AABCR1718E1Z")}`;
    await card.getByLabel("GSTR-2B JSON").setInputFiles({ name: "other.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(gstr2b(otherGstin))) });
    // The file names its period, which fills the empty input.
    await visible(card.getByText(/other\.json: 1 invoice from 1 supplier/));
    expect(await card.getByLabel("Reconciliation Period").inputValue()).toBe(lastPeriod);
    await card.getByRole("button", { name: "Start Reconciliation" }).click();
    await visible(card.getByRole("alert").getByText(/This GSTR-2B is for GSTIN/));
    await visible(toast("Reconciliation Failed"));

    await card
      .getByLabel("GSTR-2B JSON")
      .setInputFiles({ name: `GSTR2B-${lastPeriod}.json`, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(gstr2b(businessGstin))) });
    await visible(card.getByText(new RegExp(`GSTR2B-${lastPeriod}\\.json: 1 invoice`)));
    await card.getByRole("button", { name: "Start Reconciliation" }).click();
    await visible(toast("Reconciliation Complete"), 30_000);

    const suggested = card.getByRole("region", { name: "Suggested match" });
    const row = suggested.getByRole("row", { name: `${portalNumber} Suggested match` });
    await visible(row.getByText(booksNumber, { exact: true }));
    await visible(row.getByText(portalNumber, { exact: true }));
    await noToastsIn(page);
    await shots("reconciliation", row);

    await row.getByRole("button", { name: `Accept ${portalNumber}` }).click();
    await visible(toast("Match accepted"));
    await visible(row.getByText("Accepted", { exact: true }));
    expect(await row.getByRole("button", { name: `Accept ${portalNumber}` }).count()).toBe(0);
  });

  it("refuses this month's returns until the month ends, and files last month's GSTR-1", async () => {
    const filing = page.getByRole("region", { name: "File returns" });
    const thisPeriod = `${String(thisMonth).padStart(2, "0")}${thisYear}`;
    await filing.getByLabel("Return Period").fill(thisPeriod);
    await filing.getByRole("button", { name: "File GSTR-1" }).click();
    let preview = page.getByRole("dialog", { name: `GSTR-1 for ${thisLabel}` });
    await visible(preview.getByRole("alert"));
    expect(await preview.getByRole("button", { name: "File GSTR-1" }).isDisabled()).toBe(true);
    await preview.getByRole("button", { name: "Cancel" }).click();
    await hidden(preview);

    await filing.getByLabel("Return Period").fill(lastPeriod);
    await filing.getByRole("button", { name: "File GSTR-1" }).click();
    preview = page.getByRole("dialog", { name: `GSTR-1 for ${lastLabel}` });
    await visible(preview.getByRole("region", { name: "Return totals" }));
    await preview.getByRole("button", { name: "File GSTR-1" }).click();
    await visible(toast("GSTR-1 Filed Successfully"), 30_000);
    await hidden(preview);
    await visible(page.getByRole("row", { name: `GSTR-1 ${lastPeriod}` }).getByText("filed", { exact: true }));
  });

  it("previews last month's GSTR-3B with the ITC, files it and sees the ARN", async () => {
    const filing = page.getByRole("region", { name: "File returns" });
    await noToastsIn(page);
    await filing.getByRole("button", { name: "File GSTR-3B" }).click();
    const preview = page.getByRole("dialog", { name: `GSTR-3B for ${lastLabel}` });
    await visible(preview.getByRole("region", { name: "Return totals" }), 30_000);
    await visible(preview.getByRole("group", { name: "Input tax credit" }).getByText("₹500.00"));
    // Table 4(A)(5): all other ITC, the accepted bill's IGST.
    await visible(preview.getByRole("row", { name: "4(A)(5)" }).getByText("₹500.00"));
    await visible(preview.getByRole("row", { name: "4(C)" }).getByText("₹500.00"));
    await shots("gstr3b-preview", preview.getByRole("heading", { name: `GSTR-3B for ${lastLabel}` }));
    await shots("gstr3b-preview-itc", preview.getByRole("row", { name: "4(C)" }));
    const file = preview.getByRole("button", { name: "File GSTR-3B" });
    expect(await file.isDisabled()).toBe(false);
    await file.click();
    await visible(toast("GSTR-3B Filed Successfully"), 30_000);
    const arn = (await toast(/^ARN: /).textContent())!.replace(/^ARN: /, "");
    expect(arn.length).toBeGreaterThan(5);
    const row = page.getByRole("row", { name: `GSTR-3B ${lastPeriod}` });
    await visible(row.getByText("filed", { exact: true }));
    await visible(row.getByText(arn));
    await visible(row.getByText("₹500.00"));
    await noToastsIn(page);
    await page.screenshot({ path: join(shotsDir, "returns-list-1280.png"), fullPage: true, animations: "disabled" });
  });

  it("moves a late bill for the filed month into the open one after asking", async () => {
    await nav("Expenses").click();
    await page.getByRole("button", { name: "Add Expense" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Expense" });
    await choose(dialog, "Vendor", /Karnataka Stationers/);
    await choose(dialog, "Category", "Supplies");
    await dialog.getByLabel("Description").fill("Late bill: printer ink");
    await dialog.getByLabel("Amount (₹)").fill("2000");
    await dialog.getByLabel("Date").fill(billDate);
    await dialog.getByRole("button", { name: "Add Expense" }).click();

    const ask = page.getByRole("alertdialog", { name: `${lastLabel} is already filed` });
    await visible(ask);
    await visible(ask.getByRole("region", { name: "Effect of reporting later" }));
    // Cancel keeps the form as it was.
    await ask.getByRole("button", { name: "Cancel" }).click();
    await hidden(ask);
    expect(await dialog.getByLabel("Description").inputValue()).toBe("Late bill: printer ink");

    await dialog.getByRole("button", { name: "Add Expense" }).click();
    await visible(ask);
    await ask.getByRole("button", { name: `Report in ${thisLabel}` }).click();
    await visible(toast("Expense added successfully"));
    await hidden(dialog);
    await visible(page.getByRole("row", { name: "Late bill: printer ink" }));
    expect(pageErrors).toEqual([]);
  });
});
