import { z } from "zod";
import { openApiJson } from "./document";
import { apiCall, json } from "./route-types";
import { named } from "./schema-names";
import { DOCS_CONTENT_SECURITY_POLICY, docsPage } from "./docs-page";
import { scalarBundle, type Encoding } from "./scalar-bundle";

const IMMUTABLE = "public, max-age=31536000, immutable";

function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

const OpenApiDocument = named(
  "OpenApiDocument",
  z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
);

/** GET /api/openapi.json, built from every call's declaration, and its reader at GET /api/docs (Scalar, served here). */
export const docsCalls = [
  apiCall({
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "docs",
    summary: "This document",
    who: "anyone",
    session: "none",
    answers: { 200: json(OpenApiDocument, "OpenAPI 3.1.") },
    handler: (c) => c.body(openApiJson(c.get("calls")), 200, { "Content-Type": "application/json; charset=utf-8" }),
  }),
  apiCall({
    method: "get",
    path: "/api/docs",
    operationId: "getApiReference",
    tag: "docs",
    summary: "This document, to read in a browser",
    who: "anyone",
    session: "none",
    answers: { 200: { description: "The reader's page.", other: "text/html" } },
    handler: (c) => {
      c.header("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
      c.header("Cache-Control", "no-cache");
      return c.html(docsPage(scalarBundle().version));
    },
  }),
  apiCall({
    method: "get",
    path: "/api/docs/scalar.js",
    operationId: "getApiReferenceScript",
    tag: "docs",
    summary: "The reader's script (Scalar)",
    who: "anyone",
    session: "none",
    answers: { 200: { description: "Scalar's API reference, served by the store.", other: "text/javascript" } },
    handler: async (c) => {
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
    },
  }),
];
