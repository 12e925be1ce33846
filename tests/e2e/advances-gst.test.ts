import { gstinCheckCharacter } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, noToastsIn, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * s.13(2) CGST Act in a real browser: the "Record advance" form's "For" choice. Services ask
 * for the GST rate and place of supply (default the customer's state); the advance is saved
 * with its tax. At 1280×800 and on a 390 px phone.
 */
describe("advance for services (s.13(2))", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Meera", lastName: "Iyer", email: `meera.iyer.${Date.now()}@example.in`, password: "advance-for-services", company: "Iyer Consultants" };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  let customerId = "";

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

  async function openForm(viaNav = true) {
    if (viaNav) await navLink(page, "Customers").click();
    await page.getByRole("button", { name: "Statement of Bengaluru Labs" }).click();
    const dialog = page.getByRole("dialog", { name: "Statement of account: Bengaluru Labs" });
    await dialog.getByRole("button", { name: "Record advance" }).click();
    return { dialog, form: dialog.getByRole("form", { name: "Record advance" }) };
  }

  it("services: GST rate and place of supply are asked, the advance is saved with its IGST (inter-state customer)", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Pune 411001" });
    customerId = (await send<{ id: string }>("post", "/api/customers", { name: "Bengaluru Labs", stateCode: "29" })).id;

    const { form } = await openForm();
    // Goods by default: no rate asked.
    await visible(form.getByText("No GST on an advance for goods"));
    await hidden(form.getByRole("combobox", { name: "GST rate", exact: true }));
    await form.getByLabel("Amount received (₹)").fill("11800");
    await chooseIn(page, form, "For", "Services");
    await visible(form.getByRole("combobox", { name: "GST rate", exact: true }).getByText("18%"));
    await visible(form.getByRole("combobox", { name: "Place of supply", exact: true }).getByText("Customer's state"));
    await noToastsIn(page);
    await form.getByRole("button", { name: "Save Advance" }).scrollIntoViewIfNeeded();
    await screenshot(page, "advance-services-01-form-1280");
    await form.getByRole("button", { name: "Save Advance" }).click();
    await hidden(form);
    await visible(toastIn(page, /GST on it: ₹1,800\.00 \(reported in GSTR-1 Table 11A\)/));
    const advances = await (await page.request.get(`${app.baseUrl}/api/customers/${customerId}/advances`)).json();
    expect(advances).toMatchObject([{ supply: "services", gstRate: 18, placeOfSupply: "29", taxableValue: "10000.00", igst: "1800.00", cgst: "0.00", sgst: "0.00" }]);
    expect(pageErrors).toEqual([]);
  });

  it("on a 390 px phone the form with services fits the screen", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload(); // still on Customers (the sidebar is a menu on a phone)
    const { dialog, form } = await openForm(false);
    await chooseIn(page, form, "For", "Services");
    await visible(form.getByRole("combobox", { name: "GST rate", exact: true }));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, "advance-services-02-form-390");
    expect(pageErrors).toEqual([]);
  });
});
