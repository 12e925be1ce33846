import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { launchBrowser, newAppPage, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
}

/**
 * Issue 10's walk-through of the screens: a toast never covers a dialog's buttons (on a phone the
 * dialog sits at the bottom and the toast at the top; on a desktop the toast sits bottom left,
 * away from the buttons at the right); on a phone the GST tabs scroll inside their strip (the page
 * itself never scrolls sideways) and the headline figures sit two to a row.
 */
describe("screens at 1280×800 and on a 390 px phone", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const owner = { firstName: "Farah", lastName: "Khan", email: `farah.khan.${Date.now()}@example.in`, password: "toasts-aside", company: "Khan Opticals" };

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await newAppPage(browser, pageErrors));
    await registerThroughUi(page, app.baseUrl, owner);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  // A short laptop and a small phone too: there a dialog fills the screen, which is where toasts used to land on its buttons.
  for (const [width, height] of [
    [1280, 800],
    [1024, 600],
    [390, 844],
    [375, 667],
  ] as const) {
    it(`a failure's toast leaves every button of the open dialog uncovered at ${width}×${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`${app.baseUrl}/vendors`);
      await page.getByRole("button", { name: "Add Vendor" }).first().click();
      const dialog = await visible(page.getByRole("dialog"));
      await dialog.getByLabel("Name").fill("Rao Stationers");
      // The server is down for this one call: the form stays open with what was typed, and says so.
      await page.route("**/api/vendors", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "UNAVAILABLE", message: "Try again in a moment" }) })
          : route.fallback(),
      );
      await dialog.getByRole("button", { name: "Add Vendor" }).click();
      const toast = await visible(toastIn(page, "Failed to add vendor"));
      await page.waitForTimeout(300); // the toast's slide-in and the dialog's entrance have finished
      await screenshot(page, `screens-toast-over-dialog-${width}x${height}`);
      const toastBox = await boxOf(toast);
      const buttons = await dialog.getByRole("button").all();
      expect(buttons.length).toBeGreaterThanOrEqual(2);
      for (const button of buttons) {
        const box = await boxOf(button);
        expect(overlaps(toastBox, box), `the toast covers "${(await button.getAttribute("aria-label")) ?? (await button.innerText())}"`).toBe(false);
      }
      await expect(dialog.getByLabel("Name").inputValue()).resolves.toBe("Rao Stationers");
      await page.unroute("**/api/vendors");
      await page.keyboard.press("Escape");
    });
  }

  it("on a phone the GST tabs scroll inside their strip and the chosen tab comes into view", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/gst-compliance`);
    const tabs = await visible(page.getByRole("tablist", { name: "GST Compliance sections" }));
    const strip = await tabs.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(strip.scroll).toBeGreaterThan(strip.client);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await tabs.getByRole("tab", { name: "E-Invoice" }).focus();
    await page.keyboard.press("End");
    const last = tabs.getByRole("tab", { name: "GST Tools" });
    await expect(last.getAttribute("aria-selected")).resolves.toBe("true");
    await page.waitForTimeout(400);
    const [tab, strip2] = [await boxOf(last), await boxOf(tabs)];
    expect(tab.x + tab.width).toBeLessThanOrEqual(strip2.x + strip2.width + 1);
    await screenshot(page, "screens-gst-tabs-390");
  });

  it("on a phone the dashboard's figures sit two to a row", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/dashboard`);
    const salesFigure = await visible(page.getByRole("group", { name: "Total Sales" }));
    const outstandingFigure = page.getByRole("group", { name: "Outstanding" });
    // A loaded machine may measure mid-render (figures still arriving): wait for the layout to settle.
    await expect.poll(async () => Math.abs((await boxOf(salesFigure)).y - (await boxOf(outstandingFigure)).y), { timeout: 10_000 }).toBeLessThan(2);
    const sales = await boxOf(salesFigure);
    const outstanding = await boxOf(outstandingFigure);
    const expenses = await boxOf(page.getByRole("group", { name: "Total Expenses" }));
    expect(outstanding.x).toBeGreaterThan(sales.x + sales.width - 1);
    expect(expenses.y).toBeGreaterThan(sales.y + sales.height - 1);
    expect(outstanding.x + outstanding.width).toBeLessThanOrEqual(390);
    expect(pageErrors).toEqual([]);
  });
});
