import { Binary, type Collection, type Db } from "mongodb";
import { BLOB_HASH, blobBytes, sha256Hex, type BlobRef, type BlobStore } from "../ports/blobStore.ts";
import { isDuplicateKey, mongoCall } from "./unavailable.ts";

export const BLOBS_COLLECTION = "bahi_blobs";
export const BLOB_CHUNKS_COLLECTION = "bahi_blob_chunks";

/**
 * The most bytes one document carries. A BSON document is at most 16 MiB and bytea has no such
 * bound, so larger content is split into chunks of this size (half the limit, leaving the
 * rest for the document around them and the command that carries it).
 */
export const BLOB_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * One per distinct content, keyed by its sha256. Content up to a chunk's size is inline; larger
 * content is in `chunks` documents of bahi_blob_chunks, and `content` is null.
 */
export interface BlobDocument {
  _id: string;
  size: number;
  createdAt: Date;
  content: Binary | null;
  chunks: number;
}

export interface BlobChunkDocument {
  /** `<hash>:<index>`, so a chunk of some content is always the same document. */
  _id: string;
  content: Binary;
}

export const chunkId = (hash: string, index: number): string => `${hash}:${index}`;

/** The documents that hold `bytes`: the head alone, or the head and its chunks. */
export function blobDocumentsOf(bytes: Uint8Array, createdAt: Date, chunkBytes: number = BLOB_CHUNK_BYTES): { head: BlobDocument; chunks: BlobChunkDocument[] } {
  const hash = sha256Hex(bytes);
  if (bytes.byteLength <= chunkBytes) return { head: { _id: hash, size: bytes.byteLength, createdAt, content: new Binary(bytes), chunks: 0 }, chunks: [] };
  const chunks: BlobChunkDocument[] = [];
  for (let offset = 0; offset < bytes.byteLength; offset += chunkBytes) {
    chunks.push({ _id: chunkId(hash, chunks.length), content: new Binary(bytes.subarray(offset, offset + chunkBytes)) });
  }
  return { head: { _id: hash, size: bytes.byteLength, createdAt, content: null, chunks: chunks.length }, chunks };
}

/**
 * The bytes a head and its chunks hold, in a copy of their own. A chunk missing or a size that
 * does not add up is a broken promise of the store (blobs are never changed or deleted): it
 * throws rather than answer other bytes than the hash names.
 */
export function blobBytesOf(head: BlobDocument, chunks: readonly BlobChunkDocument[] = []): Uint8Array {
  if (head.content !== null) return checkedSize(head, new Uint8Array(head.content.value()));
  const byId = new Map(chunks.map((chunk) => [chunk._id, chunk.content.value()]));
  const parts = Array.from({ length: head.chunks }, (_, index) => {
    const part = byId.get(chunkId(head._id, index));
    if (!part) throw new Error(`Blob ${head._id} is missing its chunk ${index} of ${head.chunks}`);
    return part;
  });
  return checkedSize(head, new Uint8Array(Buffer.concat(parts)));
}

function checkedSize(head: BlobDocument, bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength !== head.size) throw new Error(`Blob ${head._id} holds ${bytes.byteLength} bytes, not the ${head.size} it was stored with`);
  return bytes;
}

/**
 * Issue 14: the BlobStore port over MongoDB. Content-addressed and never updated, so every
 * write is an insert whose duplicate (E11000: the same hash, hence the same bytes, stored by an
 * earlier or a concurrent put) has nothing to add. Chunks are written before their head, so a
 * head that can be read always has all its chunks; a put that dies between leaves chunks that
 * the next put of the same content finds in place.
 */
export class MongoBlobStore implements BlobStore {
  private readonly blobs: Collection<BlobDocument>;
  private readonly chunks: Collection<BlobChunkDocument>;

  constructor(
    db: Db,
    private readonly options: { chunkBytes?: number } = {},
  ) {
    this.blobs = db.collection<BlobDocument>(BLOBS_COLLECTION);
    this.chunks = db.collection<BlobChunkDocument>(BLOB_CHUNKS_COLLECTION);
  }

  async put(content: string | Uint8Array): Promise<BlobRef> {
    const bytes = blobBytes(content);
    const { head, chunks } = blobDocumentsOf(bytes, new Date(), this.options.chunkBytes);
    const ref = { hash: head._id, size: head.size };
    await mongoCall(async () => {
      // Large content already stored is not sent again.
      if (chunks.length > 0 && (await this.blobs.countDocuments({ _id: head._id }, { limit: 1 })) > 0) return;
      for (const chunk of chunks) await unlessPresent(() => this.chunks.insertOne(chunk));
      await unlessPresent(() => this.blobs.insertOne(head));
    });
    return ref;
  }

  async get(hash: string): Promise<Uint8Array | null> {
    if (!BLOB_HASH.test(hash)) return null;
    return mongoCall(async () => {
      const head = await this.blobs.findOne({ _id: hash });
      if (!head) return null;
      if (head.content !== null) return blobBytesOf(head);
      const ids = Array.from({ length: head.chunks }, (_, index) => chunkId(hash, index));
      return blobBytesOf(head, await this.chunks.find({ _id: { $in: ids } }).toArray());
    });
  }
}

async function unlessPresent(insert: () => Promise<unknown>): Promise<void> {
  try {
    await insert();
  } catch (error) {
    // Safe to drop: the same `_id` names the same bytes, which are what this insert wanted stored.
    if (!isDuplicateKey(error)) throw error;
  }
}
