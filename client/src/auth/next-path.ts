/**
 * Issue 11: the invite link sends a signed-out person to sign in or register with `?next=/invite/…`
 * and brings them back. Only a path of this app is followed: an absolute or protocol-relative
 * address would make the sign-in page an open redirect.
 */
export function nextPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  return next;
}

/** The same page with `next` carried along, for the link between sign-in and registration. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
