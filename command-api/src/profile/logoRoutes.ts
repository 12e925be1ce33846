import { Router } from "express";
import { z } from "zod";
import { LOGO_MAX_BYTES, type ProfileLogo } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { requireUserId, ValidationError } from "@bahi/shared/server";
import { userDecider, userView } from "../auth/user.ts";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";

/** PUT body: the image as a data URL (what a browser's FileReader gives), so the API stays JSON. */
const logoUploadSchema = z.object({
  image: z.string({ error: "Choose a PNG or JPEG image for the logo" }).max(4 * 1024 * 1024, "The logo must be at most 200 KB"),
});

const DATA_URL = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/=\s]+)$/;

const badLogo = (message: string) => new ValidationError([{ path: ["image"], message }]);

/**
 * The image's type from its first bytes, not from what the client claims: a renamed file or a
 * wrong header cannot put something else on the invoice.
 */
export function logoTypeOf(bytes: Uint8Array): ProfileLogo["contentType"] | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

/** The uploaded logo's bytes and type, or a 400 saying what is wrong with it. */
export function parseLogo(body: unknown): { bytes: Buffer; contentType: ProfileLogo["contentType"] } {
  const { image } = logoUploadSchema.parse(body);
  const match = DATA_URL.exec(image.trim());
  if (!match) throw badLogo("Choose a PNG or JPEG image for the logo");
  const bytes = Buffer.from(match[2]!.replace(/\s+/g, ""), "base64");
  if (bytes.length === 0) throw badLogo("The logo image is empty");
  if (bytes.length > LOGO_MAX_BYTES) throw badLogo(`The logo must be at most 200 KB; this image is ${Math.ceil(bytes.length / 1024)} KB`);
  const contentType = logoTypeOf(bytes);
  if (!contentType) throw badLogo("The logo must be a PNG or JPEG image");
  return { bytes, contentType };
}

/**
 * PUT and DELETE /api/profile/logo (issue 9): the bytes go to the BlobStore (content-addressed,
 * never in an event); ProfileLogoChanged names them. GET /api/profile/logo is the read API's.
 */
export function logoRoutes(deps: CommandDeps): Router {
  const router = Router();

  async function change(req: import("express").Request, res: import("express").Response, logo: ProfileLogo | null) {
    const userId = requireUserId(deps.sessions, req);
    const now = deps.clock();
    const result = await handle(deps.eventStore, streams.user(userId), userDecider, { kind: "changeLogo", logo, at: now.toISOString() }, commandContext(req, userId, now));
    if (!result.state.registered) throw new Error("A signed-in user has no registration");
    sendPosition(res, result.position);
    res.json({ logo: userView(result.state).logo ?? null });
  }

  router.put("/", async (req, res) => {
    requireUserId(deps.sessions, req);
    const { bytes, contentType } = parseLogo(req.body);
    const ref = await deps.blobStore.put(bytes);
    await change(req, res, { hash: ref.hash, size: ref.size, contentType });
  });

  router.delete("/", async (req, res) => {
    await change(req, res, null);
  });

  return router;
}
