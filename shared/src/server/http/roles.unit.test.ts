import { describe, expect, it } from "vitest";
import { roleRefusal } from "./roles.ts";

const allowed = (role: Parameters<typeof roleRefusal>[0], method: string, path: string) => roleRefusal(role, method, path) === null;

describe("roleRefusal: what each role may do", () => {
  it("lets the owner do everything, the team and the plan included", () => {
    for (const [method, path] of [
      ["POST", "/team/invitations"],
      ["DELETE", "/team/abc"],
      ["POST", "/profile/plan"],
      ["POST", "/gst/file-gstr1"],
      ["GET", "/reports"],
    ]) {
      expect(allowed("owner", method!, path!)).toBe(true);
    }
  });

  it("keeps the accountant out of the team and the plan, and nothing else", () => {
    expect(roleRefusal("accountant", "POST", "/team/invitations")).toBe("An accountant cannot manage the team: only the owner can");
    expect(roleRefusal("accountant", "GET", "/team")).toBe("An accountant cannot manage the team: only the owner can");
    expect(roleRefusal("accountant", "POST", "/profile/plan")).toBe("An accountant cannot change the plan: only the owner can");
    expect(allowed("accountant", "PUT", "/profile")).toBe(true);
    expect(allowed("accountant", "POST", "/gst/file-gstr3b")).toBe(true);
    expect(allowed("accountant", "GET", "/reports/pdf")).toBe(true);
    expect(allowed("accountant", "GET", "/ledger/verify")).toBe(true);
    // Accepting an invitation to another business is the person's own affair.
    expect(allowed("accountant", "POST", "/team/invitations/tok/accept")).toBe(true);
  });

  it("lets staff keep the day's books but not open reports, the dashboard, GST filing, the ledger or settings", () => {
    for (const [method, path] of [
      ["POST", "/invoices"],
      ["POST", "/invoices/x/payments"],
      ["POST", "/customers/x/advances"],
      ["PUT", "/vendors/x"],
      ["POST", "/products/x/stock"],
      ["DELETE", "/expenses/x"],
      ["POST", "/credit-notes"],
      ["POST", "/delivery-challans"],
      ["POST", "/ewaybills"],
      ["GET", "/gst/hsn?q=1006"],
      ["GET", "/gst/hsn-codes"],
      ["POST", "/gst/validate-gstin"],
      ["GET", "/profile"],
      ["GET", "/profile/logo"],
    ]) {
      expect(allowed("staff", method!, path!.split("?")[0]!), `${method} ${path}`).toBe(true);
    }
    expect(roleRefusal("staff", "GET", "/reports")).toBe("Staff cannot open reports");
    expect(roleRefusal("staff", "GET", "/reports/aging")).toBe("Staff cannot open reports");
    expect(roleRefusal("staff", "GET", "/dashboard/stats")).toBe("Staff cannot open the dashboard");
    expect(roleRefusal("staff", "POST", "/gst/file-gstr1")).toMatch(/^Staff cannot open GST returns/);
    expect(roleRefusal("staff", "GET", "/gst/returns/preview")).toMatch(/^Staff cannot open GST returns/);
    expect(roleRefusal("staff", "GET", "/gst/cmp08")).toMatch(/^Staff cannot open GST returns/);
    expect(roleRefusal("staff", "GET", "/ledger")).toBe("Staff cannot open the ledger");
    expect(roleRefusal("staff", "GET", "/team")).toBe("Staff cannot manage the team: only the owner can");
    expect(roleRefusal("staff", "PUT", "/profile")).toBe("Staff cannot change the business's settings");
    expect(roleRefusal("staff", "PUT", "/profile/logo")).toBe("Staff cannot change the business's settings");
    // A prefix is a path segment, not a string prefix.
    expect(allowed("staff", "GET", "/invoicesx")).toBe(false);
  });

  it("lets the auditor read everything and change nothing but their own session", () => {
    for (const path of ["/invoices", "/reports", "/gst/returns", "/ledger/export", "/team", "/dashboard/stats"]) expect(allowed("auditor", "GET", path)).toBe(true);
    for (const [method, path] of [
      ["POST", "/invoices"],
      ["PUT", "/customers/x"],
      ["PATCH", "/products/x/active"],
      ["DELETE", "/expenses/x"],
      ["POST", "/gst/validate-gstin"],
      ["POST", "/team/invitations"],
    ]) {
      expect(roleRefusal("auditor", method!, path!)).toBe("An auditor can see everything but cannot change anything");
    }
    for (const [method, path] of [
      ["POST", "/auth/logout"],
      ["POST", "/auth/login"],
      ["POST", "/me/business"],
      ["POST", "/team/invitations/tok/accept"],
      ["GET", "/me"],
      ["GET", "/team/invitations/tok"],
    ]) {
      expect(allowed("auditor", method!, path!), `${method} ${path}`).toBe(true);
    }
    // Revoking an invitation is not accepting one.
    expect(allowed("auditor", "DELETE", "/team/invitations/x")).toBe(false);
  });
});
