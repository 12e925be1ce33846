import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { launchBrowser, screenshotDir, visible } from "./support/browser.ts";

/**
 * Issue 12: the API's docs page (/api/docs, Swagger UI served from this origin) renders the
 * OpenAPI document in Chromium without a session, under the app's Content-Security-Policy.
 */
describe("the API docs page in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const violations: string[] = [];
  const offOrigin: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-IN" });
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
      });
    });
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    page.on("request", (request) => {
      if (!request.url().startsWith(app.baseUrl) && !request.url().startsWith("data:")) offOrigin.push(request.url());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("lists the operations by tag and shows POST /api/customers' body, with no CSP violation and nothing fetched elsewhere", async () => {
    await page.goto(`${app.baseUrl}/api/docs`);
    await visible(page.getByRole("heading", { name: "Bahi API" }).first(), 20_000);
    await visible(page.locator(".opblock-tag", { hasText: "Customers" }).first());

    await page.locator(".opblock-tag", { hasText: "Customers" }).first().click();
    const create = page.locator(".opblock-post", { hasText: "/api/customers" }).filter({ hasText: "Add a customer" }).first();
    await create.locator(".opblock-summary").click();
    await visible(create.getByText("Idempotency-Key").first());
    await visible(create.getByText("Request body").first());
    await visible(create.locator(".body-param__example, .microlight").filter({ hasText: "gstNumber" }).first());

    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, "api-docs.png"), animations: "disabled" });
    await create.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, "api-docs-create-customer.png"), animations: "disabled" });

    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
});
