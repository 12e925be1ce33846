import type { Me, TeamRole } from "@bahi/shared/contract";
import { describe, expect, it } from "vitest";
import { accessFor, canOpenScreen, homeFor } from "./access.tsx";

function meAs(role: TeamRole): Me {
  const current = { businessId: "b-1", companyName: "Menon Spices", role };
  return { person: { id: "p-1", email: "ravi@example.in", firstName: "Ravi", lastName: "Iyer" }, current, businesses: [{ ...current, current: true }] };
}

const SCREENS = ["/dashboard", "/invoices", "/inventory", "/customers", "/vendors", "/expenses", "/reports", "/gst-compliance", "/ledger", "/settings", "/setup"];

describe("what each role is offered", () => {
  it("staff keep the day's books and open nothing else", () => {
    const staff = accessFor(meAs("staff"));
    expect(SCREENS.filter((screen) => canOpenScreen(staff, screen))).toEqual(["/invoices", "/inventory", "/customers", "/vendors", "/expenses"]);
    expect(staff).toMatchObject({ canWrite: true, canSeeReports: false, canFile: false, canManageTeam: false, canSeeLedger: false });
    expect(homeFor("staff")).toBe("/invoices");
  });

  it("an auditor opens every screen but the setup, and writes nothing", () => {
    const auditor = accessFor(meAs("auditor"));
    expect(SCREENS.filter((screen) => !canOpenScreen(auditor, screen))).toEqual(["/setup"]);
    expect(auditor).toMatchObject({ canWrite: false, canFile: false, canEditSettings: false, canManageTeam: false, canChangePlan: false, canSeeLedger: true });
    expect(homeFor("auditor")).toBe("/dashboard");
  });

  it("an accountant does everything but the team and the plan", () => {
    const accountant = accessFor(meAs("accountant"));
    expect(SCREENS.every((screen) => canOpenScreen(accountant, screen))).toBe(true);
    expect(accountant).toMatchObject({ canWrite: true, canFile: true, canEditSettings: true, canManageTeam: false, canChangePlan: false });
  });

  it("the owner does everything", () => {
    const owner = accessFor(meAs("owner"));
    expect(Object.entries(owner).filter(([key, value]) => key.startsWith("can") && value !== true)).toEqual([]);
  });

  it("gates a screen's sub-paths with it, not screens that merely start alike", () => {
    const staff = accessFor(meAs("staff"));
    expect(canOpenScreen(staff, "/reports/gstr1")).toBe(false);
    expect(canOpenScreen(staff, "/reportsx")).toBe(true);
  });
});
