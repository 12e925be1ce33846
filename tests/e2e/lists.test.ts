import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, screenshotDir, visible } from "./support/browser.ts";

/**
 * Issue 10 in a real browser: the invoice list is searched, filtered and paged by the server,
 * its state lives in the URL (a reload or a bookmark shows the same rows, Back steps back),
 * the table fits 1280×800 with Mark Paid in sight, and a phone shows each invoice as a card.
 */
describe("lists with their state in the URL", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Farah", lastName: "Khan", email: `farah.khan.${Date.now()}@example.in`, password: "many-invoices", company: "Khan Traders" };
  /** Invoice numbers by how the setup left them. */
  const paid: string[] = [];
  const unpaid: string[] = [];
  const TOTAL = 30;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await newAppPage(browser, pageErrors));
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerThroughUi(page, app.baseUrl, owner);
    await apiCall(page, app.baseUrl, "put", "/api/profile", { stateCode: "27" });
    // More than the free plan's ten a month.
    await apiCall(page, app.baseUrl, "post", "/api/profile/plan", { plan: "professional" });
    const product = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/products", {
      name: "Steel tumbler",
      sku: "TUM-1",
      category: "Other",
      price: "100",
      stock: 1000,
      gstRate: "18",
      hsnCode: "7323",
    });
    const kumar = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/customers", { name: "Kumar Kirana", stateCode: "27" });
    const zenith = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/customers", { name: "Zenith Hardware", stateCode: "27" });
    for (let index = 0; index < TOTAL; index++) {
      const quantity = index + 1;
      const subtotal = quantity * 100;
      const gst = (subtotal * 18) / 100;
      const invoice = await apiCall<{ id: string; invoiceNumber: string }>(page, app.baseUrl, "post", "/api/invoices", {
        // Zenith gets every fifth invoice.
        customerId: index % 5 === 0 ? zenith.id : kumar.id,
        issueDate: `2026-04-${String(1 + (index % 28)).padStart(2, "0")}`,
        dueDate: null,
        subtotal: String(subtotal),
        gstAmount: String(gst),
        total: String(subtotal + gst),
        items: [{ productId: product.id, quantity, price: "100", gstRate: "18", amount: `${subtotal + gst}.00` }],
      });
      // Every third invoice is paid.
      if (index % 3 === 0) {
        await apiCall(page, app.baseUrl, "patch", `/api/invoices/${invoice.id}/status`, { status: "paid" });
        paid.push(invoice.invoiceNumber);
      } else {
        unpaid.push(invoice.invoiceNumber);
      }
    }
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const rowsShown = async () =>
    page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("cell") })
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("aria-label")));

  it("fits 1280×800 with View, Record payment and Mark Paid in sight; the rest is under More actions", async () => {
    await navLink(page, "Invoices").click();
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
    // The counters are the server's, over all 30 invoices (not the 25 rows on this page).
    await visible(page.getByRole("group", { name: "Total Invoices" }).getByText(String(TOTAL), { exact: true }));
    await visible(page.getByRole("group", { name: "Paid" }).getByText(String(paid.length), { exact: true }));
    const number = unpaid.at(-1)!;
    const row = page.getByRole("row", { name: number });
    for (const name of [`View ${number}`, `Record payment ${number}`, `Mark Paid ${number}`, `More actions ${number}`]) {
      const box = await (await visible(row.getByRole("button", { name }))).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(1280);
    }
    await row.getByRole("button", { name: `More actions ${number}` }).click();
    const menu = page.getByRole("menu", { name: `More actions ${number}` });
    for (const name of ["Download", "Download PDF", "Edit", "Credit Note", "Debit Note", "Cancel"]) {
      await visible(menu.getByRole("menuitem", { name: `${name} ${number}`, exact: true }));
    }
    // What a user sees at 1280×800 with the menu open (a full-page shot would resize and close it).
    await page.screenshot({ path: `${screenshotDir}/lists-01-invoices-1280.png`, animations: "disabled" });
    await page.keyboard.press("Escape");
    await hidden(menu);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(1280);
  });

  it("filters invoices by status, and a reload of the URL shows the same rows with the filter still set", async () => {
    await page.goto(`${app.baseUrl}/invoices`);
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
    await chooseIn(page, page, "Status", /^Paid$/);
    await page.waitForURL(/[?&]status=paid/);
    await visible(page.getByText(`Showing 1–${paid.length} of ${paid.length}`));
    expect((await rowsShown()).sort()).toEqual([...paid].sort());
    const url = page.url();

    await page.reload();
    await visible(page.getByText(`Showing 1–${paid.length} of ${paid.length}`));
    expect(page.url()).toBe(url);
    expect((await rowsShown()).sort()).toEqual([...paid].sort());
    await visible(page.getByRole("combobox", { name: "Status" }).getByText("Paid", { exact: true }));

    // Back leaves the filter; forward (a bookmark) brings it again.
    await page.goBack();
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
    await page.goto(url);
    await visible(page.getByText(`Showing 1–${paid.length} of ${paid.length}`));
    await page.getByRole("button", { name: "Clear filters" }).click();
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
  });

  it("searches by customer name", async () => {
    await page.goto(`${app.baseUrl}/invoices`);
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
    await page.getByRole("searchbox", { name: "Search invoices" }).fill("zenith");
    await page.waitForURL(/[?&]q=zenith/);
    await visible(page.getByText(`Showing 1–${TOTAL / 5} of ${TOTAL / 5}`));
    const shown = await rowsShown();
    expect(shown).toHaveLength(TOTAL / 5);
    for (const label of shown) {
      await visible(page.getByRole("row", { name: label! }).getByText("Zenith Hardware"));
    }
    await page.getByRole("searchbox", { name: "Search invoices" }).fill("");
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
  });

  it("pages forward and back through more than 25 invoices, each shown once", async () => {
    await page.goto(`${app.baseUrl}/invoices`);
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
    const first = await rowsShown();
    expect(first).toHaveLength(25);
    await page.getByRole("button", { name: "Next" }).click();
    await visible(page.getByText(`Showing 26–${TOTAL} of ${TOTAL}`));
    const second = await rowsShown();
    expect(second).toHaveLength(TOTAL - 25);
    expect(new Set([...first, ...second]).size).toBe(TOTAL);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

    // The page is in the URL too: a reload stays on page two.
    await page.reload();
    await visible(page.getByText(`Showing 26–${TOTAL} of ${TOTAL}`));
    await page.getByRole("button", { name: "Previous" }).click();
    await visible(page.getByText(`Showing 1–25 of ${TOTAL}`));
    expect(await rowsShown()).toEqual(first);
    expect(pageErrors).toEqual([]);
  });

  it("after Mark Paid the filtered rows, the page count and the counters come fresh from the server", async () => {
    await page.goto(`${app.baseUrl}/invoices?status=unpaid`);
    await visible(page.getByText(`Showing 1–${unpaid.length} of ${unpaid.length}`));
    const number = unpaid.at(-2)!;
    await page
      .getByRole("row", { name: number })
      .getByRole("button", { name: `Mark Paid ${number}` })
      .click();
    unpaid.splice(unpaid.indexOf(number), 1);
    paid.push(number);
    await visible(page.getByText(`Showing 1–${unpaid.length} of ${unpaid.length}`));
    await hidden(page.getByRole("row", { name: number }));
    await visible(page.getByRole("group", { name: "Paid" }).getByText(String(paid.length), { exact: true }));
    await visible(page.getByRole("group", { name: "Pending" }).getByText(String(unpaid.length), { exact: true }));
  });

  it("shows each invoice on a 390×844 phone as a card with its number, customer, amount, status and actions", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/invoices?status=unpaid`);
    const number = unpaid.at(-1)!;
    const card = page.getByRole("listitem", { name: number });
    await visible(card.getByText("Kumar Kirana"));
    await visible(card.getByText("pending"));
    for (const name of [`View ${number}`, `Record payment ${number}`, `Mark Paid ${number}`, `More actions ${number}`]) {
      const box = await (await visible(card.getByRole("button", { name }))).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/lists-phone.png", animations: "disabled" });
    await screenshot(page, "lists-02-invoices-phone");
    expect(pageErrors).toEqual([]);
  });

  it("the expense table and its category cards fit their cards at 1280 and on a 390 px phone", async () => {
    const vendor = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/vendors", { name: "Sharma Electricals and Hardware Suppliers Private Limited", stateCode: "27" });
    const today = new Date().toISOString().slice(0, 10);
    for (const [category, description, amount] of [
      ["Office Rent", "Shop rent for the ground floor unit on MG Road", "25000"],
      ["Utilities", "Electricity", "3120.50"],
      ["Equipment", "Billing printer", "8999"],
      ["Marketing", "Flyers", "1500"],
      ["Professional Services", "Chartered accountant's fee for the annual return", "12000"],
    ] as const) {
      await apiCall(page, app.baseUrl, "post", "/api/expenses", { vendorId: vendor.id, category, description, amount, date: today });
    }
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${app.baseUrl}/expenses`);
      await visible(page.getByText("Showing 1–5 of 5"));
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("section[aria-label=Categories] [role=group], main [role=listitem], main table")]
          .filter((element) => element.offsetParent !== null)
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const card = element.closest("section, .rounded-xl:not([role=group])")?.getBoundingClientRect();
            return box.right > window.innerWidth || (card !== undefined && box.right > card.right + 1);
          })
          .map((element) => element.getAttribute("aria-label") ?? element.tagName),
      );
      expect(overflowing, `at ${viewport.width} px`).toEqual([]);
      // Nothing on the page is wider than the window (names the culprits if something is).
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("body *")]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest("[data-radix-popper-content-wrapper]"))
          .slice(0, 5)
          .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
      );
      expect(wide, `at ${viewport.width} px`).toEqual([]);
      // A category card filters the list by its category, in the URL.
      await page.getByRole("group", { name: "Utilities" }).getByRole("button").click();
      await page.waitForURL(/category=Utilities/);
      await visible(page.getByText("Showing 1–1 of 1"));
      await screenshot(page, `lists-03-expenses-${viewport.width}`);
    }
    expect(pageErrors).toEqual([]);
  });

  it("products, customers and vendors search on the server, keep it in the URL and fit a phone", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.baseUrl}/customers`);
    await visible(page.getByRole("group", { name: "Total Customers" }).getByText("2", { exact: true }));
    await page.getByRole("searchbox", { name: "Search customers" }).fill("zen");
    await page.waitForURL(/[?&]q=zen/);
    await hidden(page.getByText("Kumar Kirana"));
    await visible(page.getByText("Zenith Hardware"));
    await page.reload();
    expect(await page.getByRole("searchbox", { name: "Search customers" }).inputValue()).toBe("zen");
    await visible(page.getByText("Showing 1–1 of 1"));
    // The counters stay the whole book's.
    await visible(page.getByRole("group", { name: "Total Customers" }).getByText("2", { exact: true }));

    await page.goto(`${app.baseUrl}/inventory?status=out-of-stock`);
    await visible(page.getByText("No products match these filters."));
    await page.getByRole("button", { name: "Clear filters" }).click();
    await visible(page.getByRole("row", { name: "Steel tumbler" }));

    for (const path of ["/inventory", "/customers", "/vendors"]) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.baseUrl}${path}`);
      await visible(page.getByText(/Showing 1–\d+ of \d+/));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      await screenshot(page, `lists-04${path.replace("/", "-")}-390`);
    }
    expect(pageErrors).toEqual([]);
  });
});
