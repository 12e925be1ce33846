import { Router } from "express";
import { collections, type UserDocument } from "@bahi/shared/read-models";
import { notFound, requireUserId, type BlobStore, type ReadStore, type SessionCodec } from "@bahi/shared/server";

/** The business's logo bytes (issue 9), or null when it has none or the blob is missing. */
export async function logoOf(blobStore: Pick<BlobStore, "get">, user: Pick<UserDocument, "logo"> | null): Promise<Buffer | null> {
  if (!user?.logo) return null;
  const bytes = await blobStore.get(user.logo.hash);
  return bytes ? Buffer.from(bytes) : null;
}

/** GET /api/profile/logo: the session's own logo only; 404 when there is none. */
export function profileLogoRoutes(deps: { readStore: ReadStore; blobStore: Pick<BlobStore, "get">; sessions: SessionCodec }): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const user = await deps.readStore.get<UserDocument>(collections.users, userId);
    const logo = await logoOf(deps.blobStore, user);
    if (!logo || !user?.logo) throw notFound("Logo");
    res.setHeader("Content-Type", user.logo.contentType);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.send(logo);
  });
  return router;
}
