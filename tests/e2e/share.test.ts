import { gstinCheckCharacter, indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 10 in a real browser against `bahi start`: the owner makes a share link from the
 * invoice's preview; a phone with no session opens it and sees the invoice, what is due with
 * its UPI QR, and the PDF; the owner turns the link off and it stops working; WhatsApp gets
 * the amount, due date and link.
 */
describe("invoice share link", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Kavita", lastName: "Menon", email: `kavita.menon.${Date.now()}@example.in`, password: "share-it-now", company: "Menon Spices" };
  const businessGstin = `32AAPFU0939F1Z${gstinCheckCharacter("32AAPFU0939F1Z")}`;
  let invoice: { id: string; invoiceNumber: string; total: string };
  let link = "";

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

  /** A phone that has never signed in: its own context, no cookies. */
  async function phone() {
    const guest = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "en-IN",
      timezoneId: "Asia/Kolkata",
    });
    const guestPage = await guest.newPage();
    const problems: string[] = [];
    guestPage.on("pageerror", (error) => problems.push(error.message));
    guestPage.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    return { guest, guestPage, problems };
  }

  it("makes a share link from the invoice's preview", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await api("put", "/api/profile", {
      companyName: owner.company,
      gstNumber: businessGstin,
      businessAddress: "Broadway, Kochi 682031",
      upiId: "menonspices@okaxis",
      bankName: "Federal Bank",
    });
    const product = await api<{ id: string }>("post", "/api/products", {
      name: "Black pepper 1 kg",
      sku: "PEP-1",
      category: "Other",
      price: "800.00",
      stock: 50,
      minStock: 1,
      gstRate: "5",
      hsnCode: "0904",
    });
    const customer = await api<{ id: string }>("post", "/api/customers", { name: "Thomas Stores", stateCode: "32", phone: "9847012345" });
    invoice = await api("post", "/api/invoices", {
      customerId: customer.id,
      issueDate: indianDateOf(new Date()),
      dueDate: "2099-03-15",
      items: [{ productId: product.id, quantity: 3, price: "800", gstRate: "5", amount: "2520.00" }],
      subtotal: "2400.00",
      gstAmount: "120.00",
      total: "2520.00",
    });

    await navLink(page, "Invoices").click();
    await page.getByRole("button", { name: `View ${invoice.invoiceNumber}` }).click();
    const preview = page.getByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` });
    await preview.getByRole("button", { name: "Share link" }).click();
    const share = page.getByRole("dialog", { name: `Share invoice ${invoice.invoiceNumber}` });
    await visible(share.getByText("No link yet"));
    await share.getByRole("button", { name: "Create link" }).click();
    const field = share.getByLabel("Share link");
    await visible(field);
    link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/i/[A-Za-z0-9_-]{43}$`));

    const whatsApp = await share.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href");
    expect(whatsApp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const message = decodeURIComponent(whatsApp!.slice("https://wa.me/?text=".length));
    expect(message).toContain(`Invoice ${invoice.invoiceNumber} from ${owner.company}`);
    expect(message).toContain("₹2,520.00");
    expect(message).toContain("15 Mar 2099");
    expect(message).toContain(link);
    await screenshot(page, "share-01-owner-dialog");
  });

  it("opens on a phone without a session: the invoice, the amount due with its UPI QR, and the PDF", async () => {
    const { guest, guestPage, problems } = await phone();
    const response = await guestPage.goto(link);
    expect(response?.status()).toBe(200);
    await visible(guestPage.getByRole("heading", { name: owner.company }));
    for (const text of [invoice.invoiceNumber, "Thomas Stores", "Black pepper 1 kg", "Amount due", "15 Mar 2099"]) await visible(guestPage.getByText(text).first());
    await visible(guestPage.getByText("₹2,520.00").first());
    const qr = guestPage.getByRole("img", { name: "UPI QR code for ₹2,520.00" });
    await visible(qr);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThan(150);
    expect(await guestPage.getByRole("link", { name: "Open UPI app" }).getAttribute("href")).toBe(
      `upi://pay?pa=menonspices@okaxis&pn=Menon%20Spices&am=2520.00&cu=INR&tn=Invoice%20${encodeURIComponent(invoice.invoiceNumber)}`,
    );
    // Styled by the stylesheet (the policy forbids inline style): cards on a grey page, nothing wider than the phone.
    expect(await guestPage.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(244, 245, 247)");
    expect(await guestPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(guestPage, "share-02-public-page-phone");

    const pdfHref = await guestPage.getByRole("link", { name: "Download PDF" }).getAttribute("href");
    const pdf = await guest.request.get(new URL(pdfHref!, link).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    expect(await guest.cookies()).toEqual([]);
    expect(problems).toEqual([]);
    await guest.close();
  });

  it("stops working once the owner turns it off", async () => {
    const share = page.getByRole("dialog", { name: `Share invoice ${invoice.invoiceNumber}` });
    await share.getByRole("button", { name: "Turn off link" }).click();
    await visible(toastIn(page, "Link turned off"));
    await visible(share.getByText("No link yet"));

    const { guest, guestPage } = await phone();
    const response = await guestPage.goto(link);
    expect(response?.status()).toBe(404);
    await visible(guestPage.getByRole("heading", { name: "This link does not work any more" }));
    expect(await guestPage.content()).not.toContain(invoice.invoiceNumber);
    await screenshot(guestPage, "share-03-revoked-phone");
    await guest.close();
    await share.getByRole("button", { name: "Close" }).click();
    await hidden(share);
  });

  it("WhatsApp from the preview sends the amount, due date and a fresh link", async () => {
    // No network here: WhatsApp's page is stood in for, the address it was asked for is what counts.
    await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>WhatsApp</p>" }));
    const preview = page.getByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` });
    const [popup] = await Promise.all([context.waitForEvent("page"), preview.getByRole("button", { name: "WhatsApp" }).click()]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.origin).toBe("https://wa.me");
    const message = url.searchParams.get("text")!;
    expect(message).toContain("Amount due: ₹2,520.00, due by 15 Mar 2099");
    const fresh = /\/i\/([A-Za-z0-9_-]{43})/.exec(message)![0];
    expect(`${app.baseUrl}${fresh}`).not.toBe(link);
    await popup.close();

    const { guest, guestPage } = await phone();
    expect((await guestPage.goto(`${app.baseUrl}${fresh}`))?.status()).toBe(200);
    await guest.close();
    expect(pageErrors).toEqual([]);
  });
});
