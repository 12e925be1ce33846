import type { Request } from "express";

/** Issue 10: where a share link's public page lives (served by read-api/src/share). */
export const SHARE_PATH = "/i";

/**
 * The public address of a share link, on the host the owner reached us by (behind a trusted
 * proxy, with the protocol the proxy was reached with).
 */
export function shareUrl(req: Request, token: string): string {
  return `${req.protocol}://${req.get("host") ?? "localhost"}${SHARE_PATH}/${token}`;
}

/** A token as newShareToken makes them: 43 base64url characters (256 bits). */
export const isShareToken = (raw: string | undefined): raw is string => typeof raw === "string" && /^[A-Za-z0-9_-]{43}$/.test(raw);
