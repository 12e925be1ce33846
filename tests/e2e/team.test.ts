import { gstinCheckCharacter, indianDateOf } from "@bahi/shared/contract";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./support/app.ts";
import { chooseIn, hidden, launchBrowser, navLink, newAppPage, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 11 in a real browser against `bahi start`: an owner invites an auditor from Settings →
 * Team; the auditor opens the link in another browser, registers from it, accepts, and works in
 * the owner's books read-only: the sidebar names them as Auditor, an invoice's history, the
 * ledger and a report as of a past date open, and no screen offers a button that writes. A staff
 * member switched into the business sees no Dashboard, Reports, GST Compliance or Ledger.
 */

/**
 * What writes, by the start of a button's accessible name. Read actions (View, Download,
 * Export, History, Preview, Show result, the filters) are not listed.
 */
const WRITE_BUTTON =
  /^(Create|New |Add|Edit|Delete|Remove|Archive|Unarchive|Mark Paid|Record|Import|Upload|File GSTR|Save|Cancel (invoice|e-way|INV|DC)|Share link|WhatsApp|Send|Copy link|Generate|Start Reconciliation|Upgrade|Receive stock|Adjust stock|Reorder|Credit Note|Debit Note|E-invoice|Scan|Revoke|Accept|Reject|Apply|Set up)/i;

/**
 * The names of the visible buttons (and menu items) on the page that would write. A button that
 * goes while they are read (the page re-rendered under the loop: seen on a loaded machine) makes
 * the whole page be read again, so no button is missed and none is waited for.
 */
async function writeButtonsIn(scope: Page | Locator): Promise<string[]> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const names: string[] = [];
    let gone = false;
    for (const role of ["button", "menuitem"] as const) {
      for (const element of await scope.getByRole(role).all()) {
        if (!(await element.isVisible())) continue;
        const name = await (async () => (await element.getAttribute("aria-label", { timeout: 2_000 })) ?? (await element.innerText({ timeout: 2_000 })))().catch(() => null);
        if (name === null) {
          gone = true;
          break;
        }
        if (WRITE_BUTTON.test(name.trim())) names.push(name.trim());
      }
      if (gone) break;
    }
    if (!gone) return names;
  }
  throw new Error("the page kept changing while its buttons were read");
}

async function signInAs(page: Page, baseUrl: string, user: unknown): Promise<void> {
  // What the sign-in form stores (SPEC §4); the session cookie is already in the context.
  await page.goto(`${baseUrl}/privacy`);
  await page.evaluate((stored) => window.localStorage.setItem("bahi.user", JSON.stringify(stored)), user);
}

async function call<T>(page: Page, baseUrl: string, method: "get" | "post" | "put" | "delete", path: string, data?: unknown): Promise<T> {
  const response = await page.request[method](`${baseUrl}${path}`, data === undefined ? undefined : { data });
  if (response.status() >= 300) throw new Error(`${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

describe("team access in the browser", () => {
  let app: RunningApp;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let owner: Page;
  let auditorContext: BrowserContext;
  let auditor: Page;
  const pageErrors: string[] = [];
  const stamp = Date.now();
  const company = "Menon Spices";
  const ownerPerson = { firstName: "Kavita", lastName: "Menon", email: `kavita.${stamp}@example.in`, password: "owner-pass-1", companyName: company };
  const auditorPerson = { firstName: "Ravi", lastName: "Iyer", email: `ravi.audit.${stamp}@example.in`, password: "auditor-pass-1" };
  const staffPerson = { firstName: "Sunil", lastName: "Das", email: `sunil.staff.${stamp}@example.in`, password: "staff-pass-1", companyName: "Das Repairs" };
  let invoice: { id: string; invoiceNumber: string };
  let link = "";

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    ({ context: ownerContext, page: owner } = await newAppPage(browser, pageErrors));
    ({ context: auditorContext, page: auditor } = await newAppPage(browser, pageErrors));
  });
  afterAll(async () => {
    await ownerContext?.close();
    await auditorContext?.close();
    await browser?.close();
    await app?.stop();
  });

  it("the owner invites an auditor from Settings → Team and gets a single-use link", async () => {
    // Set up through the API for speed: the owner, a customer, a product and an invoice.
    const user = await call(owner, app.baseUrl, "post", "/api/auth/register", ownerPerson);
    const gstin = `32AAPFU0939F1Z${gstinCheckCharacter("32AAPFU0939F1Z")}`;
    await call(owner, app.baseUrl, "put", "/api/profile", { companyName: company, gstNumber: gstin, businessAddress: "Broadway, Kochi 682031" });
    const product = await call<{ id: string }>(owner, app.baseUrl, "post", "/api/products", {
      name: "Black pepper 1 kg",
      sku: "PEP-1",
      category: "Other",
      price: "800.00",
      stock: 50,
      minStock: 1,
      gstRate: "5",
      hsnCode: "0904",
    });
    const customer = await call<{ id: string }>(owner, app.baseUrl, "post", "/api/customers", { name: "Thomas Stores", stateCode: "32", phone: "9847012345" });
    invoice = await call(owner, app.baseUrl, "post", "/api/invoices", {
      customerId: customer.id,
      issueDate: indianDateOf(new Date()),
      dueDate: "2099-03-15",
      items: [{ productId: product.id, quantity: 3, price: "800", gstRate: "5", amount: "2520.00" }],
      subtotal: "2400.00",
      gstAmount: "120.00",
      total: "2520.00",
    });
    await signInAs(owner, app.baseUrl, user);

    await owner.goto(`${app.baseUrl}/settings`);
    const team = await visible(owner.getByRole("region", { name: "Team" }));
    await visible(team.getByText("Seats: 0 of 1 used on the Free plan"));
    await visible(team.getByText("Kavita Menon"));
    await team.getByLabel("Email").fill(auditorPerson.email);
    await chooseIn(owner, team, "Role", "Auditor");
    await team.getByRole("button", { name: "Send invitation" }).click();
    const field = await visible(team.getByLabel(`Send this link to ${auditorPerson.email}; it works once and expires on`, { exact: false }));
    link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${app.baseUrl}/invite/[^/]+$`));
    await visible(team.getByText("Seats: 1 of 1 used on the Free plan", { exact: false }));
    await visible(team.getByRole("region", { name: "Pending invitations" }).getByText(auditorPerson.email));
    await screenshot(owner, "team-01-owner-invites");

    // The owner's invoice list does offer writes: the check the auditor's screens pass below can see them.
    await owner.goto(`${app.baseUrl}/invoices`);
    await visible(owner.getByRole("row", { name: invoice.invoiceNumber }));
    expect(await writeButtonsIn(owner)).toEqual(expect.arrayContaining(["Create Invoice", `Mark Paid ${invoice.invoiceNumber}`, `Record payment ${invoice.invoiceNumber}`]));
  });

  it("the auditor opens the link, registers from it and accepts into the owner's books", async () => {
    await auditor.goto(link);
    await visible(auditor.getByRole("heading", { name: `Kavita Menon invited you to join ${company} as Auditor` }));
    await auditor.getByRole("link", { name: "Create an account" }).click();
    await auditor.waitForURL(/\/register\?next=/);
    await auditor.getByLabel("First Name").fill(auditorPerson.firstName);
    await auditor.getByLabel("Last Name").fill(auditorPerson.lastName);
    await auditor.getByLabel("Email Address").fill(auditorPerson.email);
    await auditor.getByLabel("Password", { exact: true }).fill(auditorPerson.password);
    await auditor.getByLabel("Confirm Password").fill(auditorPerson.password);
    await auditor.getByRole("button", { name: "Start Free Trial" }).click();
    // Back at the invitation, signed in now.
    await auditor.waitForURL(/\/invite\//);
    await auditor.getByRole("button", { name: "Accept invitation" }).click();
    await auditor.waitForURL(/\/dashboard$/);

    const sidebar = auditor.locator("aside");
    await visible(sidebar.getByText("Ravi Iyer"));
    await visible(sidebar.getByTestId("sidebar-role").getByText("Auditor", { exact: true }));
    await visible(auditor.getByRole("note").getByText(`Read-only access — you are an auditor of ${company}`, { exact: false }));
    // Two businesses: their own and the owner's, so the switcher shows.
    await visible(sidebar.getByRole("combobox", { name: "Business" }).getByText(company));
    // The ledger tools are theirs too; a staff-only view would have hidden these.
    for (const label of ["Dashboard", "Invoices", "Reports", "GST Compliance"]) await visible(navLink(auditor, label));
    expect(await writeButtonsIn(auditor)).toEqual([]);
    await screenshot(auditor, "team-02-auditor-dashboard");

    // The owner sees the new member in the team.
    await owner.goto(`${app.baseUrl}/settings`);
    await visible(owner.getByRole("region", { name: "Members" }).getByText(auditorPerson.email));
  });

  it("the auditor opens an invoice's history and sees no button that writes", async () => {
    await navLink(auditor, "Invoices").click();
    const row = auditor.getByRole("row", { name: invoice.invoiceNumber });
    await visible(row.getByRole("button", { name: `View ${invoice.invoiceNumber}` }));
    expect(await writeButtonsIn(auditor)).toEqual([]);

    // The row's menu keeps only what reads: downloads and the history.
    await row.getByRole("button", { name: `More actions ${invoice.invoiceNumber}` }).click();
    const menu = await visible(auditor.getByRole("menu", { name: `More actions ${invoice.invoiceNumber}` }));
    expect(await writeButtonsIn(menu)).toEqual([]);
    await menu.getByRole("menuitem", { name: `History of ${invoice.invoiceNumber}` }).click();
    const dialog = await visible(auditor.getByRole("dialog", { name: `History of Invoice ${invoice.invoiceNumber}` }));
    await visible(dialog.getByText(`Created invoice ${invoice.invoiceNumber} for Thomas Stores`, { exact: false }));
    await visible(dialog.getByText("Kavita Menon", { exact: true }));
    expect(await writeButtonsIn(dialog)).toEqual([]);
    await screenshot(auditor, "team-03-auditor-invoice-history");
    await auditor.keyboard.press("Escape");
    await hidden(dialog);

    // The preview: downloads only.
    await row.getByRole("button", { name: `View ${invoice.invoiceNumber}` }).click();
    const preview = await visible(auditor.getByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` }));
    await visible(preview.getByRole("button", { name: "Download PDF" }));
    expect(await writeButtonsIn(preview)).toEqual([]);
    await auditor.keyboard.press("Escape");
    await hidden(preview);
  });

  it("the auditor opens the ledger and a report as of a past date, with nothing to change", async () => {
    await navLink(auditor, "Ledger").click();
    await auditor.waitForURL(/\/ledger$/);
    await visible(auditor.getByText(`Created invoice ${invoice.invoiceNumber} for Thomas Stores`, { exact: false }).first());
    await hidden(auditor.locator("[aria-busy='true']").first(), 15_000);
    expect(await writeButtonsIn(auditor)).toEqual([]);
    await screenshot(auditor, "team-04-auditor-ledger");

    await navLink(auditor, "Reports").click();
    await auditor.waitForURL(/\/reports/);
    // Yesterday's books, before the invoice: the auditor's "as of" view is read-only too.
    await auditor.getByLabel("As of date").fill(indianDateOf(new Date(Date.now() - 86_400_000)));
    await auditor.waitForURL(/asOf=/);
    await visible(auditor.getByRole("status", { name: "As of" }));
    expect(await writeButtonsIn(auditor)).toEqual([]);
    await screenshot(auditor, "team-05-auditor-report-as-of");

    // Every other screen, once its rows are in: read, and nothing that writes.
    const screens: [string, Locator][] = [
      ["Dashboard", auditor.getByRole("heading", { name: "Recent Invoices" })],
      ["Inventory", auditor.getByRole("row", { name: /Black pepper 1 kg/ }).first()],
      ["Customers", auditor.getByRole("article", { name: "Thomas Stores" })],
      ["Vendors", auditor.getByRole("heading", { name: "Vendors", level: 1 })],
      ["Expenses", auditor.getByRole("heading", { name: "Expenses", level: 1 })],
      ["GST Compliance", auditor.getByRole("heading", { name: "GST Compliance", level: 1 })],
    ];
    for (const [label, ready] of screens) {
      await navLink(auditor, label).click();
      await visible(ready, 15_000);
      await hidden(auditor.locator("[aria-busy='true']").first(), 15_000);
      expect(await writeButtonsIn(auditor), label).toEqual([]);
    }
    for (const tab of ["GST Returns", "E-Way Bill", "GST Tools"]) {
      await auditor.getByRole("tab", { name: tab }).click();
      await hidden(auditor.locator("[aria-busy='true']").first(), 15_000);
      expect(await writeButtonsIn(auditor), tab).toEqual([]);
    }
    await auditor.goto(`${app.baseUrl}/settings`);
    await visible(auditor.getByRole("heading", { name: "Settings", level: 1 }));
    const companyName = await visible(auditor.getByLabel("Company Name", { exact: true }));
    expect(await companyName.isDisabled()).toBe(true);
    expect(await auditor.getByRole("region", { name: "Team" }).count()).toBe(0);
    expect(await writeButtonsIn(auditor)).toEqual([]);
  });

  it("a staff member switched into the business sees no Dashboard, Reports, GST Compliance or Ledger", async () => {
    // Staff take a paid seat: the free plan's one seat is the auditor's.
    await call(owner, app.baseUrl, "post", "/api/profile/plan", { plan: "professional" });
    const invitation = await call<{ token: string }>(owner, app.baseUrl, "post", "/api/team/invitations", { email: staffPerson.email, role: "staff" });

    const { context, page: staff } = await newAppPage(browser, pageErrors);
    try {
      const user = await call<{ id: string }>(staff, app.baseUrl, "post", "/api/auth/register", staffPerson);
      await call(staff, app.baseUrl, "post", `/api/team/invitations/${encodeURIComponent(invitation.token)}/accept`);
      // Start in their own books, then switch through the sidebar as a person would.
      await call(staff, app.baseUrl, "post", "/api/me/business", { businessId: user.id });
      await signInAs(staff, app.baseUrl, user);
      await staff.goto(`${app.baseUrl}/dashboard`);
      await visible(navLink(staff, "Reports"));
      await chooseIn(staff, staff.locator("aside"), "Business", company);
      await staff.waitForURL(/\/invoices$/);
      await visible(staff.getByTestId("sidebar-role").getByText("Staff", { exact: true }));
      await visible(navLink(staff, "Invoices"));
      for (const label of ["Dashboard", "Reports", "GST Compliance", "Ledger"]) expect(await navLink(staff, label).count(), label).toBe(0);
      await visible(staff.getByRole("row", { name: invoice.invoiceNumber }));
      await visible(staff.getByRole("button", { name: "Create Invoice" }));

      await staff.goto(`${app.baseUrl}/reports`);
      await visible(staff.getByRole("heading", { name: "Your role (Staff) cannot open this screen" }));
      await screenshot(staff, "team-06-staff-refused-reports");
    } finally {
      await context.close();
    }
  });

  it("a removed auditor's next read is refused and they are back in their own books", async () => {
    await owner.goto(`${app.baseUrl}/settings`);
    const members = await visible(owner.getByRole("region", { name: "Members" }));
    await members.getByRole("button", { name: "Remove Ravi Iyer" }).click();
    const confirm = await visible(owner.getByRole("alertdialog", { name: "Remove Ravi Iyer?" }));
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await hidden(confirm);
    await hidden(members.getByText(auditorPerson.email));

    // The auditor's next read is refused with 403 NOT_A_MEMBER; the browser says so and reads
    // again from their own books. Opening Invoices reads what the page has not cached; if all of
    // it was, a filter the page has not read yet does.
    await navLink(auditor, "Invoices").click();
    const notice = toastIn(auditor, "You are no longer a member of that business. You are back in your own books.");
    const refusedOnOpening = await notice.waitFor({ state: "visible", timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (!refusedOnOpening) await chooseIn(auditor, auditor, "Status", /^Paid$/);
    await visible(toastIn(auditor, "You are no longer a member of that business. You are back in your own books."));
    await visible(auditor.getByText("No invoices found. Create your first invoice to get started."));
    expect(await auditor.getByRole("row", { name: invoice.invoiceNumber }).count()).toBe(0);
    const sidebar = auditor.locator("aside");
    await visible(sidebar.getByTestId("sidebar-role").getByText("Owner", { exact: true }));
    expect(await sidebar.getByRole("combobox", { name: "Business" }).count()).toBe(0);
    expect(await auditor.getByRole("note").count()).toBe(0);
  });

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
