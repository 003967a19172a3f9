// `npm run bench`: builds the store, starts it on the embedded database and on PostgreSQL, and measures, in one
// run on this machine: the API and a server-rendered page under load (autocannon), the same product list served
// statically by nginx as the ceiling, the weight of each public page, and Lighthouse's mobile scores.
// Figures for people to read, not pass/fail tests. Writes bench/results/latest.json and latest.md.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { findChromium } from "../tests/support/chromium.mjs";
import { addBenchProduct, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { ensureDebianPackages } from "./debian-packages.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { LOAD, measure } from "./load.mjs";
import { ensureNginx, startNginx } from "./nginx.mjs";
import { measurePageWeight } from "./page-weight.mjs";
import { createBenchDatabase } from "./postgres.mjs";
import { startStore } from "./store-server.mjs";
import { markdownReport, showInReadme } from "./report.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const BUYERS = 50;

// Page weight and Lighthouse run in Debian's Chromium, as the browser tests do.
if (!ensureDebianPackages("Chromium", ["chromium", "fonts-liberation"], () => Boolean(findChromium()))) {
  process.exit(1);
}

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function loadStore(baseUrl) {
  const adminToken = await signInAdmin(baseUrl);
  const buyers = await signUpBuyers(baseUrl, BUYERS);
  const benchProductId = await addBenchProduct(baseUrl, adminToken);
  const products = await (await fetch(`${baseUrl}/api/product`)).json();
  const detailId = products.find((p) => p._id !== benchProductId)._id;
  let next = 0;
  const order = {
    method: "POST",
    path: "/api/order",
    setupRequest: (req) => ({
      ...req,
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${buyers[next++ % buyers.length]}`,
        "Idempotency-Key": randomUUID(),
      },
      body: JSON.stringify({ productId: benchProductId, quantity: 1 }),
    }),
  };
  return {
    products,
    detailPath: `/detail/${detailId}`,
    calls: {
      "GET /api/product": [{ method: "GET", path: "/api/product" }],
      "GET /detail/{id}": [{ method: "GET", path: `/detail/${detailId}` }],
      "POST /api/order": [order],
    },
  };
}

const databases = [{ name: "embedded (PGlite)", url: "" }];
const postgres = await createBenchDatabase(
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
);
if (postgres) databases.push({ name: "PostgreSQL", url: postgres.url });

const loads = [];
let productJson = null;
let pages = [];
try {
  for (const database of databases) {
    const store = await startStore({ port, databaseUrl: database.url });
    try {
      const { products, detailPath, calls } = await loadStore(store.baseUrl);
      for (const [call, requests] of Object.entries(calls)) {
        console.log(`bench: ${call} on ${database.name}`);
        const figures = { call, server: `store, ${database.name}`, ...(await measure(store.baseUrl, requests)) };
        console.log(figures);
        loads.push(figures);
      }
      if (!productJson) {
        productJson = JSON.stringify(products);
        const paths = ["/", detailPath, "/blogs", "/myprotfolio", "/login", "/register"];
        console.log("bench: page weight and Lighthouse");
        const weight = await measurePageWeight(store.baseUrl, paths);
        const lighthouse = await runLighthouse(store.baseUrl, paths);
        pages = paths.map((p) => ({ ...weight.find((w) => w.path === p), ...lighthouse.find((l) => l.path === p) }));
      }
    } finally {
      await store.stop();
    }
  }
} finally {
  await postgres?.drop();
}

if (ensureNginx()) {
  const nginx = await startNginx({ port: port + 1, productJson });
  try {
    console.log("bench: GET /api/product from nginx (static file)");
    loads.push({
      call: "GET /api/product",
      server: "nginx, static file",
      ...(await measure(nginx.baseUrl, [{ method: "GET", path: "/api/product" }])),
    });
  } finally {
    await nginx.stop();
  }
}

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  load: { ...LOAD, host: "127.0.0.1", buyers: BUYERS },
  loads,
  pages,
};
writeFileSync("bench/results/latest.json", JSON.stringify(results, null, 2) + "\n");
const table = markdownReport(results);
writeFileSync("bench/results/latest.md", table + "\n");
await showInReadme("README.md", table);
console.log("\n" + table);
