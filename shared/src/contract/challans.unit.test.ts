import { describe, expect, it } from "vitest";
import { challanFollowUp, deliveryChallanCreateSchema } from "./challans.ts";

describe("delivery challan follow-up dates", () => {
  it("s.31(7): goods on approval are invoiced within six months of removal (month ends clamp, leap years count)", () => {
    expect(challanFollowUp("supply_on_approval", "2026-11-24")).toEqual({ by: "2027-05-24", action: "invoice" });
    expect(challanFollowUp("supply_on_approval", "2026-08-31")).toEqual({ by: "2027-02-28", action: "invoice" });
    expect(challanFollowUp("supply_on_approval", "2027-08-31")).toEqual({ by: "2028-02-29", action: "invoice" });
  });

  it("s.143(1): goods sent for job work come back within a year; other movements have no deadline", () => {
    expect(challanFollowUp("job_work", "2026-11-24")).toEqual({ by: "2027-11-24", action: "bringBack" });
    expect(challanFollowUp("job_work", "2028-02-29")).toEqual({ by: "2029-02-28", action: "bringBack" });
    expect(challanFollowUp("not_supply", "2026-11-24")).toBeNull();
    expect(challanFollowUp("liquid_gas", "2026-11-24")).toBeNull();
    expect(challanFollowUp("other", "2026-11-24")).toBeNull();
  });

  it("Rule 55: the create body needs a purpose from the list and 1-200 items; value per unit is optional", () => {
    const ok = deliveryChallanCreateSchema.parse({ customerId: "c", purpose: "job_work", items: [{ productId: "p", quantity: 2.5 }] });
    expect(ok.items[0]).toEqual({ productId: "p", quantity: 2.5 });
    expect(deliveryChallanCreateSchema.parse({ customerId: "c", purpose: "job_work", items: [{ productId: "p", quantity: 1, price: "12.5" }] }).items[0]!.price).toBe("12.50");
    expect(deliveryChallanCreateSchema.safeParse({ customerId: "c", purpose: "sale", items: [{ productId: "p", quantity: 1 }] }).success).toBe(false);
    expect(
      deliveryChallanCreateSchema.safeParse({ customerId: "c", purpose: "job_work", items: Array.from({ length: 201 }, () => ({ productId: "p", quantity: 1 })) }).success,
    ).toBe(false);
  });
});
