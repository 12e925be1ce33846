import helmet from "helmet";
import type { RequestHandler } from "express";

/**
 * helmet's headers with a Content-Security-Policy the built client passes (checked in Chromium
 * by tests/e2e/csp.test.ts): scripts only from our origin, never inline; images also from
 * data: and blob: (QR codes, PDF previews); inline styles allowed because Radix and the chart
 * library inject <style> elements at run time. The app may not be framed by anyone.
 */
export function securityHeaders(options: { secure?: boolean } = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "connect-src": ["'self'"],
        "font-src": ["'self'", "data:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "img-src": ["'self'", "data:", "blob:"],
        "object-src": ["'none'"],
        "script-src": ["'self'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "worker-src": ["'self'", "blob:"],
        // Only behind HTTPS: on a plain-HTTP install it would send every request to a port nothing serves.
        ...(options.secure ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over HTTPS, and pins the host to it for a year: only when asked.
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
