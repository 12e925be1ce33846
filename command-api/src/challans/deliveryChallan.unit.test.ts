import { describe, expect, it } from "vitest";
import { CHALLAN_PURPOSES, deliveryChallanCreateSchema, type ChallanPurpose } from "@bahi/shared/contract";
import { decideDeliveryChallan, deliveryChallanDecider, type ChallanContext, type ChallanProduct } from "./deliveryChallan.ts";

const almirah: ChallanProduct = {
  id: "p-1",
  name: "Steel almirah",
  isActive: true,
  hsnCode: "9403",
  price: "1000.00",
  gstRate: "18",
  cessBasisPoints: 0,
  cessPerUnitMillirupees: 0,
  taxability: "taxable",
  unit: "NOS",
};
const context = (overrides: Partial<ChallanContext> = {}): ChallanContext => ({
  challanId: "c-1",
  ownerId: "u-1",
  number: "DC/26-27/0001",
  issueDate: "2026-11-24",
  now: new Date("2026-11-24T06:00:00Z"),
  gstCategory: "Regular",
  supplier: { name: "Rao Textiles", gstin: "27AAPFU0939F1ZV", address: null, stateCode: "27" },
  customer: { id: "k-1", name: "Shah Tailors", gstin: null, address: null, email: null, phone: null, stateCode: "27" },
  placeOfSupply: "27",
  products: [almirah],
  ...overrides,
});
const input = (purpose: ChallanPurpose, items: unknown[] = [{ productId: "p-1", quantity: 2 }]) => deliveryChallanCreateSchema.parse({ customerId: "k-1", purpose, items });

describe("delivery challan decider (CGST Rule 55)", () => {
  it("Rule 55(1)(g): tax is stated only for goods travelling for supply (on approval, liquid gas) by a regular business", () => {
    const stated = Object.fromEntries(CHALLAN_PURPOSES.map((purpose) => [purpose, decideDeliveryChallan(input(purpose), context()).statesTax]));
    expect(stated).toEqual({ job_work: false, supply_on_approval: true, liquid_gas: true, not_supply: false, other: false });
    for (const gstCategory of ["Composition", "Unregistered"]) {
      expect(decideDeliveryChallan(input("supply_on_approval"), context({ gstCategory })).statesTax).toBe(false);
    }
    const approval = decideDeliveryChallan(input("supply_on_approval"), context());
    expect(approval).toMatchObject({ subtotalPaise: 200_000, cgstPaise: 18_000, sgstPaise: 18_000, totalPaise: 236_000 });
    const job = decideDeliveryChallan(input("job_work"), context());
    expect(job).toMatchObject({ subtotalPaise: 200_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 200_000 });
    expect(job.lines[0]).toMatchObject({ rateBasisPoints: 0, taxablePaise: 200_000, unit: "NOS", hsnCode: "9403" });
  });

  it("Rule 55(1)(e),(f): a counted unit takes whole quantities; an inactive product is refused; a rate out of force only matters when tax is stated", () => {
    expect(() => decideDeliveryChallan(input("job_work", [{ productId: "p-1", quantity: 1.5 }]), context())).toThrow(/whole number/);
    expect(() => decideDeliveryChallan(input("job_work"), context({ products: [{ ...almirah, isActive: false }] }))).toThrow(/inactive/);
    const old = { ...almirah, gstRate: "12" };
    expect(() => decideDeliveryChallan(input("supply_on_approval"), context({ products: [old] }))).toThrow(/GST rate 12% is not in force/);
    expect(decideDeliveryChallan(input("job_work"), context({ products: [old] })).statesTax).toBe(false);
  });

  it("a challan is issued once and cancelled once, by its owner only", () => {
    const challan = decideDeliveryChallan(input("job_work"), context());
    const [issued] = deliveryChallanDecider.decide({ kind: "issue", challan }, deliveryChallanDecider.initialState);
    const state = deliveryChallanDecider.evolve(deliveryChallanDecider.initialState, issued!);
    expect(deliveryChallanDecider.decide({ kind: "issue", challan }, state)).toEqual([]);
    expect(() => deliveryChallanDecider.decide({ kind: "cancel", ownerId: "someone-else", reason: "x", at: "t" }, state)).toThrow(/not found/i);
    const [cancelled] = deliveryChallanDecider.decide({ kind: "cancel", ownerId: "u-1", reason: "Not sent", at: "t" }, state);
    expect(cancelled).toMatchObject({ type: "DeliveryChallanCancelled", data: { challanId: "c-1", number: "DC/26-27/0001", reason: "Not sent" } });
    expect(() => deliveryChallanDecider.decide({ kind: "cancel", ownerId: "u-1", reason: "Again", at: "t" }, deliveryChallanDecider.evolve(state, cancelled!))).toThrow(
      /already cancelled/,
    );
  });
});
