/**
 * The official HSN (goods) and SAC (services) code master as GSTN publishes it:
 * shared/reference-data/hsn-sac-master.json, `[[code, description], …]`, 18,687 codes of 4, 6 and 8
 * digits sorted by code (India Compliance's copy, commit c7d0a82, 2024-10-22). Server-only:
 * 3.4 MB is read once, on first use, never bundled into the client.
 *
 * Rates are not in the master; they come from Bahi's seed table (hsn.ts), matched on the
 * code itself or, failing that, its 6- then 4-digit heading, with the seed's effective date.
 */
import { readFileSync } from "node:fs";
import { ratio } from "fuzzball";
import { kindOfHsn, type ProductKind } from "../contract/gst/hsnDigits.ts";
import type { IndianDate } from "../contract/index.ts";
import { hsnEntry, normaliseHsn, type HsnCode } from "./hsn.ts";

const MASTER_FILE = new URL("../../reference-data/hsn-sac-master.json", import.meta.url);

export const RATE_NOT_KNOWN = "Rate not in Bahi's table: check the rate notification for this code";

/** One code of the master with the rate Bahi knows for it, if any. */
export interface HsnMasterCode {
  readonly code: string;
  readonly description: string;
  readonly kind: ProductKind;
  /** The same as `kind`: the name the older /hsn-codes answer used. */
  readonly category: ProductKind;
  /** The 4-digit heading's description for a 6- or 8-digit code (many say only "OTHER"); null for a heading. */
  readonly heading: string | null;
  /** Percent as written ("5", "18"); null when Bahi's table has no rate for the code or its headings. */
  readonly gstRate: string | null;
  readonly cessRate: string | null;
  readonly effectiveFrom: IndianDate | null;
  /** The seed code the rate was taken from (the code itself or a heading); null without a rate. */
  readonly rateFrom: string | null;
  readonly withoutItc: boolean;
  /** The seed's caveat, or RATE_NOT_KNOWN without a rate. */
  readonly rateNote: string | null;
}

interface Row {
  readonly code: string;
  readonly description: string;
  /** " word word …" of the description, lower case: " " + word prefix is a word-prefix match. */
  readonly own: string;
  /** The same over the description and its headings' descriptions ("OTHER" rows are found by their heading). */
  readonly context: string;
}

interface Master {
  readonly rows: readonly Row[];
  readonly byCode: ReadonlyMap<string, Row>;
  /** Every word of every description, for correcting a misspelt search word. */
  readonly vocabulary: readonly string[];
}

let loaded: Master | null = null;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

function load(): Master {
  if (loaded) return loaded;
  const raw = JSON.parse(readFileSync(MASTER_FILE, "utf8")) as [string, string][];
  const descriptions = new Map(raw.map(([code, description]) => [code, description]));
  const rows: Row[] = raw.map(([code, description]) => {
    const headings = [code.slice(0, 4), code.slice(0, 6)].filter((h) => h.length < code.length).map((h) => descriptions.get(h) ?? "");
    // The seed's plain words ("laptops", "tooth powder") find codes the official text names otherwise.
    const plain = hsnEntry(code)?.description ?? "";
    return { code, description, own: ` ${words(`${description} ${plain}`).join(" ")} `, context: ` ${words([description, plain, ...headings].join(" ")).join(" ")} ` };
  });
  const vocabulary = [...new Set(rows.flatMap((row) => row.own.trim().split(" ")))].filter((w) => w.length >= 3);
  loaded = { rows, byCode: new Map(rows.map((row) => [row.code, row])), vocabulary };
  return loaded;
}

/** The seed row whose rate applies: the code's own, else its 6-digit, else its 4-digit heading's. */
function seedRateOf(code: string): HsnCode | undefined {
  return hsnEntry(code) ?? (code.length > 6 ? hsnEntry(code.slice(0, 6)) : undefined) ?? (code.length > 4 ? hsnEntry(code.slice(0, 4)) : undefined);
}

function toCode(row: Row, master: Master): HsnMasterCode {
  const seed = seedRateOf(row.code);
  const kind = kindOfHsn(row.code);
  return {
    code: row.code,
    description: row.description,
    kind,
    category: kind,
    heading: row.code.length > 4 ? (master.byCode.get(row.code.slice(0, 4))?.description ?? null) : null,
    gstRate: seed?.gstRate ?? null,
    cessRate: seed?.cessRate ?? null,
    effectiveFrom: seed?.effectiveFrom ?? null,
    rateFrom: seed?.code ?? null,
    withoutItc: seed?.withoutItc ?? false,
    rateNote: seed ? seed.note : RATE_NOT_KNOWN,
  };
}

/** Whether the code (spaces and dots ignored) is one of the master's. */
export function isHsnInMaster(code: string): boolean {
  return load().byCode.has(normaliseHsn(code));
}

/** The master's entry for exactly this code, with Bahi's rate where known; null when it is not in the master. */
export function lookupHsn(code: string): HsnMasterCode | null {
  const master = load();
  const row = master.byCode.get(normaliseHsn(code));
  return row ? toCode(row, master) : null;
}

export const HSN_SEARCH_LIMIT = 20;
export const HSN_QUERY_MAX_LENGTH = 100;

/** The first row whose code is ≥ prefix (the master is sorted by code). */
function lowerBound(rows: readonly Row[], prefix: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid]!.code < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Vocabulary words within a typo of `word` (fuzzball ratio ≥ 80), best first. */
function corrections(word: string, vocabulary: readonly string[]): string[] {
  if (word.length < 4) return [];
  return vocabulary
    .filter((v) => Math.abs(v.length - word.length) <= 2 && v[0] === word[0])
    .map((v) => ({ v, score: ratio(word, v) }))
    .filter((c) => c.score >= 80)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((c) => c.v);
}

/**
 * The best matches for what a shop owner types: digits are a code prefix (the code itself
 * first, then its sub-headings in code order); words must each start a word of the
 * description or of its headings' (so "OTHER" rows show under their heading), ranked by how
 * many match the code's own description as whole words, then broader (shorter) codes first.
 * A word found nowhere is tried again as its nearest spellings in the master.
 */
export function searchHsn(query: string, limit = HSN_SEARCH_LIMIT): HsnMasterCode[] {
  const master = load();
  const digits = normaliseHsn(query.trim());
  if (/^\d+$/.test(digits)) {
    const found: HsnMasterCode[] = [];
    for (let i = lowerBound(master.rows, digits); i < master.rows.length && found.length < limit; i++) {
      const row = master.rows[i]!;
      if (!row.code.startsWith(digits)) break;
      found.push(toCode(row, master));
    }
    return found;
  }
  const asked = [...new Set(words(query))].filter((w) => w.length >= 2);
  if (asked.length === 0) return [];
  // Each word as typed when some word of the master starts with it, else its nearest spellings.
  const alternatives = asked.map((w) => (master.vocabulary.some((v) => v.startsWith(w)) ? [w] : corrections(w, master.vocabulary)));
  const matched = (row: Row) => alternatives.filter((alts) => alts.some((w) => row.context.includes(` ${w}`))).length;
  // Rows matching every word; when none does, those matching the most words.
  let best = 0;
  let candidates: Row[] = [];
  for (const row of master.rows) {
    const count = matched(row);
    if (count === 0 || count < best) continue;
    if (count > best) {
      best = count;
      candidates = [];
    }
    candidates.push(row);
  }
  const phrase = ` ${asked.join(" ")} `;
  const score = (row: Row) => {
    let points = 0;
    for (const alts of alternatives) {
      if (alts.some((w) => row.own.includes(` ${w} `))) points += 4;
      else if (alts.some((w) => row.own.includes(` ${w}`))) points += 2;
    }
    if (row.own === phrase) points += 6;
    else if (row.own.startsWith(phrase)) points += 3;
    else if (row.own.includes(phrase)) points += 2;
    return points;
  };
  return candidates
    .map((row) => ({ row, points: score(row) }))
    .sort((a, b) => b.points - a.points || a.row.code.length - b.row.code.length || a.row.own.length - b.row.own.length || (a.row.code < b.row.code ? -1 : 1))
    .slice(0, limit)
    .map(({ row }) => toCode(row, master));
}
