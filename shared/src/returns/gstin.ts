/**
 * GSTIN validation with the registration type and the PAN holder type (GST.md §1).
 *
 * Registration types come from India Compliance's regexes (GST.md §1.1, taken from the GSTN
 * API portal). They are tried in IC's `guess_gst_category` order — TDS before regular —
 * because a 14th character "D" fits both the TDS pattern and the regular one:
 *
 *   tds         ^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$   (a TAN inside)
 *   tcs         ^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$           (e-commerce operators)
 *   regular     ^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$ (also composition, SEZ,
 *               ISD, deemed export: the number alone cannot tell them apart, so "regular")
 *   government  ^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9]$                 (GOVT_DEPTID)
 *   uin         ^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[A-Z0-9]$                    (UN bodies, embassies)
 *   oidar       ^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$                     (online services from abroad)
 *   nri         ^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$                       (non-resident taxable persons)
 *
 * The check character (Luhn mod 36, `gstinCheckCharacter`) is verified for every type: IC's
 * `validate_gstin` runs it for all GSTINs and skips it only for transporter IDs (see
 * ewaybill.ts). The state code (first two digits) must be allotted (STATE_NAMES: 01–38
 * without the retired 25 and 28, plus 97 and 99).
 *
 * Only regular and TCS GSTINs carry a PAN (characters 3–12); its 4th letter gives the
 * holder type (GST.md §1.5, python-stdnum `pan.py`), and an unknown letter or the serial
 * 0000 is rejected as stdnum does. TDS and government IDs carry a TAN-like code and UIN /
 * OIDAR / NRI IDs a country-based code, so `pan` and `holderType` are null for them.
 */
import { gstinCheckCharacter, STATE_NAMES } from "../contract/index.ts";

export type RegistrationType = "regular" | "tds" | "tcs" | "uin" | "oidar" | "nri" | "government";

export type HolderType = "individual" | "company" | "huf" | "firm" | "aop" | "trust" | "boi" | "local_authority" | "artificial_juridical_person" | "government" | "krish";

/** PAN 4th letter → holder type (GST.md §1.5). K ("Krish") "may have been discontinued" but stdnum still accepts it. */
export const PAN_HOLDER_TYPES: Readonly<Record<string, HolderType>> = {
  P: "individual",
  C: "company",
  H: "huf",
  F: "firm",
  A: "aop",
  T: "trust",
  B: "boi",
  L: "local_authority",
  J: "artificial_juridical_person",
  G: "government",
  K: "krish",
};

export type GstinValidation =
  | {
      readonly valid: true;
      readonly gstin: string;
      readonly registrationType: RegistrationType;
      readonly stateCode: string;
      readonly stateName: string;
      /** Characters 3–12 for regular and TCS GSTINs; null for the types that embed no PAN. */
      readonly pan: string | null;
      readonly holderType: HolderType | null;
    }
  | { readonly valid: false; readonly error: string };

const PATTERNS: ReadonlyArray<readonly [RegistrationType, RegExp]> = [
  ["tds", /^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$/],
  ["tcs", /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$/],
  ["regular", /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/],
  ["government", /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9]$/],
  ["uin", /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[A-Z0-9]$/],
  ["oidar", /^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$/],
  ["nri", /^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$/],
];

/** The registration type whose pattern the (upper-case, 15-character) GSTIN fits, or null. Does not check the check character. */
export function registrationTypeOf(gstin: string): RegistrationType | null {
  for (const [type, pattern] of PATTERNS) if (pattern.test(gstin)) return type;
  return null;
}

/** Why no pattern fits, phrased for the common case: a regular GSTIN with a typo. */
function formatProblem(gstin: string): string {
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) {
    return `GSTIN characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter); got "${pan}"`;
  }
  if (gstin[12] === "0") {
    return "GSTIN 13th character (the registration number for this PAN in the state) must be 1–9 or A–Z, not 0";
  }
  return `GSTIN 14th character must be Z (or 1–9, A, B, D–J; C for e-commerce operators); got "${gstin[13]}"`;
}

/** Validates a GSTIN of any registration type; the error says exactly what is wrong. */
export function validateGstin(raw: string | null | undefined): GstinValidation {
  const gstin = (raw ?? "").trim().toUpperCase();
  if (gstin === "") return { valid: false, error: "GSTIN is required" };
  if (!/^[0-9A-Z]+$/.test(gstin)) return { valid: false, error: "GSTIN may contain only letters A–Z and digits 0–9" };
  if (gstin.length !== 15) {
    return { valid: false, error: `GSTIN must be 15 characters; "${gstin}" has ${gstin.length}` };
  }
  const stateCode = gstin.slice(0, 2);
  if (!/^[0-9]{2}$/.test(stateCode)) {
    return { valid: false, error: `GSTIN must start with a two-digit state code; got "${stateCode}"` };
  }
  const stateName = STATE_NAMES[stateCode];
  if (!stateName) return { valid: false, error: `GSTIN state code ${stateCode} is not an allotted state code` };

  const registrationType = registrationTypeOf(gstin);
  if (!registrationType) return { valid: false, error: formatProblem(gstin) };

  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin[14] !== expected) {
    return { valid: false, error: `GSTIN check character is wrong: the 15th character should be ${expected}, not ${gstin[14]}` };
  }

  let pan: string | null = null;
  let holderType: HolderType | null = null;
  if (registrationType === "regular" || registrationType === "tcs") {
    pan = gstin.slice(2, 12);
    holderType = PAN_HOLDER_TYPES[pan[3]!] ?? null;
    if (!holderType) {
      return {
        valid: false,
        error: `The PAN in this GSTIN (${pan}) has an unknown holder type "${pan[3]}" as its 4th character (expected one of ${Object.keys(PAN_HOLDER_TYPES).join(", ")})`,
      };
    }
    if (pan.slice(5, 9) === "0000") {
      return { valid: false, error: `The PAN in this GSTIN (${pan}) has the serial number 0000, which is never issued` };
    }
  }
  return { valid: true, gstin, registrationType, stateCode, stateName, pan, holderType };
}
