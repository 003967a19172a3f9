// The references the store is measured beside, each serving the product list's bytes at GET /api/product, each a
// process of its own so that its CPU time can be read from /proc: a minimal Hono app on @hono/node-server (the
// store's own framework and adapter, doing nothing else) and plain node:http (the least a Node.js server does).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverProcess } from "./server-process.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

export const REFERENCES = {
  hono: { label: "minimal Hono (@hono/node-server)", script: path.join(here, "reference-hono.mjs") },
  node: { label: "plain node:http", script: path.join(here, "reference-node.mjs") },
};

export async function startReference(kind, { port, productJson }) {
  const dir = mkdtempSync(path.join(tmpdir(), "randa-bench-reference-"));
  const file = path.join(dir, "product.json");
  writeFileSync(file, productJson);
  const child = spawn(process.execPath, [REFERENCES[kind].script, String(port), file], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    return await serverProcess(child, { name: REFERENCES[kind].label, baseUrl, readyPath: "/api/product" });
  } finally {
    // Read once as it starts: answering, it no longer needs the file.
    rmSync(dir, { recursive: true, force: true });
  }
}
