import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/**
 * Large documents (an uploaded GSTR-2B, a filed return's JSON, a reconciliation's rows) live
 * beside the log, not in it: an event carries the blob's reference, so events stay small and
 * the log cannot be grown by whatever a user uploads. Blobs are content-addressed and
 * immutable, so a reference in an event always means the same bytes.
 */
export interface BlobRef {
  /** Lower-case hex sha256 of the stored bytes. */
  hash: string;
  /** Bytes stored. */
  size: number;
}

export interface BlobStore {
  /** Stores the bytes (a string as UTF-8) under their sha256. Idempotent: the same bytes give the same ref and one copy. */
  put(content: string | Uint8Array): Promise<BlobRef>;
  /** The bytes stored under `hash`, or null when there are none (or `hash` is not a sha256 in hex). */
  get(hash: string): Promise<Uint8Array | null>;
}

export const BLOB_HASH = /^[0-9a-f]{64}$/;

export function sha256Hex(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

export function blobBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === "string" ? Buffer.from(content, "utf8") : content;
}

/**
 * RFC 8785 canonical JSON (sorted keys, one number form), so the same document always has
 * the same hash, whatever order its keys arrived in.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("Only a JSON value can be stored as a JSON blob");
  return text;
}

export function putJsonBlob(store: BlobStore, value: unknown): Promise<BlobRef> {
  return store.put(canonicalJson(value));
}

/**
 * The JSON document an event refers to. A missing blob is a broken promise of the store (blobs
 * are never deleted), so it throws rather than pretending the document is empty.
 */
export async function getJsonBlob<T = unknown>(store: Pick<BlobStore, "get">, ref: BlobRef): Promise<T> {
  const bytes = await store.get(ref.hash);
  if (bytes === null) throw new BlobMissingError(ref.hash);
  return JSON.parse(Buffer.from(bytes).toString("utf8")) as T;
}

export class BlobMissingError extends Error {
  readonly code = "BLOB_MISSING";
  constructor(readonly hash: string) {
    super(`No blob is stored under ${hash}`);
    this.name = "BlobMissingError";
  }
}
