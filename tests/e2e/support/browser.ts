import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { AFTER_HEADER, POSITION_HEADER } from "@bahi/shared/contract";
import { repoRoot, startApp, type RunningApp } from "./app.ts";

export const screenshotDir = join(repoRoot, "test-artifacts/screenshots");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.BAHI_E2E_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Waits until the locator is visible (playwright-core has no auto-waiting expect). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout });
  return locator;
}

export async function hidden(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, animations: "disabled" });
}

/** The desktop, en-IN, India-time page every browser suite drives; uncaught page errors go to `pageErrors`. */
export async function newAppPage(browser: Browser, pageErrors: string[]) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "en-IN", timezoneId: "Asia/Kolkata", acceptDownloads: true });
  const page = await context.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { context, page };
}

/** The one visible toast with this text (exact for strings). */
export function toastIn(page: Page, text: string | RegExp): Locator {
  return page.locator("li[data-swipe-direction]").getByText(text, typeof text === "string" ? { exact: true } : undefined);
}

/** A link of the app's sidebar. */
export function navLink(page: Page, label: string): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label });
}

/** Opens a Radix select by its label and picks the option whose name matches. */
export async function chooseIn(page: Page, scope: Page | Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  const listbox = page.getByRole("listbox");
  // Radix ignores a pick whose pointer-up comes while a long list is still scrolling the option
  // into view (seen on a loaded machine): pick again until the list closes, as a user would.
  for (let attempt = 1; ; attempt++) {
    await page.getByRole("option", { name: option }).click();
    try {
      await hidden(listbox, attempt < 3 ? 3_000 : 10_000);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Lets the last toast go, so the next one is the one asked about and screenshots are clean. */
export async function noToastsIn(page: Page): Promise<void> {
  await hidden(page.locator("li[data-swipe-direction]"), 10_000);
}

export interface Owner {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  company: string;
}

/** Registers through the form, as a new user would, and lands on the dashboard. */
export async function registerThroughUi(page: Page, baseUrl: string, owner: Owner): Promise<void> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel("First Name").fill(owner.firstName);
  await page.getByLabel("Last Name").fill(owner.lastName);
  await page.getByLabel("Email Address").fill(owner.email);
  await page.getByLabel("Company Name (Optional)").fill(owner.company);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByLabel("Confirm Password").fill(owner.password);
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await page.getByRole("link", { name: "Access Your Dashboard" }).click();
  await visible(page.getByRole("heading", { name: `Welcome back, ${owner.firstName}` }));
}

/** A JSON call made with the page's own session (its cookie), failing the test unless it succeeded. */
export async function apiCall<T>(page: Page, baseUrl: string, method: "post" | "put" | "patch", path: string, data: unknown): Promise<T> {
  const response = await page.request[method](`${baseUrl}${path}`, { data });
  if (response.status() >= 300) throw new Error(`${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`);
  // The page's client never learns this write's position, so its next read would not wait for
  // it: wait here, as the client waits after a write of its own, until the read side holds it.
  const position = response.headers()[POSITION_HEADER.toLowerCase()];
  // Each try waits up to the read API's bound (2 s) and says X-Bahi-Stale when it gave up.
  for (let tries = 0; position && tries < 10; tries++) {
    const seen = await page.request.get(`${baseUrl}/api/me`, { headers: { [AFTER_HEADER]: position } });
    if (!seen.headers()["x-bahi-stale"]) break;
  }
  return (await response.json()) as T;
}

/**
 * Issue 10: an invoice row's less frequent actions (Download, Download PDF, Edit, Cancel, Credit
 * Note, Debit Note) sit under "More actions <number>": opens that menu and gives its item `name`.
 */
export async function rowMenuItem(page: Page, scope: Page | Locator, number: string, name: string): Promise<Locator> {
  await scope.getByRole("button", { name: `More actions ${number}` }).click();
  const menu = await visible(page.getByRole("menu", { name: `More actions ${number}` }));
  return menu.getByRole("menuitem", { name, exact: true });
}

/** What a describe block drives: `bahi start`, one Chromium and one page, and the page's errors. */
export interface AppInBrowser {
  app: RunningApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

/**
 * Starts the app and a browser page before the block's tests and closes them after: call it at
 * the top of a describe, then use `ui.page`, `ui.app.baseUrl` in its tests.
 */
export function appInBrowser(): AppInBrowser {
  const ui = { pageErrors: [] as string[] } as AppInBrowser;
  beforeAll(async () => {
    ui.app = await startApp();
    ui.browser = await launchBrowser();
    Object.assign(ui, await newAppPage(ui.browser, ui.pageErrors));
  });
  afterAll(async () => {
    await ui.context?.close();
    await ui.browser?.close();
    await ui.app?.stop();
  });
  return ui;
}
