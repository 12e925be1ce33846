import { describe, expect, it } from "vitest";
import { buildEwayBillBody, ewayBillFormSchema, ewayBillFormValues, formatValidity } from "./eway-bill-form.ts";

describe("the e-way bill form", () => {
  it("starts on road transport in a regular vehicle, from the remembered dispatch PIN", () => {
    expect(ewayBillFormValues("411030")).toMatchObject({ dispatchPincode: "411030", transportMode: "road", vehicleType: "regular" });
  });

  it("says what is missing or malformed", () => {
    const result = ewayBillFormSchema.safeParse({ ...ewayBillFormValues(), dispatchPincode: "4110", distanceKm: "85.5" });
    const messages = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "invoiceId: Choose an invoice",
      "dispatchPincode: Dispatch PIN must be a 6-digit PIN code",
      "deliveryPincode: Delivery PIN is required",
      "distanceKm: Distance must be a whole number of kilometres",
    ]);
  });

  it("builds the POST body: whole kilometres, a tidy vehicle number, blanks as null, reason 1 (Supply)", () => {
    const values = ewayBillFormSchema.parse({
      ...ewayBillFormValues("411030"),
      invoiceId: "inv-1",
      deliveryPincode: "560002",
      distanceKm: " 850 ",
      vehicleNumber: "mh 12 ab-1234",
      transporterId: " ",
    });
    expect(buildEwayBillBody(values)).toEqual({
      invoiceId: "inv-1",
      dispatchPincode: "411030",
      deliveryPincode: "560002",
      distanceKm: 850,
      transportMode: "road",
      vehicleNumber: "MH12AB1234",
      vehicleType: "regular",
      transporterName: null,
      transporterId: null,
      reasonCode: 1,
    });
  });

  it("shows the validity in India's time", () => {
    expect(formatValidity("2026-07-14T23:59:59+05:30")).toMatch(/^14 Jul 2026, 11:59\s?pm$/i);
    expect(formatValidity(null)).toBe("");
  });
});
