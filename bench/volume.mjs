// `npm run bench:volume`: the store at a shop's volume on PostgreSQL (or, with --embedded, on the embedded database).
// Makes a fresh database, fills it with
// `seed:scale` (10,000 products, 200,000 orders, 20,000 customers by default), starts the built store on it and
// measures the pages that grow with the data: home, /shop and a search on it, a product, and as an admin Manage Orders
// (its first page, every status tab, a search by e-mail and by phone), the order view, the overview over 90 days and
// the stock page (its first page, a search, a tool's ledger). p50/p99 at 10 connections, the p50 of one request at a
// time, the server's and PostgreSQL's CPU per request (a slow page is store CPU, database CPU or waiting), the HTML
// each page sends (plain, gzip, brotli), and the server's memory after the run. Writes bench/results/volume.{json,md}
// and the table in docs/speed.md.
//
//   --embedded            the same on a fresh embedded database (PGlite, as `npm start` without DATABASE_URL): its
//                         own results (bench/results/volume-embedded.*, its own table in docs/speed.md), its memory
//                         target 400 MB
//   --no-build            use the existing build
//   --database <url>      measure a database seed:scale already filled (kept afterwards) instead of a fresh one
//   --products N --orders N --users N   the volume of a fresh database
//   --only <regex>        measure only the pages whose label matches, and write no results (while working on them)
//   --cpu-prof            run the store under `node --cpu-prof` and print its self time by package and function
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { signInAdmin } from "./buyers.mjs";
import { measureDuring } from "./load.mjs";
import { createBenchDatabase } from "./postgres.mjs";
import { summarize } from "./profile-summary.mjs";
import { showInDoc, volumeReport } from "./report.mjs";
import { benchDataDir, SERVE_FLAGS, startStore } from "./store-server.mjs";
import { embeddedSamples, samples, volumePages } from "./volume-pages.mjs";

export const VOLUME_LOAD = { connections: 10, durationSeconds: 10, warmupSeconds: 3, aloneSeconds: 3 };
export const VOLUME_TARGETS = { htmlGzipKB: 60, p99Ms: 100, rssMB: 300 };
/** The embedded database lives in the store's process (issue 32: a shop on a 1 GB server). */
const EMBEDDED_RSS_MB = 400;
/** What a browser says it takes; the store compresses pages for it (brotli first). */
const BROWSER_ENCODINGS = "gzip, deflate, br";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const port = Number(process.env.BENCH_PORT ?? 4310);
const embedded = args.includes("--embedded");
const only = option("only", "") ? new RegExp(option("only", ""), "i") : null;
const profileDir = path.resolve("bench/results/profiles");
const sizes = {
  products: option("products", "10000"),
  orders: option("orders", "200000"),
  users: option("users", "20000"),
};

if (!args.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The database to fill and measure: `url` empty for the embedded one in `dataDir`. */
let database = option("database", "") ? { url: option("database", ""), drop: async () => {} } : null;
let seed = null;
if (embedded) {
  const dataDir = benchDataDir();
  database = { url: "", dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}
if (!database || embedded) {
  database ??= await createBenchDatabase(
    process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  );
  if (!database) {
    console.error("bench:volume needs PostgreSQL (BENCH_DATABASE_URL).");
    process.exit(1);
  }
  console.log(`bench: seed:scale ${JSON.stringify(sizes)}`);
  const started = performance.now();
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed-scale.ts", ...Object.entries(sizes).flatMap(([k, v]) => [`--${k}`, v])],
    { stdio: "inherit", env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: database.dataDir ?? "" } },
  );
  if (seeded.status !== 0) {
    await database.drop();
    process.exit(seeded.status ?? 1);
  }
  seed = {
    ...Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, Number(v)])),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The page once as a browser asks for it, and its size plain, gzipped and in brotli, as the store sends them. */
function fetchEncoded(baseUrl, path, headers, encoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(baseUrl + path, { headers: { ...headers, "Accept-Encoding": encoding } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode, encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function pageBytes(baseUrl, path, headers) {
  const gzip = await fetchEncoded(baseUrl, path, headers, "gzip");
  const br = await fetchEncoded(baseUrl, path, headers, "br");
  if (gzip.status !== 200) throw new Error(`${path} answered ${gzip.status}: ${gzip.body.toString().slice(0, 300)}`);
  const html = gzip.encoding === "gzip" ? gunzipSync(gzip.body) : gzip.body;
  const plain = br.encoding === "br" ? brotliDecompressSync(br.body) : br.body;
  if (plain.length !== html.length)
    console.warn(`bench: ${path} differs between two requests (${plain.length}, ${html.length} bytes)`);
  return { htmlBytes: html.length, gzipBytes: gzip.body.length, brBytes: br.body.length };
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMB: Math.round(kib("VmRSS") / 1024), peakRssMB: Math.round(kib("VmHWM") / 1024) };
}

const pages = [];
let memory = null;
let counts = null;
let profiled = null;
try {
  const profileArgs = args.includes("--cpu-prof")
    ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-name=volume.cpuprofile"]
    : [];
  if (profileArgs.length > 0) {
    mkdirSync(profileDir, { recursive: true });
    for (const f of readdirSync(profileDir)) if (f.startsWith("volume.")) rmSync(path.join(profileDir, f));
  }
  // Read before the store starts: the embedded database takes one process at a time.
  const sample = embedded ? await embeddedSamples(database.dataDir) : await samples(database.url);
  counts = sample.counts;
  const store = await startStore({
    port,
    databaseUrl: database.url,
    args: [...SERVE_FLAGS, ...profileArgs],
    ...(embedded ? { dataDir: database.dataDir } : {}),
  });
  try {
    const token = await signInAdmin(store.baseUrl);
    const admin = { Authorization: `Bearer ${token}` };
    const measured = volumePages(sample, admin).filter((page) => !only || only.test(page.label));
    // The embedded database's work is the store's own process: it is in the store's CPU.
    const databaseName = embedded ? undefined : new URL(database.url).pathname.slice(1);
    for (const page of measured) {
      console.log(`bench: ${page.label} (${page.path})`);
      const bytes = await pageBytes(store.baseUrl, page.path, page.headers ?? {});
      const headers = { ...page.headers, "Accept-Encoding": BROWSER_ENCODINGS };
      const load = await measureDuring(store.baseUrl, [{ method: "GET", path: page.path, headers }], VOLUME_LOAD, {
        pid: store.pid,
        database: databaseName,
      });
      const figures = { page: page.label, path: page.path, ...load, ...bytes };
      console.log(figures);
      pages.push(figures);
    }
    memory = memoryOf(store.pid);
  } finally {
    await store.stop();
  }
  if (profileArgs.length > 0) {
    profiled = summarize(JSON.parse(readFileSync(path.join(profileDir, "volume.cpuprofile"), "utf8")), 40);
    writeFileSync(path.join(profileDir, "volume.txt"), profiled + "\n");
    console.log(`\n${profiled}\n`);
  }
} finally {
  await database.drop();
}

if (only || profiled) {
  for (const p of pages)
    console.log(
      `${p.page.padEnd(36)} ${String(p.rps).padStart(5)}/s p50 ${p.p50Ms} p99 ${p.p99Ms} alone ${p.aloneP50Ms} ms; store ${p.cpuUsPerRequest} µs, PostgreSQL ${p.databaseCpuUsPerRequest} µs a request`,
    );
  process.exit(0);
}

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  database: embedded ? "embedded" : "PostgreSQL",
  load: { ...VOLUME_LOAD, host: "127.0.0.1" },
  targets: embedded ? { ...VOLUME_TARGETS, rssMB: EMBEDDED_RSS_MB } : VOLUME_TARGETS,
  seed,
  counts,
  pages,
  memory,
};
const name = embedded ? "volume-embedded" : "volume";
writeFileSync(`bench/results/${name}.json`, JSON.stringify(results, null, 2) + "\n");
const table = volumeReport(results);
writeFileSync(`bench/results/${name}.md`, table + "\n");
await showInDoc("docs/speed.md", table, `bench-${name}`);
console.log("\n" + table);
