/**
 * GST on an invoice, in integer paise (GST.md §2.1, §2.3; the tax issue).
 *
 * One module for server and client: the client shows these figures while the user types,
 * the server recomputes them and rejects a request whose figures differ (see
 * `invoiceFigureMismatches`). Every step is integer arithmetic; a division happens only in
 * `roundHalfUp`, on BigInt, so no float ever touches an amount.
 *
 * Per line:
 *   gross    = quantity × price                 (quantity in thousandths: round(price × q₁₀₀₀ / 1000))
 *   taxable  = round(gross − discount)          (a percentage discount is gross × pct / 100)
 *   intra-state (supplier state = place of supply):
 *     CGST   = round(taxable × rate / 200)
 *     SGST   = round(taxable × rate / 200)       (UTGST when the place of supply is a UT
 *                                                without legislature: 04, 26, 31, 35, 38, 97)
 *   inter-state:
 *     IGST   = round(taxable × rate / 100)
 *   cess     = round(taxable × cessRate / 100)   (0 unless a cess rate is given)
 *   tax      = CGST + SGST + IGST + cess
 *   amount   = taxable + tax
 * Invoice: subtotal, each head and GST amount are the sums of the lines' figures; the total is
 * their sum plus the round-off when the business rounds invoices to the rupee (GST.md §2.3:
 * half up, as s.170 rounds sums payable; the difference is its own line, e-invoice RndOffAmt).
 * "round" is half-up to the paisa (half away from zero for negative values), per line and
 * per tax head.
 *
 * Decision, odd splits: CGST and SGST each round on their own half of the rate, so they are
 * always equal, and when taxable × rate / 200 ends in exactly half a paisa both heads round
 * up: CGST + SGST is then one paisa more than IGST on the same line would be (₹1,234.50 at
 * 18%: CGST 111.11 + SGST 111.11 = 222.22, IGST 222.21). This is what the issue prescribes;
 * the total tax is never rounded once and split, so the two heads never differ.
 */
import { gstinProblem, normaliseGstin, STATE_NAMES } from "../gstin.ts";
import { formatPaise, isMoneyString, toPaise } from "../money.ts";
import type { Paise } from "../money.ts";
import { toThousandths } from "./uqc.ts";

/** A rate as an exact integer number of hundredths of a percent: 18% = 1800, 0.25% = 25. */
export type BasisPoints = number;

export type TaxKind = "intra" | "inter";
export type StateTaxLabel = "SGST" | "UTGST";
export type DiscountType = "percentage" | "amount";

/**
 * A line discount. A percentage discount is a percent of the line's gross (quantity × price)
 * with up to two decimals, 0–100; an amount discount is paise off the whole line (not per
 * unit) and may not exceed the gross.
 */
export type LineDiscount = { readonly type: "percentage"; readonly basisPoints: BasisPoints } | { readonly type: "amount"; readonly paise: Paise };

export interface LineInput {
  /**
   * More than 0, with at most 3 decimals (2.5 KGS); whole for counted units, which the caller
   * checks (uqc.ts). Worked in thousandths: gross = round(price × thousandths / 1000).
   */
  readonly quantity: number;
  /** Unit price, before GST. */
  readonly pricePaise: Paise;
  readonly rateBasisPoints: BasisPoints;
  readonly discount?: LineDiscount | null;
  /** Ad-valorem cess on the taxable value; 0 when absent (GST.md §2.2). */
  readonly cessBasisPoints?: BasisPoints;
  /**
   * Specific cess per unit in thousandths of a rupee (tenths of a paisa), 0 when absent: the
   * law states specific cess per thousand sticks or per tonne, so "Rs 1591 per thousand" is
   * 1.591 a unit = 1591 here (GST.md §2.2, Odoo's 15.80 → 2.38 vector).
   */
  readonly cessPerUnitMillirupees?: number;
}

export interface InvoiceOptions {
  /** Round the total to the rupee, half up, with the difference as `roundOffPaise`. */
  readonly roundOff?: boolean;
  /**
   * false: the document charges no tax (a bill of supply, an export or SEZ supply under LUT,
   * an outward reverse-charge supply): every head is 0, taxable values and rates stay.
   */
  readonly chargesTax?: boolean;
}

export interface Supply {
  /** Two-digit state code of the supplier's registration (the business). */
  readonly supplierState: string;
  /** Two-digit state code of the place of supply ("96" for exports). */
  readonly placeOfSupply: string;
  /** A supply to an SEZ unit or developer is inter-state whatever the states (GST.md §2.1). */
  readonly toSez?: boolean;
}

export interface LineTax {
  readonly grossPaise: Paise;
  readonly discountPaise: Paise;
  readonly taxablePaise: Paise;
  readonly cgstPaise: Paise;
  /** SGST, or UTGST when `stateTaxLabel` is "UTGST". */
  readonly sgstPaise: Paise;
  readonly igstPaise: Paise;
  readonly cessPaise: Paise;
  /** CGST + SGST/UTGST + IGST + cess. */
  readonly taxPaise: Paise;
  /** taxable + tax: the line total including GST (SPEC's invoice_items.amount). */
  readonly amountPaise: Paise;
  readonly taxKind: TaxKind;
  readonly stateTaxLabel: StateTaxLabel;
}

export interface InvoiceTax {
  readonly lines: readonly LineTax[];
  readonly grossPaise: Paise;
  readonly discountPaise: Paise;
  /** Sum of the lines' taxable values. */
  readonly subtotalPaise: Paise;
  readonly cgstPaise: Paise;
  readonly sgstPaise: Paise;
  readonly igstPaise: Paise;
  readonly cessPaise: Paise;
  /** Sum of the lines' tax. */
  readonly gstAmountPaise: Paise;
  /** Rounded total − (subtotal + GST amount), −50 to +49 paise; 0 without round-off. */
  readonly roundOffPaise: Paise;
  /** subtotal + GST amount (= sum of the lines' amounts) + round-off. */
  readonly totalPaise: Paise;
  readonly taxKind: TaxKind;
  readonly stateTaxLabel: StateTaxLabel;
}

// ---------------------------------------------------------------------------------------
// Exact rounding

function toBigInt(value: bigint | number, what: string): bigint {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number: ${value}`);
  return BigInt(value);
}

/**
 * numerator / denominator rounded half-up to a whole number, exactly (BigInt inside).
 * Halves round away from zero, so -2.5 → -3, mirroring 2.5 → 3 (a credit note rounds like
 * its invoice). Throws when the result is not a safe integer.
 */
export function roundHalfUp(numerator: bigint | number, denominator: bigint | number): number {
  const n = toBigInt(numerator, "Numerator");
  const d = toBigInt(denominator, "Denominator");
  if (d <= 0n) throw new RangeError(`Denominator must be positive: ${d}`);
  const magnitude = n < 0n ? -n : n;
  const rounded = (magnitude * 2n + d) / (d * 2n);
  const result = n < 0n ? -rounded : rounded;
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Result is too large: ${result}`);
  }
  return Number(result);
}

// ---------------------------------------------------------------------------------------
// Rates and discounts from their wire form

/** Percent with at most 3 whole digits and 2 decimals (SPEC: rates are decimal 5,2). */
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "18" → 1800, "0.25" → 25, 12.5 → 1250. Throws RangeError on anything else or above 100%. */
export function percentToBasisPoints(percent: string | number): BasisPoints {
  const text = typeof percent === "number" ? String(percent) : percent.trim();
  const match = PERCENT.exec(text);
  if (!match) throw new RangeError(`Not a percentage with at most two decimals: ${JSON.stringify(percent)}`);
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (basisPoints > 10_000) throw new RangeError(`A percentage cannot exceed 100: ${JSON.stringify(percent)}`);
  return basisPoints;
}

/** 1800 → "18", 25 → "0.25", 150 → "1.5": the shortest exact percent, for display and wire. */
export function basisPointsToPercent(basisPoints: BasisPoints): string {
  checkBasisPoints(basisPoints, "Rate");
  const whole = Math.trunc(basisPoints / 100);
  const fraction = (basisPoints % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * The item's wire fields (`discount`, `discountType`, SPEC §3 invoice_items) as a LineDiscount.
 * An absent, null, empty or zero discount is no discount; `discountType` defaults to
 * "percentage" as in SPEC. Throws RangeError with a readable message.
 */
export function parseDiscount(discount: string | number | null | undefined, discountType: DiscountType | null | undefined): LineDiscount | null {
  if (discount === null || discount === undefined || discount === "") return null;
  const type = discountType ?? "percentage";
  if (type === "percentage") {
    const basisPoints = percentToBasisPoints(discount);
    return basisPoints === 0 ? null : { type, basisPoints };
  }
  if (type === "amount") {
    const text = String(discount);
    if (!isMoneyString(text)) throw new RangeError(`Discount must be an amount like 50 or 50.25: ${JSON.stringify(discount)}`);
    const paise = toPaise(text);
    return paise === 0 ? null : { type, paise };
  }
  throw new RangeError(`Discount type must be "percentage" or "amount": ${JSON.stringify(discountType)}`);
}

// ---------------------------------------------------------------------------------------
// States, GSTINs, place of supply

const UT_WITHOUT_LEGISLATURE: ReadonlySet<string> = new Set(["04", "26", "31", "35", "38", "97"]);

/** Chandigarh, DNH&DD, Lakshadweep, A&N Islands, Ladakh, Other Territory: UTGST instead of SGST. */
export function isUnionTerritoryWithoutLegislature(stateCode: string): boolean {
  return UT_WITHOUT_LEGISLATURE.has(stateCode);
}

/** "96" is a place of supply for exports (GST.md §1.4) but never a GSTIN prefix. */
const OTHER_COUNTRIES = "96";

export function isPlaceOfSupplyCode(code: string): boolean {
  return code === OTHER_COUNTRIES || STATE_NAMES[code] !== undefined;
}

/** "29" → "29-Karnataka", the form an invoice shows (GST.md §8.2). */
export function placeOfSupplyLabel(code: string): string {
  const name = code === OTHER_COUNTRIES ? "Other Countries" : STATE_NAMES[code];
  if (!name) throw new RangeError(`Unknown state code: ${JSON.stringify(code)}`);
  return `${code}-${name}`;
}

/** The state code of a valid GSTIN, else null. */
export function stateCodeFromGstin(gstin: string): string | null {
  return gstinProblem(gstin) === null ? normaliseGstin(gstin).slice(0, 2) : null;
}

/** The PAN inside a valid GSTIN (characters 3–12), else null. */
export function panFromGstin(gstin: string): string | null {
  return gstinProblem(gstin) === null ? normaliseGstin(gstin).slice(2, 12) : null;
}

/**
 * Place of supply for a sale: the one chosen on the invoice if any, else the customer's state
 * (goods: the delivery state, s.10(1) IGST Act, which is where the customer is; services: the
 * recipient's location, s.12(2) — the same state for now), else the state of the customer's
 * GSTIN (customers saved before states were asked), else the business's own state (an old
 * unregistered customer: a local sale). A customer GSTIN that is not valid is ignored rather
 * than trusted for its first two characters.
 */
export function placeOfSupplyFor(input: {
  readonly customerStateCode?: string | null;
  readonly customerGstin?: string | null;
  readonly businessStateCode: string;
  readonly chosen?: string | null;
}): string {
  if (input.chosen) {
    if (!isPlaceOfSupplyCode(input.chosen)) throw new RangeError(`Unknown place of supply: ${JSON.stringify(input.chosen)}`);
    return input.chosen;
  }
  if (input.customerStateCode && isPlaceOfSupplyCode(input.customerStateCode)) return input.customerStateCode;
  const fromGstin = input.customerGstin ? stateCodeFromGstin(input.customerGstin) : null;
  return fromGstin ?? input.businessStateCode;
}

// ---------------------------------------------------------------------------------------
// The computation

function checkBasisPoints(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > 10_000) {
    throw new RangeError(`${what} must be whole basis points from 0 to 10000 (0–100%): ${value}`);
  }
}

function checkSupply(supply: Supply): void {
  if (!STATE_NAMES[supply.supplierState]) throw new RangeError(`Unknown supplier state: ${JSON.stringify(supply.supplierState)}`);
  if (!isPlaceOfSupplyCode(supply.placeOfSupply)) {
    throw new RangeError(`Unknown place of supply: ${JSON.stringify(supply.placeOfSupply)}`);
  }
}

export function taxKindOf(supply: Supply): TaxKind {
  return !supply.toSez && supply.supplierState === supply.placeOfSupply ? "intra" : "inter";
}

/** The name of the state-level head; it only carries an amount on an intra-state supply. */
export function stateTaxLabelOf(supply: Supply): StateTaxLabel {
  return isUnionTerritoryWithoutLegislature(supply.placeOfSupply) ? "UTGST" : "SGST";
}

export function computeLine(line: LineInput, supply: Supply): LineTax {
  checkSupply(supply);
  const milli = toThousandths(line.quantity);
  if (milli === null || milli < 1) throw new RangeError(`Quantity must be more than 0 with at most 3 decimals: ${line.quantity}`);
  if (!Number.isSafeInteger(line.pricePaise) || line.pricePaise < 0) {
    throw new RangeError(`Price must be a whole, non-negative number of paise: ${line.pricePaise}`);
  }
  checkBasisPoints(line.rateBasisPoints, "GST rate");
  const cessBasisPoints = line.cessBasisPoints ?? 0;
  checkBasisPoints(cessBasisPoints, "Cess rate");
  const cessPerUnit = line.cessPerUnitMillirupees ?? 0;
  if (!Number.isSafeInteger(cessPerUnit) || cessPerUnit < 0) {
    throw new RangeError(`Cess per unit must be a whole, non-negative number of thousandths of a rupee: ${cessPerUnit}`);
  }

  // Exact gross in thousandths of a paisa; the figures round from it, half up (2.5 × 80.00 = 200.00).
  const grossMilli = BigInt(milli) * BigInt(line.pricePaise);
  if (grossMilli > BigInt(Number.MAX_SAFE_INTEGER) * 1000n) throw new RangeError("Quantity × price is too large");
  const grossPaise = roundHalfUp(grossMilli, 1000n);

  let taxablePaise = grossPaise;
  const discount = line.discount;
  if (discount?.type === "percentage") {
    checkBasisPoints(discount.basisPoints, "Discount percentage");
    // round(gross − gross × pct/100): at an exact half paisa the taxable value rounds up,
    // so the discount shown (gross − taxable) is the rounded-down half.
    taxablePaise = roundHalfUp(grossMilli * BigInt(10_000 - discount.basisPoints), 10_000_000n);
  } else if (discount?.type === "amount") {
    if (!Number.isSafeInteger(discount.paise) || discount.paise < 0) {
      throw new RangeError(`Discount must be a whole, non-negative number of paise: ${discount.paise}`);
    }
    if (discount.paise > grossPaise) {
      throw new RangeError(`Discount ${formatPaise(discount.paise)} exceeds the line value ${formatPaise(grossPaise)}`);
    }
    taxablePaise = grossPaise - discount.paise;
  }

  const taxable = BigInt(taxablePaise);
  const rate = BigInt(line.rateBasisPoints);
  const taxKind = taxKindOf(supply);
  // rate% / 2 = basisPoints / 20000 of the taxable value; rate% = basisPoints / 10000.
  const cgstPaise = taxKind === "intra" ? roundHalfUp(taxable * rate, 20_000n) : 0;
  const sgstPaise = taxKind === "intra" ? roundHalfUp(taxable * rate, 20_000n) : 0;
  const igstPaise = taxKind === "inter" ? roundHalfUp(taxable * rate, 10_000n) : 0;
  // Ad valorem (taxable × bp / 10000) plus specific (quantity × millirupees / 10) in paise,
  // rounded once: 15.80 at 5% + 1.591 a unit = 0.79 + 1.591 = 2.381 → 2.38. The quantity is in
  // thousandths, so q × millirupees / 10 = q₁₀₀₀ × millirupees / 10000.
  const cessPaise = roundHalfUp(taxable * BigInt(cessBasisPoints) + BigInt(milli) * BigInt(cessPerUnit), 10_000n);
  const taxPaise = cgstPaise + sgstPaise + igstPaise + cessPaise;

  return {
    grossPaise,
    discountPaise: grossPaise - taxablePaise,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    cessPaise,
    taxPaise,
    amountPaise: taxablePaise + taxPaise,
    taxKind,
    stateTaxLabel: stateTaxLabelOf(supply),
  };
}

function sum(lines: readonly LineTax[], pick: (line: LineTax) => Paise): Paise {
  const total = lines.reduce((acc, line) => acc + pick(line), 0);
  if (!Number.isSafeInteger(total)) throw new RangeError("Invoice total is too large");
  return total;
}

/** The line as a document that charges no tax shows it: the taxable value is the amount. */
function withoutTax(line: LineTax): LineTax {
  return { ...line, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, cessPaise: 0, taxPaise: 0, amountPaise: line.taxablePaise };
}

/** The whole-rupee total, half up (s.170 CGST Act's rule for sums payable; GST.md §2.3). */
export function roundToRupee(paise: Paise): Paise {
  return roundHalfUp(paise, 100) * 100;
}

export function computeInvoice(lines: readonly LineInput[], supply: Supply, options: InvoiceOptions = {}): InvoiceTax {
  const computed = lines.map((line) => (options.chargesTax === false ? withoutTax(computeLine(line, supply)) : computeLine(line, supply)));
  const unrounded = sum(computed, (l) => l.amountPaise);
  const totalPaise = options.roundOff ? roundToRupee(unrounded) : unrounded;
  return {
    lines: computed,
    grossPaise: sum(computed, (l) => l.grossPaise),
    discountPaise: sum(computed, (l) => l.discountPaise),
    subtotalPaise: sum(computed, (l) => l.taxablePaise),
    cgstPaise: sum(computed, (l) => l.cgstPaise),
    sgstPaise: sum(computed, (l) => l.sgstPaise),
    igstPaise: sum(computed, (l) => l.igstPaise),
    cessPaise: sum(computed, (l) => l.cessPaise),
    gstAmountPaise: sum(computed, (l) => l.taxPaise),
    roundOffPaise: totalPaise - unrounded,
    totalPaise,
    taxKind: taxKindOf(supply),
    stateTaxLabel: stateTaxLabelOf(supply),
  };
}

// ---------------------------------------------------------------------------------------
// Checking a request's figures against the computed ones

/** The figures a create-invoice request carries (SPEC §3: money as strings; numbers tolerated). */
export interface SubmittedFigures {
  readonly subtotal: string | number;
  readonly gstAmount: string | number;
  readonly total: string | number;
  readonly items: readonly { readonly amount: string | number }[];
}

export interface FigureMismatch {
  /** "subtotal", "gstAmount", "total" or "items.0.amount" (zod-style path, joined). */
  readonly field: string;
  /** The server's figure, "1180.00". */
  readonly expected: string;
  readonly received: string;
}

/**
 * Where a request's figures differ from `computed`, naming the expected value of each; empty
 * when they agree. "1180", "1180.0" and 1180 all equal "1180.00". A figure that is not an
 * amount at all is a mismatch too. The server turns a non-empty result into a 400, e.g.
 * `subtotal must be 1000.00 (received 1000.01)`.
 */
export function invoiceFigureMismatches(submitted: SubmittedFigures, computed: InvoiceTax): FigureMismatch[] {
  const mismatches: FigureMismatch[] = [];
  const check = (field: string, received: string | number | undefined, expected: Paise) => {
    const text = received === undefined ? "" : String(received);
    const agrees = isMoneyString(text) && toPaise(text) === expected;
    if (!agrees) mismatches.push({ field, expected: formatPaise(expected), received: text });
  };
  check("subtotal", submitted.subtotal, computed.subtotalPaise);
  check("gstAmount", submitted.gstAmount, computed.gstAmountPaise);
  check("total", submitted.total, computed.totalPaise);
  if (submitted.items.length !== computed.lines.length) {
    throw new RangeError(`Submitted ${submitted.items.length} items but ${computed.lines.length} were computed`);
  }
  computed.lines.forEach((line, index) => check(`items.${index}.amount`, submitted.items[index]?.amount, line.amountPaise));
  return mismatches;
}

/** "subtotal must be 1000.00 (received 1000.01)" */
export function describeFigureMismatch(mismatch: FigureMismatch): string {
  return `${mismatch.field} must be ${mismatch.expected} (received ${mismatch.received || "nothing"})`;
}
