import { gstinCheckCharacter } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { hidden, launchBrowser, screenshot, visible, newAppPage } from "./support/browser.ts";

/**
 * The spine of the product in a real browser against `bahi start`: register, see the dashboard,
 * add a customer and a vendor, delete the customer, log out and back in.
 */
describe("a new business owner's first session", () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  const owner = {
    firstName: "Asha",
    lastName: "Verma",
    email: `asha.verma.${Date.now()}@example.in`,
    password: "chai-and-ledgers",
    company: "Verma Traders",
  };
  const customerGstin = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;

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

  // A toast is a Radix Toast list item. Not found by role: an open modal dialog hides the rest of the page from the accessibility tree.
  const toast = (text: string) => page.locator("li[data-swipe-direction]").getByText(text, { exact: true });

  it("registers from the landing page and reaches the dashboard", async () => {
    await page.goto(`${app.baseUrl}/`);
    await visible(page.getByText("Smart Invoicing Software").first());
    await visible(page.getByRole("heading", { name: "Ready to Get Started?" }));
    await screenshot(page, "01-landing");

    await page.getByRole("link", { name: "Get Started Free" }).click();
    await visible(page.getByRole("heading", { name: "Start Your Free Trial" }));
    await page.getByLabel("First Name").fill(owner.firstName);
    await page.getByLabel("Last Name").fill(owner.lastName);
    await page.getByLabel("Email Address").fill(owner.email);
    await page.getByLabel("Company Name (Optional)").fill(owner.company);
    await page.getByLabel("Phone Number (Optional)").fill("+91 98765 43210");
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByLabel("Confirm Password").fill(owner.password);
    await screenshot(page, "02-register");

    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await visible(page.getByRole("heading", { name: "Welcome to Bahi" }));
    await visible(page.getByText("Your free account has been created successfully."));
    await visible(page.getByText("Your Free Plan Includes"));
    await visible(toast("Registration Successful!"));
    await screenshot(page, "03-registration-success");

    await page.getByRole("link", { name: "Access Your Dashboard" }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard`);
    await visible(page.getByRole("heading", { name: `Welcome back, ${owner.firstName}` }));
    await visible(page.getByText("Overview of your business performance"));
    const totalSales = page.getByRole("group", { name: "Total Sales" });
    await visible(totalSales.getByText("₹0"));
    await visible(page.getByRole("group", { name: "Profit Margin" }).getByText("0.0%"));
    await visible(page.getByText("No invoices found"));
    await screenshot(page, "04-dashboard");
  });

  it("adds a customer and sees its card", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
    await visible(page.getByText("No customers found"));
    await page.getByRole("button", { name: "Add Customer" }).first().click();

    const dialog = page.getByRole("dialog", { name: "Add New Customer" });
    await visible(dialog);
    await dialog.getByLabel("Name").fill("Sharma Garments");
    await dialog.getByLabel("Email").fill("accounts@sharmagarments.in");
    await dialog.getByLabel("Phone").fill("+91 99887 76655");
    await dialog.getByLabel("Address", { exact: true }).fill("Shop 12, MG Road, Pune 411001");
    await dialog.getByLabel("GST Number").fill(customerGstin);
    await dialog.getByLabel("Credit Limit").fill("25000");
    await dialog.getByRole("button", { name: "Add Customer" }).click();

    await visible(toast("Customer added successfully"));
    await hidden(dialog);
    const card = page.getByRole("article", { name: "Sharma Garments" });
    await visible(card);
    await visible(card.getByText(customerGstin));
    await visible(card.getByText("₹25,000"));
    await visible(card.getByText(/^Joined /));
    await visible(page.getByRole("group", { name: "Total Customers" }).getByText("1", { exact: true }));
    await visible(page.getByRole("group", { name: "Total Credit Limit" }).getByText("₹25,000"));
    await screenshot(page, "05-customers");
  });

  it("adds a vendor and sees its card", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Vendors" }).click();
    await visible(page.getByText("No vendors found"));
    await page.getByRole("button", { name: "Add Vendor" }).first().click();

    const dialog = page.getByRole("dialog", { name: "Add New Vendor" });
    await dialog.getByLabel("Name").fill("Gupta Wholesale Suppliers");
    await dialog.getByLabel("Phone").fill("+91 91234 56789");
    await dialog.getByRole("button", { name: "Add Vendor" }).click();

    await visible(toast("Vendor added successfully"));
    const card = page.getByRole("article", { name: "Gupta Wholesale Suppliers" });
    await visible(card);
    await visible(card.getByText("No GST Number"));
    await visible(card.getByText(/^Added /));
    await visible(page.getByRole("group", { name: "GST Registered" }).getByText("0", { exact: true }));
    await screenshot(page, "06-vendors");
  });

  it("deletes the customer after confirming", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Customers" }).click();
    await page.getByRole("button", { name: "Delete Sharma Garments" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this customer?" });
    await visible(confirm);
    await screenshot(page, "07-delete-confirmation");

    await confirm.getByRole("button", { name: "Delete" }).click();
    await visible(toast("Customer deleted successfully"));
    await hidden(confirm);
    await visible(page.getByText("No customers found"));
    expect(await page.getByRole("article", { name: "Sharma Garments" }).count()).toBe(0);
  });

  it("logs out and back in on /login", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await visible(toast("Logged out successfully"));
    await page.waitForURL(`${app.baseUrl}/`);
    await visible(page.getByRole("link", { name: "Get Started Free" }));

    await page.goto(`${app.baseUrl}/dashboard`);
    await visible(page.getByRole("heading", { name: "Welcome Back" }));

    await page.goto(`${app.baseUrl}/login`);
    await visible(page.getByText("Sign in to your account"));
    await page.getByLabel("Email Address").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await screenshot(page, "08-login");
    await page.getByRole("button", { name: "Sign In" }).click();

    await page.waitForURL(`${app.baseUrl}/dashboard`);
    await visible(toast("Login Successful!"));
    await visible(page.getByRole("heading", { name: `Welcome back, ${owner.firstName}` }));
    // The vendor added before logging out is still there for the same account.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Vendors" }).click();
    await visible(page.getByRole("article", { name: "Gupta Wholesale Suppliers" }));
  });

  it("logs out and in again from the landing page header", async () => {
    await page.goto(`${app.baseUrl}/`);
    await visible(page.getByText(`Welcome, ${owner.firstName}`));
    await page.getByRole("button", { name: "Logout" }).click();
    await visible(toast("Logged out successfully"));

    await page.getByRole("button", { name: "Login", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Login to Dashboard" }).click();
    await visible(toast("Please enter both email and password"));

    await dialog.getByLabel("Email").fill(owner.email);
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Login to Dashboard" }).click();
    await visible(toast("Invalid email or password"));

    await dialog.getByLabel("Password").fill(owner.password);
    await dialog.getByRole("button", { name: "Login to Dashboard" }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard`);
    await visible(toast("Logged in successfully!"));
    await visible(page.getByRole("heading", { name: `Welcome back, ${owner.firstName}` }));
    expect(pageErrors).toEqual([]);
  });
});
