/**
 * HSN/SAC seed data (GST.md §9): rates in force after GST 2.0 (22 Sep 2025), as data the user
 * can edit. Descriptions are GST.md's (shortened from India Compliance's copy of the official
 * HSN master); codes written there with spaces ("3306 10 10") are stored without them, and
 * rows naming several codes ("2401 / 2402", "9619 00 30/40/90") become one entry per code.
 * Row 42 ("9997 (group 99972)") is stored as 999721, the one 6-digit code GST.md names, because
 * returns and e-invoices take only 4, 6 or 8 digits.
 *
 * `effectiveFrom` is the first day GST.md confirms the seed's rate for: 22 Sep 2025 for the
 * GST 2.0 rows (including those GST.md calls unchanged or "standard rate" — their earlier
 * history is not in the seed), 1 Feb 2026 for the tobacco rows. Classification of a particular
 * product can differ by sub-heading; the seed is a starting point, not a ruling.
 *
 * Caveats carried over from GST.md: the bidi code (2403) is unverified; 3004 medicaments are
 * 5% but "some nil"; 8703 is 18% only for small cars (larger ones 40%); the rows 998311–997212
 * rely on the general 18% rate, not a per-code notification; 996311 and 99972x are 5% without
 * input tax credit (GST.md names group 99972 and only its code 999721).
 */
import type { IndianDate } from "../contract/index.ts";

export type HsnCategory = "goods" | "services";

export interface HsnCode {
  /** Digits only: "3305", "33061010", "998314". */
  readonly code: string;
  readonly description: string;
  /** Percent as written: "5", "18", "0". */
  readonly gstRate: string;
  /** Compensation cess percent; "0" throughout (cess ended on 1 Feb 2026, GST.md §2.2). */
  readonly cessRate: string;
  /** "services" for SAC codes (starting 99), else "goods". */
  readonly category: HsnCategory;
  readonly effectiveFrom: IndianDate;
  /** The rate before GST 2.0 where GST.md gives it ("was 18%"); null when unchanged or not stated. */
  readonly previousGstRate: string | null;
  /** The rate is available only without input tax credit (GST.md §2.4). */
  readonly withoutItc: boolean;
  /** Caveat from GST.md, or null. */
  readonly note: string | null;
}

const GST_2 = "2025-09-22";
const TOBACCO = "2026-02-01";

function entry(
  code: string,
  description: string,
  gstRate: string,
  previousGstRate: string | null,
  options: { readonly effectiveFrom?: IndianDate; readonly withoutItc?: boolean; readonly note?: string } = {},
): HsnCode {
  return {
    code,
    description,
    gstRate,
    cessRate: "0",
    category: code.startsWith("99") ? "services" : "goods",
    effectiveFrom: options.effectiveFrom ?? GST_2,
    previousGstRate,
    withoutItc: options.withoutItc ?? false,
    note: options.note ?? null,
  };
}

const HSN_CODES: readonly HsnCode[] = Object.freeze([
  entry("3305", "Preparations for use on the hair (hair oil, shampoo)", "5", "18"),
  entry("3306", "Preparations for oral/dental hygiene (toothpaste, dental floss)", "5", "18"),
  entry("33061010", "Tooth powder", "5", "12"),
  entry("3304", "Beauty/make-up/skin-care preparations (talcum, face powder)", "5", "18"),
  entry("3307", "Shaving cream, shaving lotion, after-shave", "5", "18"),
  entry("3401", "Toilet soap (other than industrial) in bars, cakes, moulded pieces", "5", "18"),
  entry("96032100", "Tooth brushes incl. dental-plate brushes", "5", "18"),
  entry("9615", "Combs, hair-slides, hairpins, curlers", "5", "12"),
  entry("96190030", "Napkins and napkin liners for babies, clinical diapers", "5", "12"),
  entry("96190040", "Napkins and napkin liners for babies, clinical diapers", "5", "12"),
  entry("96190090", "Napkins and napkin liners for babies, clinical diapers", "5", "12"),
  entry("3926", "Feeding bottles (plastic articles)", "5", "12"),
  entry("4014", "Nipples of feeding bottles (hygienic rubber articles)", "5", "12"),
  entry("42022220", "Hand bags and shopping bags, of cotton", "5", "12"),
  entry("42022230", "Hand bags and shopping bags, of jute", "5", "12"),
  entry("8415", "Air-conditioning machines", "18", "28"),
  entry("84221100", "Dish washing machines, household", "18", "28"),
  entry("84221900", "Dish washing machines, other", "18", "28"),
  entry("8528", "TV sets (LCD/LED), monitors, projectors, set-top boxes", "18", "28"),
  entry("8517", "Telephones incl. mobile phones", "18", null),
  entry("8471", "Automatic data processing machines (laptops, computers)", "18", null),
  entry("2523", "Portland and other hydraulic cement", "18", "28"),
  entry("8712", "Bicycles, not motorised", "5", "12"),
  entry("3004", "Medicaments in measured doses / retail packs", "5", null, { note: "Some medicaments are nil-rated" }),
  entry("9004", "Spectacles (corrective)", "5", null, { note: "Prescription glasses and goggles 5%; other eyewear 18%" }),
  entry("8806", "Unmanned aircraft (drones)", "5", null),
  entry("8703", "Small cars, three-wheelers", "18", "28", {
    note: "Only petrol/LPG/CNG and diesel cars below the engine/length limits; larger cars are 40%",
  }),
  entry("0401", "UHT milk", "0", "5"),
  entry("0406", "Pre-packaged and labelled chena / paneer", "0", "5"),
  entry("1905", "Pizza bread, khakhra, chapati, roti (Indian breads)", "0", null),
  entry("220210", "Aerated waters with added sugar/sweetener", "40", null),
  entry("2401", "Unmanufactured tobacco", "40", null, { effectiveFrom: TOBACCO, note: "28% + compensation cess before 1 Feb 2026" }),
  entry("2402", "Cigarettes", "40", null, { effectiveFrom: TOBACCO, note: "28% + compensation cess before 1 Feb 2026" }),
  entry("2403", "Bidis", "18", null, { effectiveFrom: TOBACCO, note: "HSN code for bidis unverified in GST.md" }),
  entry("998311", "Management consulting and management services", "18", null),
  entry("998312", "Business consulting services", "18", null),
  entry("998313", "IT consulting and support services", "18", null),
  entry("998314", "Information technology (IT) design and development services", "18", null),
  entry("998315", "Hosting and IT infrastructure provisioning services", "18", null),
  entry("998316", "IT infrastructure and network management services", "18", null),
  entry("998221", "Financial auditing services", "18", null),
  entry("998222", "Accounting and bookkeeping services", "18", null),
  entry("998713", "Maintenance and repair of computers and peripherals", "18", null),
  entry("997212", "Rental/leasing of own or leased non-residential property", "18", null),
  entry("996311", "Room/unit accommodation by hotels, inns, guest houses", "5", "12", {
    withoutItc: true,
    note: "Only for accommodation up to ₹7,500 per unit per day",
  }),
  entry("999721", "Hairdressing (beauty and physical well-being services)", "5", "18", {
    withoutItc: true,
    note: "GST.md gives the rate for group 99972 (beauty and physical well-being); only 999721 is named",
  }),
]);

/** The whole seed table, in GST.md's order. */
export function hsnCodes(): readonly HsnCode[] {
  return HSN_CODES;
}

/** Digits of an HSN/SAC code as typed: "3306 10 10" → "33061010". */
export function normaliseHsn(code: string): string {
  return code.replace(/[\s.]/g, "");
}

/** The seed entry for exactly this code, or undefined. No prefix matching: a heading's text may not fit a sub-heading. */
export function hsnEntry(code: string): HsnCode | undefined {
  const digits = normaliseHsn(code);
  return HSN_CODES.find((e) => e.code === digits);
}

/** GSTR-1 Table 12 allows 30 characters of description (IC HSN_DESCRIPTION_LIMIT). */
export const HSN_DESCRIPTION_LIMIT = 30;

/** IC's truncate_hsn_description: strip, cut to 30 characters, strip the end again. */
export function truncateHsnDescription(description: string): string {
  return description.trim().slice(0, HSN_DESCRIPTION_LIMIT).trimEnd();
}

/** SAC codes (services) start with 99 (IC SERVICE_HSN_PREFIX). */
export function isServiceHsn(code: string): boolean {
  return normaliseHsn(code).startsWith("99");
}
