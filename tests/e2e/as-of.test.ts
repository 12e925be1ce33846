import { describe, expect, it } from "vitest";
import { apiCall, appInBrowser, hidden, navLink, registerThroughUi, screenshot, visible } from "./support/browser.ts";

/**
 * Issue 11 in a real browser against `bahi start`: Reports and the dashboard as of a past
 * moment. One invoice is issued, the moment noted, a second one issued; as of that moment the
 * figures are the first invoice's alone, a banner says so, and nothing that writes is offered.
 */
describe("time travel: the books as of a past moment", () => {
  const ui = appInBrowser();
  const owner = { firstName: "Meera", lastName: "Pillai", email: `meera.pillai.${Date.now()}@example.in`, password: "as-of-owner-1", company: "Pillai Spices" };

  const api = <T>(method: "post" | "put", path: string, data: unknown) => apiCall<T>(ui.page, ui.app.baseUrl, method, path, data);

  it("Reports as of a moment between two invoices shows the first alone, under a banner, with no write buttons", async () => {
    await registerThroughUi(ui.page, ui.app.baseUrl, owner);
    await api("put", "/api/profile", { companyName: owner.company, stateCode: "32" });
    const pepper = await api<{ id: string }>("post", "/api/products", { name: "Black pepper", sku: "PEP-1", category: "Other", price: "1000.00", stock: 100, gstRate: "5" });
    const customer = await api<{ id: string }>("post", "/api/customers", { name: "Kochi Stores", stateCode: "32" });
    const invoice = (quantity: number) =>
      api("post", "/api/invoices", {
        customerId: customer.id,
        items: [{ productId: pepper.id, quantity, price: "1000", gstRate: "5", amount: `${1050 * quantity}.00` }],
        subtotal: `${1000 * quantity}.00`,
        gstAmount: `${50 * quantity}.00`,
        total: `${1050 * quantity}.00`,
      });
    await invoice(1); // ₹1,000 income
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await invoice(3); // ₹3,000 more

    await navLink(ui.page, "Reports").click();
    const income = ui.page.getByRole("region", { name: "Report figures" }).getByText("₹4,000").first();
    await visible(income);
    await hidden(ui.page.getByRole("status", { name: "As of" }));

    await ui.page.goto(`${ui.app.baseUrl}/reports?asOf=${encodeURIComponent(between)}`);
    const banner = await visible(ui.page.getByRole("status", { name: "As of" }));
    expect(await banner.textContent()).toMatch(/Showing your books as they stood on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m/);
    await visible(ui.page.getByRole("region", { name: "Report figures" }).getByText("₹1,000").first());
    // Reminders (they make share links) are today's, not a past moment's.
    expect(await ui.page.getByRole("region", { name: "Payment reminders" }).count()).toBe(0);
    await screenshot(ui.page, "as-of-reports");

    // The dashboard as of then: its figures, and no Create Invoice.
    await ui.page.goto(`${ui.app.baseUrl}/dashboard?asOf=${encodeURIComponent(between)}`);
    await visible(ui.page.getByRole("status", { name: "As of" }));
    await visible(ui.page.getByRole("region", { name: "Business figures" }).getByText("₹1,050").first()); // outstanding then: the first invoice
    expect(await ui.page.getByRole("button", { name: "Create Invoice" }).count()).toBe(0);

    // The control: a day before the business existed shows empty books; Now goes back to today.
    await ui.page.goto(`${ui.app.baseUrl}/reports`);
    await visible(income);
    const yesterday = new Date(Date.now() + 5.5 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    await ui.page.getByLabel("As of date").fill(yesterday);
    await visible(ui.page.getByRole("status", { name: "As of" }).getByText(/11:59 pm/));
    expect(new URL(ui.page.url()).searchParams.get("asOf")).toBe(`${yesterday}T23:59`);
    await hidden(income);
    await ui.page.getByRole("button", { name: "Now" }).click();
    await visible(income);
    await hidden(ui.page.getByRole("status", { name: "As of" }));
    expect(ui.pageErrors).toEqual([]);
  });
});
