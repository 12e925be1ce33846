import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { launchBrowser, newAppPage, registerThroughUi, visible } from "./support/browser.ts";

/**
 * The Content-Security-Policy (shared/src/server/http/securityHeaders.ts) against the built
 * client in Chromium: the pages users spend their time on load without a single violation,
 * images from data: and blob: URLs (QR codes, PDF previews) are allowed, and no other site
 * can frame the app.
 */
describe("the Content-Security-Policy in Chromium", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  const violations: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context, page } = await newAppPage(browser, pageErrors));
    // Added by the browser itself, so the policy under test does not apply to this script.
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
      });
    });
    page.on("console", (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("passes on the login page, the dashboard, the invoice form and a chart page", async () => {
    await page.goto(`${app.baseUrl}/login`);
    await visible(page.getByRole("button", { name: /sign in/i }).first());

    await registerThroughUi(page, app.baseUrl, { firstName: "Meera", lastName: "Iyer", email: `csp-${Date.now()}@example.com`, company: "Iyer Traders", password: "secret123" });

    await page.getByRole("button", { name: "Create Invoice" }).first().click();
    await visible(page.getByRole("dialog", { name: "Create New Invoice" }));
    await page.keyboard.press("Escape");

    await page.goto(`${app.baseUrl}/reports`);
    await visible(page.getByRole("heading", { name: "Reports", exact: true }));
    await page.waitForLoadState("networkidle");

    const images = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<boolean>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(true);
          img.onerror = () => resolve(false);
          img.src = src;
        });
      const gif = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
      // Not fetch(data:): connect-src rightly refuses it; the client builds its blobs from responses.
      const blob = new Blob([Uint8Array.from(atob(gif), (c) => c.charCodeAt(0))], { type: "image/gif" });
      return { data: await load(`data:image/gif;base64,${gif}`), blob: await load(URL.createObjectURL(blob)) };
    });
    expect(images).toEqual({ data: true, blob: true });

    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("cannot be framed by another page", async () => {
    const framer = await context.newPage();
    const refused: string[] = [];
    framer.on("console", (message) => refused.push(message.text()));
    await framer.setContent(`<iframe src="${app.baseUrl}/login" width="600" height="400"></iframe>`);
    // Chromium reports the refusal on the framing page's console, naming the directive.
    await expect.poll(() => refused.some((text) => /frame-ancestors 'none'/.test(text)), { timeout: 10_000 }).toBe(true);
    await framer.close();
  });
});
