/**
 * Units of measure: the GSTN's Unique Quantity Codes (UQC), the only units GSTR-1 Table 12
 * (HSN summary) and the e-invoice's `Unit` accept (issue 9).
 *
 * Source: the UQC list as carried in India Compliance's data files (resilient-tech/
 * india-compliance, commit c7d0a82, 2024-10-22), copied from /work/shared/data/uqc.json;
 * names as GSTN spells them ("MILILITRE" included).
 *
 * Quantities: a unit that measures (weight, length, area, volume) takes up to 3 decimals
 * (2.5 KGS, 0.125 LTR, 1.75 MTR); a unit that counts (NOS, PCS, BOX, DOZ, …) takes whole
 * numbers only. OTH ("others") is what the list offers for anything else, usually a measure
 * such as hours, so it takes decimals too. Inside, a quantity is whole thousandths
 * (`toThousandths`), so sums never drift (0.1 + 0.2 is 300 thousandths, not 0.30000000000000004).
 */

export const UQC_NAMES = {
  BAG: "BAGS",
  BAL: "BALE",
  BDL: "BUNDLES",
  BKL: "BUCKLES",
  BOU: "BILLION OF UNITS",
  BOX: "BOX",
  BTL: "BOTTLES",
  BUN: "BUNCHES",
  CAN: "CANS",
  CBM: "CUBIC METERS",
  CCM: "CUBIC CENTIMETERS",
  CMS: "CENTIMETERS",
  CTN: "CARTONS",
  DOZ: "DOZENS",
  DRM: "DRUMS",
  GGK: "GREAT GROSS",
  GMS: "GRAMMES",
  GRS: "GROSS",
  GYD: "GROSS YARDS",
  KGS: "KILOGRAMS",
  KLR: "KILOLITRE",
  KME: "KILOMETRE",
  LTR: "LITRES",
  MLT: "MILILITRE",
  MTR: "METERS",
  MTS: "METRIC TON",
  NOS: "NUMBERS",
  OTH: "OTHERS",
  PAC: "PACKS",
  PCS: "PIECES",
  PRS: "PAIRS",
  QTL: "QUINTAL",
  ROL: "ROLLS",
  SET: "SETS",
  SQF: "SQUARE FEET",
  SQM: "SQUARE METERS",
  SQY: "SQUARE YARDS",
  TBS: "TABLETS",
  TGM: "TEN GROSS",
  THD: "THOUSANDS",
  TON: "TONNES",
  TUB: "TUBES",
  UGS: "US GALLONS",
  UNT: "UNITS",
  YDS: "YARDS",
} as const;

export type Uqc = keyof typeof UQC_NAMES;

/** Products and invoice lines recorded before units were asked are in numbers. */
export const DEFAULT_UQC: Uqc = "NOS";

export const UQC_CODES = Object.keys(UQC_NAMES) as Uqc[];

/** Weight, length, area, volume (and OTH): quantities with up to 3 decimals. Every other code counts. */
export const MEASURABLE_UQCS: ReadonlySet<Uqc> = new Set<Uqc>([
  "CBM",
  "CCM",
  "CMS",
  "GMS",
  "GYD",
  "KGS",
  "KLR",
  "KME",
  "LTR",
  "MLT",
  "MTR",
  "MTS",
  "OTH",
  "QTL",
  "SQF",
  "SQM",
  "SQY",
  "TON",
  "UGS",
  "YDS",
]);

export const UQC_REQUIRED_MESSAGE = "Choose a unit from the list";

export function isUqc(code: string): code is Uqc {
  return Object.hasOwn(UQC_NAMES, code);
}

export function isMeasurableUnit(unit: string): boolean {
  return MEASURABLE_UQCS.has(unit as Uqc);
}

/** "KGS" → "KGS – Kilograms", for the unit picker. */
export function uqcLabel(code: string): string {
  const name = isUqc(code) ? UQC_NAMES[code] : null;
  return name ? `${code} – ${name.charAt(0)}${name.slice(1).toLowerCase()}` : code;
}

/** The most a quantity may be: a million units (as before), in any unit. */
export const MAX_QUANTITY = 1_000_000;

/**
 * 2.5 → 2500, 0.1 → 100; null when it has more than 3 decimals or is not a finite number.
 * Tolerates the float noise of a number that came through JSON (2.675 is 2674.9999… × 1000).
 */
export function toThousandths(quantity: number): number | null {
  if (!Number.isFinite(quantity)) return null;
  const scaled = Math.round(quantity * 1000);
  return Math.abs(scaled - quantity * 1000) < 1e-6 * Math.max(1, Math.abs(quantity)) && Number.isSafeInteger(scaled) ? scaled : null;
}

/** 2500 → 2.5: the number the API shows. Exact for whole thousandths up to 2^53 / 1000. */
export function fromThousandths(thousandths: number): number {
  return thousandths / 1000;
}

/** a + b on quantities without drift: 0.1 + 0.2 = 0.3. */
export function addQuantities(...quantities: number[]): number {
  return fromThousandths(quantities.reduce((sum, q) => sum + (toThousandths(q) ?? Math.round(q * 1000)), 0));
}

/** At most 3 decimals: "2.5", 2.5 and "2.500" are 2.5; anything else is a problem (a message). */
export function quantityDecimalsProblem(quantity: number): string | null {
  return toThousandths(quantity) === null ? "Quantity can have at most 3 decimals, like 2.5 or 0.125" : null;
}

/**
 * Why `quantity` cannot be sold or stocked in `unit`, or null. Counted units take whole
 * numbers only: "Quantity of Basmati Rice must be a whole number (it is counted in PCS)".
 */
export function quantityUnitProblem(quantity: number, unit: string, what = "a piece"): string | null {
  const decimals = quantityDecimalsProblem(quantity);
  if (decimals) return decimals;
  if (!isMeasurableUnit(unit) && !Number.isInteger(quantity)) return `Quantity of ${what} must be a whole number (it is counted in ${unit})`;
  return null;
}

/** 2.5, "KGS" → "2.5 KGS"; 3, "NOS" → "3 NOS". Up to 3 decimals, no trailing zeros. */
export function formatQuantity(quantity: number, unit?: string | null): string {
  const thousandths = toThousandths(quantity) ?? Math.round(quantity * 1000);
  const sign = thousandths < 0 ? "-" : "";
  const abs = Math.abs(thousandths);
  const fraction = String(abs % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  const text = `${sign}${Math.trunc(abs / 1000)}${fraction ? `.${fraction}` : ""}`;
  return unit ? `${text} ${unit}` : text;
}
