// `node bench/reference-hono.mjs <port> <file>`: the product list's bytes from a Hono app and nothing else.
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const [port, file] = process.argv.slice(2);
const body = readFileSync(file);
const app = new Hono();
app.get("/api/product", (c) => c.body(body, 200, { "Content-Type": "application/json; charset=utf-8" }));
serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" });
// Exits cleanly on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on("SIGTERM", () => process.exit(0));
