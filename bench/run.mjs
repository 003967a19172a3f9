// `npm run bench`: builds the store, starts it on the embedded database and on PostgreSQL, and measures, in one
// run on this machine: the API, a server-rendered page and placing orders under load (autocannon), with the
// server's CPU time per request, and on PostgreSQL a checkout of a 3-line cart beside the one-line order; the same
// product list's bytes from three references loaded the same way (nginx with one worker, a minimal Hono app, plain
// node:http); each GET again with wrk beside autocannon, with each generator's share of a core; the weight of each
// public page; Lighthouse's mobile scores.
// Figures for people to read, not pass/fail tests. Writes bench/results/latest.json and latest.md.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { findChromium } from "../tests/support/chromium.mjs";
import { addBenchProduct, checkoutBuyers, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { AMOUNTS, benchCalls, CHECKOUT, CHECKOUT_BUYERS, CHECKOUT_WARMUP, checkoutCall } from "./calls.mjs";
import { ensureDebianPackages } from "./debian-packages.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { LOAD, measure } from "./load.mjs";
import { ensureNginx, startNginx } from "./nginx.mjs";
import { REFERENCES, startReference } from "./reference-servers.mjs";
import { measurePageWeight } from "./page-weight.mjs";
import { createBenchDatabase, outboxesDrained } from "./postgres.mjs";
import { startStore } from "./store-server.mjs";
import { markdownReport, showInDoc } from "./report.mjs";
import { ensureWrk, measureWithWrk } from "./wrk.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
// wrk loads each GET again beside autocannon, so that no server's rate is only the generator's ceiling.
const withWrk = ensureWrk();
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
  return { adminToken, ...(await benchCalls(baseUrl, buyers, await addBenchProduct(baseUrl, adminToken))) };
}

/** The 3-line checkout's load, made ready (bench/buyers.mjs `checkoutBuyers`). */
async function checkoutLoad(baseUrl, adminToken) {
  return checkoutCall(await checkoutBuyers(baseUrl, adminToken, CHECKOUT_BUYERS, BUYERS + 1));
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
      const { adminToken, detailPath, calls } = await loadStore(store.baseUrl);
      // The product list's bytes as the store answers them, for the references to serve.
      productJson ??= await (await fetch(`${store.baseUrl}/api/product`)).text();
      // An order's CPU counts the messages it queued, sent by the outboxes once the load has passed them by.
      const settled = database.url ? () => outboxesDrained(database.url) : undefined;
      for (const [call, how] of Object.entries(calls)) {
        console.log(`bench: ${call} on ${database.name}`);
        const figures = await measure({
          baseUrl: store.baseUrl,
          ...how,
          amount: AMOUNTS[call],
          pid: store.pid,
          database: Boolean(database.url),
          settled: how.requests ? settled : undefined,
        });
        loads.push({ call, server: `store, ${database.name}`, ...figures });
        console.log(loads.at(-1));
        if (withWrk && how.path) {
          const wrk = await measureWithWrk({ baseUrl: store.baseUrl, path: how.path, pid: store.pid });
          loads.push({ call, server: `store, ${database.name}`, ...wrk });
          console.log(loads.at(-1));
        }
      }
      if (database.url) {
        console.log(`bench: ${CHECKOUT} on ${database.name} (${CHECKOUT_BUYERS} buyers fill their carts first)`);
        const figures = await measure({
          baseUrl: store.baseUrl,
          ...(await checkoutLoad(store.baseUrl, adminToken)),
          amount: AMOUNTS[CHECKOUT],
          warmupAmount: CHECKOUT_WARMUP,
          pid: store.pid,
          database: true,
          settled,
        });
        loads.push({ call: CHECKOUT, server: `store, ${database.name}`, ...figures });
        console.log(loads.at(-1));
      }
      if (pages.length === 0) {
        const paths = ["/", "/shop", detailPath, "/cart", "/blogs", "/myprotfolio", "/login", "/register"];
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

// The references, loaded exactly as the store's product list was: the same bytes, URL, connections and count.
const references = [
  ...(ensureNginx() ? [{ server: "nginx, static file (1 worker)", start: (o) => startNginx(o) }] : []),
  { server: REFERENCES.hono.label, start: (o) => startReference("hono", o) },
  { server: REFERENCES.node.label, start: (o) => startReference("node", o) },
];
for (const reference of references) {
  const server = await reference.start({ port: port + 1, productJson });
  try {
    console.log(`bench: GET /api/product from ${reference.server}`);
    const call = "GET /api/product";
    const figures = await measure({
      baseUrl: server.baseUrl,
      path: "/api/product",
      amount: AMOUNTS[call],
      pid: server.pid,
    });
    loads.push({ call, server: reference.server, reference: true, ...figures });
    console.log(loads.at(-1));
    if (withWrk) {
      const wrk = await measureWithWrk({ baseUrl: server.baseUrl, path: "/api/product", pid: server.pid });
      loads.push({ call, server: reference.server, reference: true, ...wrk });
      console.log(loads.at(-1));
    }
  } finally {
    await server.stop();
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
  load: {
    ...LOAD,
    wrk: withWrk ? { threads: 1, seconds: 10 } : null,
    host: "127.0.0.1",
    buyers: BUYERS,
    amounts: AMOUNTS,
    checkout: { warmupRequests: CHECKOUT_WARMUP, buyers: CHECKOUT_BUYERS, databases: ["PostgreSQL"] },
  },
  loads,
  pages,
};
writeFileSync("bench/results/latest.json", JSON.stringify(results, null, 2) + "\n");
const table = markdownReport(results);
writeFileSync("bench/results/latest.md", table + "\n");
await showInDoc("docs/speed.md", table);
console.log("\n" + table);
