import { createHash } from "node:crypto";

export const SCALAR_SCRIPT_PATH = "/api/docs/scalar.js";

/**
 * Scalar offline: no fonts from its servers, no telemetry, no AI agent; the document comes from this store and
 * "Try it" calls go to this store only.
 */
const CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  documentDownloadType: "json",
  metaData: { title: "Randa API reference" },
};

const START = `Scalar.createApiReference("#app", ${JSON.stringify(CONFIGURATION)});`;

/**
 * The page's own policy in place of the API's `default-src 'none'`: its script from this store, the inline start
 * by its hash, inline styles (Scalar writes its CSS into style elements), and the document fetched from here.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash("sha256").update(START).digest("base64")}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function docsPage(scriptVersion: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Randa API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript>This reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="app"></div>
<script src="${SCALAR_SCRIPT_PATH}?v=${scriptVersion}"></script>
<script>${START}</script>
</body>
</html>
`;
}
