import { describe, expect, it } from "vitest";
import { gapsText, logoFileProblem, setupGaps } from "./setup.ts";
import { shipToOf } from "./delivery.ts";

describe("first-run setup (issue 9)", () => {
  it("Rule 46(a): an invoice needs the business's state (or GSTIN), address and PIN; what is missing is named in words", () => {
    const none = { gstNumber: null, stateCode: null, businessAddress: null, pinCode: null };
    expect(setupGaps(none)).toEqual(["state", "address", "pinCode"]);
    expect(gapsText(setupGaps(none))).toBe("your state or GSTIN, your business address and your PIN code");
    expect(setupGaps({ ...none, gstNumber: "27AAPFU0939F1ZV", businessAddress: "  " })).toEqual(["address", "pinCode"]);
    expect(gapsText(["pinCode"])).toBe("your PIN code");
    expect(setupGaps({ gstNumber: null, stateCode: "29", businessAddress: "MG Road", pinCode: "560001" })).toEqual([]);
    expect(setupGaps(undefined)).toEqual([]);
  });

  it("a logo must be PNG or JPEG of at most 200 KB, as the server says", () => {
    expect(logoFileProblem({ type: "image/png", size: 200 * 1024 })).toBeNull();
    expect(logoFileProblem({ type: "image/jpeg", size: 10 })).toBeNull();
    expect(logoFileProblem({ type: "image/png", size: 200 * 1024 + 1 })).toBe("The logo must be at most 200 KB; this image is 201 KB");
    expect(logoFileProblem({ type: "image/svg+xml", size: 10 })).toBe("Choose a PNG or JPEG image");
  });

  it("Rule 46(o): the preview shows the delivery address only where it differs from the billing address", () => {
    const customer = { id: "c", name: "Reddy", address: "12 MG Road, Pune", gstNumber: null, email: null, phone: null };
    expect(shipToOf({ customer: { ...customer, shippingAddress: "Godown 3, Bhosari" } })).toBe("Godown 3, Bhosari");
    expect(shipToOf({ customer: { ...customer, shippingAddress: " 12 MG Road,  pune " } })).toBeNull();
    expect(shipToOf({ customer: { ...customer, shippingAddress: null } })).toBeNull();
    expect(shipToOf({ customer })).toBeNull();
  });
});
