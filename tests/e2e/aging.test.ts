import { join } from "node:path";
import { indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, screenshotDir, visible } from "./support/browser.ts";

/**
 * Issue 10 in a real browser against `bahi start`: the aging of receivables on Reports, a
 * payment reminder sent on WhatsApp whose link opens the invoice without a session, and the
 * 11th invoice of the Free plan refused before the form is filled.
 */
const DAY_MS = 86_400_000;
const today = indianDateOf(new Date());
const daysFromToday = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const shortDate = (date: string) => new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

describe("aging of receivables and payment reminders", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Farah", lastName: "Sheikh", email: `farah.sheikh.${Date.now()}@example.in`, password: "aging-owner-1", company: "Sheikh Textiles" };
  const invoices: Record<"late10" | "late45" | "notDue", { id: string; invoiceNumber: string }> = {} as never;

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

  const api = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(page, app.baseUrl, method, path, data);

  it("Reports shows what is owed by days past due, in total and per customer", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await api("put", "/api/profile", { companyName: owner.company, stateCode: "27", upiId: "sheikhtextiles@okhdfc" });
    const cloth = await api<{ id: string }>("post", "/api/products", {
      name: "Cotton saree",
      sku: "SAR-1",
      category: "Other",
      price: "1000.00",
      stock: 100,
      minStock: 1,
      gstRate: "18",
    });
    const thomas = await api<{ id: string }>("post", "/api/customers", { name: "Thomas Stores", stateCode: "27" });
    const iyer = await api<{ id: string }>("post", "/api/customers", { name: "Iyer Traders", stateCode: "27" });
    const invoice = (customerId: string, due: number, quantity: number) =>
      api<{ id: string; invoiceNumber: string }>("post", "/api/invoices", {
        customerId,
        issueDate: daysFromToday(Math.min(due, 0)),
        dueDate: daysFromToday(due),
        items: [{ productId: cloth.id, quantity, price: "1000", gstRate: "18", amount: `${1180 * quantity}.00` }],
        subtotal: `${1000 * quantity}.00`,
        gstAmount: `${180 * quantity}.00`,
        total: `${1180 * quantity}.00`,
      });
    invoices.late10 = await invoice(thomas.id, -10, 1); // ₹1,180, 1–30 days past due
    invoices.late45 = await invoice(iyer.id, -45, 2); // ₹2,360 less ₹360 received: ₹2,000, 31–60
    await api("post", `/api/invoices/${invoices.late45.id}/payments`, { amount: "360", date: today, mode: "cash" });
    invoices.notDue = await invoice(thomas.id, 15, 1); // ₹1,180, not due
    const paid = await invoice(thomas.id, -100, 1); // paid: owes nothing
    await apiCall(page, app.baseUrl, "patch", `/api/invoices/${paid.id}/status`, { status: "paid" });

    await navLink(page, "Reports").click();
    const card = page.getByRole("region", { name: "Aging of receivables" });
    await visible(card);
    const bucket = (key: string) => card.locator(`[data-bucket="${key}"]`);
    await visible(bucket("total").getByText("₹4,360.00"));
    await visible(bucket("notDue").getByText("₹1,180.00"));
    await visible(bucket("d0_30").getByText("₹1,180.00"));
    await visible(bucket("d31_60").getByText("₹2,000.00"));
    await visible(bucket("d61_90").getByText("₹0.00"));
    await visible(bucket("d90plus").getByText("₹0.00"));
    const table = card.getByRole("table", { name: "Owed by customer" });
    await visible(table.getByRole("row", { name: /Iyer Traders/ }));
    const cells = (name: RegExp) => table.getByRole("row", { name }).getByRole("cell").allTextContents();
    // Customer, Not due, 0–30, 31–60, 61–90, 90+, Total; largest total first.
    expect(await cells(/Thomas Stores/)).toEqual(["Thomas Stores", "₹1,180.00", "₹1,180.00", "–", "–", "–", "₹2,360.00"]);
    expect(await cells(/Iyer Traders/)).toEqual(["Iyer Traders", "–", "–", "₹2,000.00", "–", "–", "₹2,000.00"]);

    const reminders = page.getByRole("region", { name: "Payment reminders" });
    const rows = reminders.getByRole("listitem");
    await visible(rows.first());
    // Overdue only, most overdue first.
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-invoice")))).toEqual([invoices.late45.invoiceNumber, invoices.late10.invoiceNumber]);
    await visible(rows.first().getByText("45 days overdue"));

    await page.setViewportSize({ width: 1280, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "aging-01-reports-desktop");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });

  it("a reminder opens WhatsApp with the amount, due date and a link that opens the invoice without a session", async () => {
    await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>WhatsApp</p>" }));
    const reminders = page.getByRole("region", { name: "Payment reminders" });
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      reminders.getByRole("button", { name: `Send reminder for ${invoices.late45.invoiceNumber} on WhatsApp` }).click(),
    ]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.origin).toBe("https://wa.me");
    const message = url.searchParams.get("text")!;
    expect(message).toContain(`Payment reminder: invoice ${invoices.late45.invoiceNumber} from ${owner.company}`);
    expect(message).toContain(`Amount due: ₹2,000.00, was due on ${shortDate(daysFromToday(-45))} (45 days ago)`);
    const link = /https?:\/\/[^\s]+\/i\/[A-Za-z0-9_-]{43}/.exec(message)![0];
    await popup.close();

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-IN", timezoneId: "Asia/Kolkata" });
    const guestPage = await guest.newPage();
    const response = await guestPage.goto(link);
    expect(response?.status()).toBe(200);
    await visible(guestPage.getByText(invoices.late45.invoiceNumber).first());
    await visible(guestPage.getByText("Iyer Traders").first());
    await visible(guestPage.getByText("₹2,000.00").first());
    expect(await guest.cookies()).toEqual([]);
    await guest.close();
  });

  it("fits a 390 px phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const card = page.getByRole("region", { name: "Aging of receivables" });
    await visible(card.locator('[data-bucket="total"]').getByText("₹4,360.00"));
    await visible(page.getByRole("region", { name: "Payment reminders" }).getByRole("button", { name: `Send reminder for ${invoices.late10.invoiceNumber} on WhatsApp` }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "aging-02-reports-phone");
    // The two cards on their own, at the phone's size, to look at closely.
    await card.screenshot({ path: join(screenshotDir, "aging-02a-aging-card-phone.png"), animations: "disabled" });
    await page.getByRole("region", { name: "Payment reminders" }).screenshot({ path: join(screenshotDir, "aging-02b-reminders-phone.png"), animations: "disabled" });
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});

describe("the 11th invoice of the Free plan", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Ravi", lastName: "Kumar", email: `ravi.kumar.${Date.now()}@example.in`, password: "free-plan-ten", company: "Kumar Kirana" };

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

  it("Create Invoice opens on the upgrade message, with no form to fill, and Upgrade goes to the plan in Settings", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await apiCall(page, app.baseUrl, "put", "/api/profile", { companyName: owner.company, stateCode: "29" });
    const rice = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/products", {
      name: "Sona masoori 5 kg",
      sku: "RICE-5",
      category: "Other",
      price: "400.00",
      stock: 100,
      minStock: 1,
      gstRate: "5",
    });
    const customer = await apiCall<{ id: string }>(page, app.baseUrl, "post", "/api/customers", { name: "Gowda Hotel", stateCode: "29" });
    for (let i = 0; i < 10; i++) {
      await apiCall(page, app.baseUrl, "post", "/api/invoices", {
        customerId: customer.id,
        items: [{ productId: rice.id, quantity: 1, price: "400", gstRate: "5", amount: "420.00" }],
        subtotal: "400.00",
        gstAmount: "20.00",
        total: "420.00",
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    const dialog = page.getByRole("dialog", { name: "You have used this month's 10 free invoices" });
    await visible(dialog);
    await visible(dialog.getByText("The Free plan includes 10 invoices a month."));
    // Nothing to type in vain: no customer picker, no items, no Create button.
    expect(await dialog.locator("form, input, [role=combobox]").count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Create Invoice" }).count()).toBe(0);
    await screenshot(page, "aging-03-free-limit-desktop");

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "aging-04-free-limit-phone");
    await dialog.getByRole("button", { name: "Upgrade" }).click();
    await hidden(dialog);
    await page.waitForURL(`${app.baseUrl}/settings`);
    await visible(page.getByRole("region", { name: "Plan" }).getByRole("button", { name: "Upgrade to Professional" }));
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
