/** GSTIN structure and Luhn mod 36 check character (GST.md §1). */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export const STATE_NAMES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
  "99": "Centre Jurisdiction",
};

export function gstinCheckCharacter(first14: string): string {
  let total = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError(`Illegal GSTIN character at position ${i + 1}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (total % 36)) % 36]!;
}

export function normaliseGstin(raw: string): string {
  return raw.trim().toUpperCase();
}

const REGULAR = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/;

/** Why a regular GSTIN is invalid, or null when it is valid. */
export function gstinProblem(raw: string): string | null {
  const gstin = normaliseGstin(raw);
  if (gstin.length !== 15) return "GSTIN must be 15 characters";
  if (!/^[0-9A-Z]+$/.test(gstin)) return "GSTIN may contain only letters and digits";
  if (!STATE_NAMES[gstin.slice(0, 2)]) return `GSTIN state code ${gstin.slice(0, 2)} is not a valid state code`;
  if (!REGULAR.test(gstin)) return "GSTIN format is invalid (expected state code, PAN, entity number, Z, check character)";
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return "GSTIN check character is wrong";
  return null;
}
