import { describe, expect, it } from "vitest";
import { indianDateOf } from "@bahi/shared/contract";
import { apiCall, appInBrowser, hidden, navLink, registerThroughUi, rowMenuItem, screenshot, visible } from "./support/browser.ts";

/**
 * Issue 11 in a real browser: an invoice's History (from its row's "More actions") lists each
 * change oldest first, with who made it in what role and the edit's fields before → after; a
 * customer's card opens its own history. On a phone the same dialog fits the screen.
 */
describe("history of a record", () => {
  const ui = appInBrowser();
  const owner = { firstName: "Meena", lastName: "Iyer", email: `meena.history.${Date.now()}@example.in`, password: "edit-log-rule-3", company: "Iyer Stores" };

  it("opens an invoice's history and a customer's, and sees each line with who and what changed", async () => {
    await registerThroughUi(ui.page, ui.app.baseUrl, owner);
    await apiCall(ui.page, ui.app.baseUrl, "put", "/api/profile", { stateCode: "27" });
    const product = await apiCall<{ id: string }>(ui.page, ui.app.baseUrl, "post", "/api/products", {
      name: "Basmati rice 5 kg",
      sku: "RICE-5",
      category: "Other",
      price: "1000",
      stock: 50,
      gstRate: "18",
    });
    const customer = await apiCall<{ id: string }>(ui.page, ui.app.baseUrl, "post", "/api/customers", { name: "Kumar Kirana", stateCode: "27" });
    const body = (quantity: number) => ({
      customerId: customer.id,
      subtotal: String(1000 * quantity),
      gstAmount: String(180 * quantity),
      total: String(1180 * quantity),
      items: [{ productId: product.id, quantity, price: "1000", gstRate: "18", amount: String(1180 * quantity) }],
    });
    const invoice = await apiCall<{ id: string; invoiceNumber: string }>(ui.page, ui.app.baseUrl, "post", "/api/invoices", body(1));
    await apiCall(ui.page, ui.app.baseUrl, "put", `/api/invoices/${invoice.id}`, body(2));
    await apiCall(ui.page, ui.app.baseUrl, "post", `/api/invoices/${invoice.id}/payments`, { amount: "500", date: indianDateOf(new Date()), mode: "upi" });
    await apiCall(ui.page, ui.app.baseUrl, "put", `/api/customers/${customer.id}`, { name: "Kumar Kirana Stores", stateCode: "27" });

    await navLink(ui.page, "Invoices").click();
    const row = ui.page.getByRole("row", { name: invoice.invoiceNumber });
    await visible(row);
    await (await rowMenuItem(ui.page, row, invoice.invoiceNumber, `History of ${invoice.invoiceNumber}`)).click();
    const dialog = ui.page.getByRole("dialog", { name: `History of Invoice ${invoice.invoiceNumber}` });
    await visible(dialog);
    const lines = dialog.getByRole("list", { name: "History" }).getByRole("listitem");
    await visible(lines.first());
    expect(await lines.count()).toBe(3);
    await visible(lines.nth(0).getByText(`Created invoice ${invoice.invoiceNumber} for Kumar Kirana, ₹1,180.00`));
    await visible(lines.nth(0).getByText("Meena Iyer"));
    await visible(lines.nth(0).getByText("Owner", { exact: true }));
    await visible(lines.nth(1).getByText("Edited the invoice (now ₹2,360.00)"));
    const total = lines
      .nth(1)
      .getByRole("table", { name: "Changes" })
      .getByRole("row", { name: /^Total/ });
    await visible(total.getByText("₹1,180.00"));
    await visible(total.getByText("₹2,360.00"));
    await visible(lines.nth(2).getByText("Recorded a payment of ₹500.00 (UPI)"));
    await screenshot(ui.page, "history-01-invoice");
    await ui.page.keyboard.press("Escape");
    await hidden(dialog);

    // A payment has a history of its own, from the invoice's Payments section.
    await row.getByRole("button", { name: `View ${invoice.invoiceNumber}` }).click();
    const preview = ui.page.getByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` });
    await preview
      .getByRole("region", { name: "Payments" })
      .getByRole("button", { name: /^History of Payment of ₹500\.00/ })
      .click();
    const paymentDialog = ui.page.getByRole("dialog", { name: /^History of Payment/ });
    await visible(paymentDialog.getByText("Recorded a payment of ₹500.00 (UPI)"));
    await ui.page.keyboard.press("Escape");
    await hidden(paymentDialog);
    await ui.page.keyboard.press("Escape");
    await hidden(preview);

    await navLink(ui.page, "Customers").click();
    const card = ui.page.getByRole("article", { name: "Kumar Kirana Stores" });
    await card.getByRole("button", { name: "History of Kumar Kirana Stores" }).click();
    const customerDialog = ui.page.getByRole("dialog", { name: "History of Customer Kumar Kirana Stores" });
    await visible(customerDialog.getByText("Edited the customer"));
    const name = customerDialog.getByRole("table", { name: "Changes" }).getByRole("row", { name: /^Name/ });
    await visible(name.getByText("Kumar Kirana", { exact: true }));
    await visible(name.getByText("Kumar Kirana Stores"));

    // A phone: the dialog is a sheet that fits the screen's width.
    await ui.page.setViewportSize({ width: 390, height: 844 });
    const box = await customerDialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(ui.page, "history-02-customer-phone");
    expect(ui.pageErrors).toEqual([]);
  });
});
