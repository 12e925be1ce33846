import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r·p bytes; Node refuses anything above maxmem (32 MiB by default).
  const maxmem = 128 * params.N * params.r * params.p + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key, extra] = stored.split("$");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== "scrypt" || !salt || !key || extra !== undefined) return null;
  // A power of two, and bounded, so a corrupt or hostile stored hash cannot exhaust memory.
  const sane = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;
  if (!sane(params.N, 2 ** 20) || (params.N & (params.N - 1)) !== 0 || params.N < 2 || !sane(params.r, 32) || !sane(params.p, 16)) return null;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

export interface PasswordCheck {
  ok: boolean;
  /** The hash was made with other parameters than the current ones: store a new one. */
  needsRehash: boolean;
}

/**
 * Hashes as "scrypt$N$r$p$salt$key" (base64url parts), so the cost can rise without breaking
 * old hashes: a hash with other parameters still verifies and is replaced at the next login.
 */
export class PasswordHasher {
  /** Spent on logins for unknown emails at the current cost, so their timing does not reveal which emails exist. */
  readonly dummyHash: string;

  constructor(readonly params: ScryptParams = OWASP_SCRYPT) {
    this.dummyHash = ["scrypt", params.N, params.r, params.p, "A".repeat(22), "A".repeat(86)].join("$");
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.params);
    const { N, r, p } = this.params;
    return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
  }

  async verify(password: string, stored: string): Promise<PasswordCheck> {
    const parsed = parse(stored);
    if (!parsed) return { ok: false, needsRehash: false };
    const actual = await derive(password, parsed.salt, parsed.params);
    const ok = actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
    const { N, r, p } = this.params;
    return { ok, needsRehash: ok && (parsed.params.N !== N || parsed.params.r !== r || parsed.params.p !== p) };
  }
}
