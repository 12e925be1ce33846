import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobMissingError, canonicalJson, getJsonBlob, putJsonBlob, type BlobStore } from "@bahi/shared/server";

export interface OpenedBlobStore {
  store: BlobStore;
  /** Distinct blobs stored, to show that a second put of the same content adds no copy. */
  countBlobs(): Promise<number>;
  close(): Promise<void>;
}

const sha256 = (content: string | Uint8Array) => createHash("sha256").update(content).digest("hex");

/** The promises every BlobStore adapter keeps: content-addressed, idempotent, byte-exact. */
export function blobStoreContract(name: string, open: () => Promise<OpenedBlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let opened: OpenedBlobStore;
    let store: BlobStore;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });

    afterAll(async () => {
      await opened?.close();
    });

    it("names content by its sha256 and gives back the same bytes", async () => {
      const text = `GSTR-2B ₹ ${randomUUID()}`;
      const ref = await store.put(text);
      expect(ref).toEqual({ hash: sha256(text), size: Buffer.byteLength(text, "utf8") });
      expect(Buffer.from((await store.get(ref.hash))!).toString("utf8")).toBe(text);

      // Every byte value survives, NUL included.
      const bytes = new Uint8Array([0, 1, 2, 255, 0, 128, ...randomBytes(64)]);
      const binary = await store.put(bytes);
      expect(binary).toEqual({ hash: sha256(bytes), size: bytes.byteLength });
      expect(Buffer.from((await store.get(binary.hash))!).equals(Buffer.from(bytes))).toBe(true);
    });

    it("stores the same content once, however often and however concurrently it is put", async () => {
      const text = `same ${randomUUID()}`;
      const before = await opened.countBlobs();
      const refs = await Promise.all(Array.from({ length: 8 }, () => store.put(text)));
      refs.push(await store.put(Buffer.from(text, "utf8")));
      expect(new Set(refs.map((r) => r.hash)).size).toBe(1);
      expect(await opened.countBlobs()).toBe(before + 1);
    });

    it("answers null for a hash it does not hold, and for anything that is not a hash", async () => {
      expect(await store.get(sha256(randomUUID()))).toBeNull();
      for (const notAHash of ["", "abc", "%00", "' OR 1=1 --", sha256("x").toUpperCase(), `${sha256("x")}0`]) {
        expect(await store.get(notAHash)).toBeNull();
      }
    });

    it("keeps a large document whole", async () => {
      const big = randomBytes(1024 * 1024);
      const ref = await store.put(big);
      expect(ref.size).toBe(big.byteLength);
      expect(Buffer.from((await store.get(ref.hash))!).equals(big)).toBe(true);
    });

    it("stores JSON canonically: the same document in any key order is one blob", async () => {
      const id = randomUUID();
      const a = await putJsonBlob(store, { b: [1, 2, { y: "₹", x: null }], a: id, n: 1.5 });
      const b = await putJsonBlob(store, { n: 1.5, a: id, b: [1, 2, { x: null, y: "₹" }] });
      expect(b).toEqual(a);
      expect(a.hash).toBe(sha256(canonicalJson({ a: id, b: [1, 2, { x: null, y: "₹" }], n: 1.5 })));
      expect(await getJsonBlob(store, a)).toEqual({ a: id, b: [1, 2, { x: null, y: "₹" }], n: 1.5 });
      await expect(getJsonBlob(store, { hash: sha256(randomUUID()), size: 1 })).rejects.toBeInstanceOf(BlobMissingError);
    });
  });
}
