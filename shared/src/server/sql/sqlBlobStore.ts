import { BLOB_HASH, blobBytes, sha256Hex, type BlobRef, type BlobStore } from "../ports/blobStore.ts";
import type { SqlClient } from "./client.ts";

/** BlobStore over PostgreSQL or PGlite: one row per distinct content, keyed by its sha256. */
export class SqlBlobStore implements BlobStore {
  constructor(private readonly sql: SqlClient) {}

  async put(content: string | Uint8Array): Promise<BlobRef> {
    const bytes = Buffer.from(blobBytes(content));
    const ref = { hash: sha256Hex(bytes), size: bytes.byteLength };
    // The same hash means the same bytes: a second put (or a concurrent one) has nothing to add.
    await this.sql.query("INSERT INTO bahi_blobs (hash, size, content) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING", [ref.hash, ref.size, bytes]);
    return ref;
  }

  async get(hash: string): Promise<Uint8Array | null> {
    if (!BLOB_HASH.test(hash)) return null;
    const [row] = await this.sql.query<{ content: Uint8Array }>("SELECT content FROM bahi_blobs WHERE hash = $1", [hash]);
    return row ? new Uint8Array(row.content) : null;
  }
}
