import { expect, describe, it } from "vitest";
import { apiCall, appInBrowser, hidden, navLink, noToastsIn, registerThroughUi, screenshot, toastIn, visible } from "./support/browser.ts";

/**
 * Issue 12 in a real browser: an edit form remembers the revision (ETag) of the customer it
 * opened; when someone else saves the customer meanwhile, its save is refused (412) and the form
 * says "This record changed since you opened it" above what the user typed, until Reload brings
 * the saved values in.
 */
describe("a stale edit", () => {
  const ui = appInBrowser();
  const owner = { firstName: "Meera", lastName: "Iyer", email: `meera.iyer.${Date.now()}@example.in`, password: "two-tabs-one-record", company: "Iyer Textiles" };

  it("tells the user the customer changed, keeps what they typed, and Reload shows the saved values", async () => {
    const { page } = ui;
    const baseUrl = ui.app.baseUrl;
    await registerThroughUi(page, baseUrl, owner);
    const customer = await apiCall<{ id: string }>(page, baseUrl, "post", "/api/customers", { name: "Kumar Traders", stateCode: "27", phone: "+91 98220 11111" });

    await navLink(page, "Customers").click();
    // The form reads the customer with its ETag as it opens.
    const opened = page.waitForResponse((response) => response.url().endsWith(`/api/customers/${customer.id}`) && response.request().method() === "GET");
    await page.getByRole("button", { name: "Edit Kumar Traders" }).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Edit Customer" }));
    expect((await opened).headers()["etag"]).toBe('"0"');

    // Another tab (the same session, through the API) renames the customer meanwhile.
    await apiCall(page, baseUrl, "put", `/api/customers/${customer.id}`, { name: "Kumar Traders & Sons", stateCode: "27", phone: "+91 98220 22222" });

    await dialog.getByLabel("Phone").fill("+91 98220 33333");
    await dialog.getByRole("button", { name: "Update Customer" }).click();
    const notice = await visible(dialog.getByRole("alert").filter({ hasText: "This record changed since you opened it" }));
    const reload = await visible(notice.getByRole("button", { name: "Reload" }));
    // Nothing typed is lost, and the dialog stays open.
    expect(await dialog.getByLabel("Phone").inputValue()).toBe("+91 98220 33333");
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Kumar Traders");

    await noToastsIn(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "stale-edit-1280x800");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "stale-edit-390x844");
    await page.setViewportSize({ width: 1366, height: 900 });

    await reload.click();
    await hidden(notice);
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Kumar Traders & Sons");
    expect(await dialog.getByLabel("Phone").inputValue()).toBe("+91 98220 22222");

    // Saved on top of what is there now, the edit goes through.
    await dialog.getByLabel("Phone").fill("+91 98220 33333");
    await dialog.getByRole("button", { name: "Update Customer" }).click();
    await visible(toastIn(page, "Customer updated successfully"));
    await hidden(dialog);
    await visible(page.getByRole("article", { name: "Kumar Traders & Sons" }));
    expect(ui.pageErrors).toEqual([]);
  });
});
