import { Hono } from "hono";
import { openApiJson } from "./document";
import { DOCS_CONTENT_SECURITY_POLICY, docsPage } from "./docs-page";
import { scalarBundle, type Encoding } from "./scalar-bundle";

const IMMUTABLE = "public, max-age=31536000, immutable";

function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/** GET /api/openapi.json, and its reader at GET /api/docs with Scalar's script served from this store. */
export function apiDocsRoutes() {
  return new Hono()
    .get("/openapi.json", (c) => c.body(openApiJson(), 200, { "Content-Type": "application/json; charset=utf-8" }))
    .get("/docs", (c) => {
      c.header("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
      c.header("Cache-Control", "no-cache");
      return c.html(docsPage(scalarBundle().version));
    })
    .get("/docs/scalar.js", async (c) => {
      const bundle = scalarBundle();
      const etag = `"${bundle.version}"`;
      c.header("Cache-Control", c.req.query("v") === bundle.version ? IMMUTABLE : "no-cache");
      c.header("ETag", etag);
      c.header("Vary", "Accept-Encoding");
      if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
      c.header("Content-Type", "text/javascript; charset=utf-8");
      const encoding = pickEncoding(c.req.header("Accept-Encoding"));
      if (!encoding) return c.body(bundle.plain);
      c.header("Content-Encoding", encoding);
      return c.body(await bundle.compressed(encoding));
    });
}
