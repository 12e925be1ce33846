/** Issue 9: which supply switches the invoice form offers, and what it sends. */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Customer, User } from "@bahi/shared/contract";
import { initialSupplyOptions, supplyChoices, SupplyOptions, type SupplyContext } from "./supply-options.tsx";

const profile = { lutNumber: "AD2904260001234", lutValidFrom: "2026-04-01", lutValidUntil: "2027-03-31", stateCode: "29" } as unknown as User;
const customer = (fields: Partial<Customer>) => ({ id: "c", name: "C", gstNumber: null, isSez: false, stateCode: "29", ...fields }) as Customer;
const context = (fields: Partial<SupplyContext>): SupplyContext => ({ customer: null, placeOfSupply: "29", profile, issueDate: "2026-11-24", ...fields });
const on = { ...initialSupplyOptions(), reverseCharge: true, underLut: true, shippingBillNumber: "7896542", shippingBillDate: "2026-11-25", portCode: "INBLR4" };

describe("supply options of the invoice form", () => {
  it("Rule 96A: an export with a LUT valid on the date offers 'Without IGST under LUT' and sends it with the shipping bill; no tax is charged", () => {
    const choices = supplyChoices(on, context({ customer: customer({ stateCode: "96" }), placeOfSupply: "96" }));
    expect(choices).toMatchObject({ isExport: true, canLut: true, chargesTax: false });
    expect(choices.body).toEqual({ underLut: true, exportDetails: { shippingBillNumber: "7896542", shippingBillDate: "2026-11-25", portCode: "INBLR4" } });
    const html = renderToStaticMarkup(<SupplyOptions value={on} onChange={() => {}} context={context({ customer: customer({ stateCode: "96" }), placeOfSupply: "96" })} />);
    expect(html).toContain("Without IGST under LUT");
    expect(html).toContain("Shipping bill no.");
    expect(html).not.toContain("Reverse charge");
  });

  it("Rule 96A: outside the LUT's dates an SEZ sale charges IGST and the form says why", () => {
    const sez = context({ customer: customer({ gstNumber: "29AAGCB1286Q1Z0", isSez: true }), issueDate: "2026-03-31" });
    expect(supplyChoices(on, sez)).toMatchObject({ canLut: false, chargesTax: true, body: {} });
    expect(renderToStaticMarkup(<SupplyOptions value={on} onChange={() => {}} context={sez} />)).toContain(
      "Sales to SEZ units carry IGST unless you add a Letter of Undertaking (LUT)",
    );
  });

  it("s.9(3) CGST Act: reverse charge is offered to registered customers only", () => {
    const registered = context({ customer: customer({ gstNumber: "27AAPFU0939F1ZV", stateCode: "27" }), placeOfSupply: "27" });
    expect(supplyChoices(on, registered)).toMatchObject({ registered: true, chargesTax: false, body: { reverseCharge: true } });
    expect(renderToStaticMarkup(<SupplyOptions value={on} onChange={() => {}} context={registered} />)).toContain("Reverse charge");
    const walkIn = context({ customer: customer({}) });
    expect(supplyChoices(on, walkIn)).toMatchObject({ registered: false, chargesTax: true, body: {} });
    expect(renderToStaticMarkup(<SupplyOptions value={on} onChange={() => {}} context={walkIn} />)).toBe("");
  });
});
