import { financialYearOf, gstinCheckCharacter, indianDateOf, seriesNumber } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { apiCall, chooseIn, hidden, launchBrowser, navLink, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 9, Rule 55 in a real browser against `bahi start`: fabric goes to a tailor for job
 * work on a delivery challan made from the Invoices page. It takes the first DC number, the
 * stock stays, and its PDF downloads under that number.
 */
describe("delivery challan for job work", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Meera",
    lastName: "Deshpande",
    email: `meera.deshpande.${Date.now()}@example.in`,
    password: "job-work-challan",
    company: "Deshpande Fabrics",
  };
  const businessGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
  const number = seriesNumber("DC", financialYearOf(indianDateOf(new Date())), 1);

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

  const choose = (scope: Page | Locator, label: string, option: string | RegExp) => chooseIn(page, scope, label, option);
  const send = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(page, app.baseUrl, method, path, data);
  const stock = async () => ((await (await page.request.get(`${app.baseUrl}/api/products`)).json()) as { stock: number }[])[0]!.stock;

  it("Rule 55: makes a job-work challan from the Invoices page; it takes DC/…/0001 and the stock stays", async () => {
    await registerThroughUi(page, app.baseUrl, owner);
    await send("put", "/api/profile", { companyName: owner.company, gstNumber: businessGstin, businessAddress: "Ichalkaranji, Kolhapur 416115" });
    await send("post", "/api/products", {
      name: "Cotton fabric",
      sku: "FAB-01",
      category: "Clothing",
      price: "500.00",
      stock: 40,
      minStock: 1,
      gstRate: "5",
      hsnCode: "5208",
      unit: "MTR",
    });
    await send("post", "/api/customers", { name: "Shah Tailors", stateCode: "27", address: "Station Road, Pune 411001" });

    await navLink(page, "Invoices").click();
    const section = page.getByRole("region", { name: "Delivery Challans" });
    await visible(section.getByText("No delivery challans yet."));
    await section.getByRole("button", { name: "New Challan" }).click();
    const dialog = page.getByRole("dialog", { name: "New Delivery Challan" });
    await visible(dialog.getByText("Your stock does not change"));
    await choose(dialog, "Send to", /Shah Tailors/);
    await choose(dialog, "Product 1", /Cotton fabric/);
    await dialog.getByRole("textbox", { name: /^Qty 1/ }).fill("12.5");
    await visible(dialog.getByLabel("Value of the goods").getByText("₹6,250.00"));
    await screenshot(page, "challan-01-form-1280");
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "challan-01-form-390");
    if (desktop) await page.setViewportSize(desktop);
    await dialog.getByRole("button", { name: "Make Challan" }).click();
    await visible(toastIn(page, "Delivery challan made"));
    await hidden(dialog);

    const row = section.getByRole("row", { name: number });
    // Phones show the purpose under the number instead: the visible one of the two.
    await visible(row.getByText("Sent for job work").filter({ visible: true }));
    await visible(row.getByText(/^Bring back by /).filter({ visible: true }));
    await visible(row.getByText("₹6,250"));
    expect(await stock()).toBe(40);
    await screenshot(page, "challan-02-list-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "challan-02-list-390");
    if (desktop) await page.setViewportSize(desktop);

    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: `Download ${number} PDF` }).click()]);
    expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, "-")}.pdf`);
    expect(pageErrors).toEqual([]);
  });

  it("Rule 55: a quantity the unit cannot take is refused in the form before anything is sent", async () => {
    await page.getByRole("region", { name: "Delivery Challans" }).getByRole("button", { name: "New Challan" }).click();
    const dialog = page.getByRole("dialog", { name: "New Delivery Challan" });
    await choose(dialog, "Send to", /Shah Tailors/);
    await choose(dialog, "Product 1", /Cotton fabric/);
    await dialog.getByRole("textbox", { name: /^Qty 1/ }).fill("1.2345");
    await dialog.getByRole("button", { name: "Make Challan" }).click();
    await visible(dialog.getByRole("alert").getByText(/Enter a quantity for Cotton fabric/));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await hidden(dialog);
    expect(((await (await page.request.get(`${app.baseUrl}/api/delivery-challans`)).json()) as unknown[]).length).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it("Rule 55 / GSTR-1 Table 13: cancelling asks why, and the challan stays listed as cancelled under its number", async () => {
    const row = page.getByRole("region", { name: "Delivery Challans" }).getByRole("row", { name: number });
    await row.getByRole("button", { name: `Cancel ${number}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Cancel delivery challan ${number}?` });
    await dialog.getByLabel("Reason").fill("Tailor could not take the work");
    await dialog.getByRole("button", { name: "Cancel Challan" }).click();
    await visible(toastIn(page, "Delivery challan cancelled"));
    await hidden(dialog);
    await visible(row.getByText("Cancelled"));
    await hidden(row.getByRole("button", { name: `Cancel ${number}` }));
    const [challan] = (await (await page.request.get(`${app.baseUrl}/api/delivery-challans`)).json()) as { status: string; cancelReason: string }[];
    expect(challan).toMatchObject({ status: "cancelled", cancelReason: "Tailor could not take the work" });
    expect(pageErrors).toEqual([]);
  });
});
