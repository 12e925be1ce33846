import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { Router, type Request, type Response } from "express";
import { buildOpenApiDocument } from "./document.ts";

/**
 * Issue 12: GET /api/openapi.json and its docs page GET /api/docs, both without a session (a
 * developer reads them before having an account). The page is Swagger UI from the
 * swagger-ui-dist package, served from here: no CDN, and no inline script, so the app-wide
 * Content-Security-Policy (script-src 'self') holds as it is.
 */
export const DOCS_ASSETS = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
} as const;
type DocsAsset = keyof typeof DOCS_ASSETS;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bahi API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/assets/docs.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to swagger.io to be checked.
const DOCS_SCRIPT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#docs",
  deepLinking: true,
  validatorUrl: null,
  docExpansion: "none",
  filter: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

const DOCS_STYLE = "body { margin: 0; background: #fafafa; } #docs { max-width: 1200px; margin: 0 auto; }\n";

/** A served file, with its gzip copy made once (the bundle is 1.7 MB, 0.5 MB gzipped). */
interface Served {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

function served(type: string, body: Buffer): Served {
  return { type, body, gzip: gzipSync(body) };
}

function send(req: Request, res: Response, file: Served, cacheControl: string): void {
  res.setHeader("Content-Type", file.type);
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.acceptsEncodings("gzip", "identity") === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.end(file.gzip);
  } else {
    res.end(file.body);
  }
}

export function apiDocsRouter(options: { version?: string } = {}): Router {
  const router = Router();
  // Built on first use, then kept: the document only changes with a release.
  let document: Served | null = null;
  const assets = new Map<string, Served>();
  const swaggerDir = () => dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

  router.get("/openapi.json", (req, res) => {
    document ??= served("application/json; charset=utf-8", Buffer.from(JSON.stringify(buildOpenApiDocument(options.version))));
    send(req, res, document, "no-cache");
  });

  router.get("/docs", (req, res) => {
    send(req, res, (assets.get("page") ?? assets.set("page", served("text/html; charset=utf-8", Buffer.from(DOCS_PAGE))).get("page"))!, "no-cache");
  });

  router.get("/docs/assets/:file", (req, res, next) => {
    const name = req.params.file;
    let file = assets.get(name);
    if (!file) {
      if (name === "docs.js") file = served("text/javascript; charset=utf-8", Buffer.from(DOCS_SCRIPT));
      else if (name === "docs.css") file = served("text/css; charset=utf-8", Buffer.from(DOCS_STYLE));
      else if (Object.hasOwn(DOCS_ASSETS, name)) file = served(DOCS_ASSETS[name as DocsAsset], readFileSync(join(swaggerDir(), name)));
      else return next();
      assets.set(name, file);
    }
    // Not hashed names: a day, revalidated after, so an upgrade shows by the next day at the latest.
    send(req, res, file, "public, max-age=86400");
  });

  return router;
}
