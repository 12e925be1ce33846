import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { repoRoot } from "./app.ts";

export const screenshotDir = join(repoRoot, "test-artifacts/screenshots");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.BAHI_E2E_CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
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
