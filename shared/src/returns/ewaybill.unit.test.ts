import { describe, expect, it } from "vitest";
import { ewayBillRequired, ewayBillValidity, isValidVehicleNumber, transporterIdProblem, validateEwayBill } from "./ewaybill.ts";
import type { EwayBillInput } from "./ewaybill.ts";

describe("ewayBillValidity", () => {
  it("matches the NIC responses in IC's test data", () => {
    // 10 km → 1 day: generated 25/02/2024 11:10 → valid up to 26/02/2024 23:59
    expect(ewayBillValidity({ generatedAt: "2024-02-25T11:10:00+05:30", distanceKm: 10, vehicleType: "regular" })).toEqual({
      days: 1,
      generatedOn: "2024-02-25",
      validUntilDate: "2024-02-26",
      validUntil: "2024-02-26T23:59:59+05:30",
    });
    // 2467 km → ceil(2467 / 200) = 13 days: 16/09/2022 19:29 → 29/09/2022 23:59
    expect(ewayBillValidity({ generatedAt: "2022-09-16T19:29:00+05:30", distanceKm: 2467, vehicleType: "regular" }).validUntilDate).toBe("2022-09-29");
  });

  it("counts a day per 200 km or part (20 km for over-dimensional cargo), at least one", () => {
    const on = (distanceKm: number, vehicleType: "regular" | "odc") => ewayBillValidity({ generatedAt: "2025-10-01T10:00:00+05:30", distanceKm, vehicleType }).days;
    expect(on(0, "regular")).toBe(1);
    expect(on(200, "regular")).toBe(1);
    expect(on(201, "regular")).toBe(2);
    expect(on(45, "odc")).toBe(3); // ceil(45 / 20)
    expect(on(4000, "regular")).toBe(20);
    expect(() => on(-1, "regular")).toThrow(RangeError);
    expect(() => on(10.5, "regular")).toThrow(RangeError);
  });

  it("takes the generation date in India", () => {
    // 18:00 UTC = 23:30 IST on 1 Oct; 18:31 UTC = 00:01 IST on 2 Oct
    expect(ewayBillValidity({ generatedAt: new Date("2025-10-01T18:00:00Z"), distanceKm: 50, vehicleType: "regular" }).validUntilDate).toBe("2025-10-02");
    expect(ewayBillValidity({ generatedAt: new Date("2025-10-01T18:31:00Z"), distanceKm: 50, vehicleType: "regular" }).validUntilDate).toBe("2025-10-03");
  });
});

describe("ewayBillRequired", () => {
  it("needs a bill above ₹50,000", () => {
    expect(ewayBillRequired(50_000_00)).toBe(false);
    expect(ewayBillRequired(50_000_01)).toBe(true);
  });
});

const VALID: EwayBillInput = {
  supplierGstin: "24AAQCA8719H1ZC",
  recipientGstin: "27AADCB2230M1ZT",
  dispatchPincode: "380001",
  deliveryPincode: 400001,
  documentType: "INV",
  documentNumber: "INV/25-26/0042",
  documentDate: "2025-10-15",
  consignmentValuePaise: 1_18_000_00,
  hsnCodes: ["8415"],
  reasonCode: 1,
  transportMode: "road",
  distanceKm: 530,
  vehicleNumber: "gj 01 ab 1234",
  vehicleType: "regular",
  today: "2025-10-15",
};

describe("validateEwayBill", () => {
  it("accepts complete Part A and Part B", () => {
    expect(validateEwayBill(VALID)).toEqual({ valid: true, problems: [], vehicleNumber: "GJ01AB1234" });
    expect(validateEwayBill({ ...VALID, recipientGstin: "urp" }).valid).toBe(true);
  });

  it("lets a transporter ID stand in for the vehicle (Part B later), without checking its check character", () => {
    // IC: "29AAFCA7488L1Z0 invalid check digit for valid transporter id"
    expect(validateEwayBill({ ...VALID, vehicleNumber: null, transporterId: "29AAFCA7488L1Z0" }).valid).toBe(true);
    expect(transporterIdProblem("29AAFCA7488L1Z")).toBe('Transporter ID must be 15 characters (a GSTIN or TRANSIN); "29AAFCA7488L1Z" has 14');
    expect(transporterIdProblem("39AAFCA7488L1Z0")).toBe("Transporter ID state code 39 is not an allotted state code");
  });

  it("lists every problem", () => {
    expect(
      validateEwayBill({
        ...VALID,
        supplierGstin: "24AAQCA8719H1ZD",
        dispatchPincode: "038001",
        documentNumber: "INV 42",
        documentDate: "2025-10-16",
        consignmentValuePaise: 0,
        hsnCodes: ["84"],
        reasonCode: 11,
        distanceKm: 4001,
        vehicleNumber: "GJ01AB12345",
      }).problems,
    ).toEqual([
      'Supplier GSTIN (A.1): GSTIN check character is wrong: the 15th character should be C, not D (use "URP" for an unregistered person)',
      "Dispatch PIN code (A.2) must be 6 digits, not starting with 0",
      'Document number (A.5) may contain only letters, digits, "-" and "/"',
      "Document date (A.6) cannot be in the future",
      "Value of goods (A.7) must be more than zero",
      'HSN code (A.8) "84" must be 4, 6 or 8 digits',
      "Reason for transportation (A.9) must be a code from 1 to 10",
      "Distance must be a whole number of kilometres from 1 to 4000, got 4001",
      'Vehicle number (B.1) "GJ01AB12345" is not a valid registration number (e.g. KA01AB1234)',
    ]);
  });

  it("needs a vehicle or transporter by road, and a transport document otherwise", () => {
    expect(validateEwayBill({ ...VALID, vehicleNumber: "" }).problems).toEqual([
      "Vehicle number (B.1) is required for transport by road, unless a transporter ID is given to fill Part B later",
    ]);
    expect(validateEwayBill({ ...VALID, transportMode: "rail", vehicleNumber: null }).problems).toEqual([
      "Transport document number (B.2: railway receipt) is required for transport by rail",
    ]);
    expect(validateEwayBill({ ...VALID, transportMode: "air", vehicleNumber: null, transportDocumentNumber: "AWB-1", transportDocumentDate: "2025-10-14" }).problems).toEqual([
      "Transport document date (B.2) cannot be before the document date (A.6)",
    ]);
    expect(
      validateEwayBill({ ...VALID, transportMode: "ship", vehicleType: "odc", vehicleNumber: null, transportDocumentNumber: "BL-9", transportDocumentDate: "2025-10-15" }).problems,
    ).toEqual(["Over-dimensional cargo applies to road transport only"]);
  });
});

describe("isValidVehicleNumber", () => {
  it.each(["KA01AB1234", "DL1CAB1234", "GJ07DL9009", "MH 12 DE 1433", "ka-01-ab-1234", "ABC1234", "22BH1234AB", "TR01AB123456"])("accepts %s", (n) => {
    expect(isValidVehicleNumber(n)).toBe(true);
  });
  it.each(["1234", "KA01AB12345", "K01AB1234", "KA01ABCD1234", ""])("rejects %s", (n) => {
    expect(isValidVehicleNumber(n)).toBe(false);
  });
});
