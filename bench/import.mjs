// `npm run bench:import`: the catalog spreadsheet at a shop's size. Starts the built store on a fresh PostgreSQL
// database and, through the API as an admin does: a dry run of a file of 5,000 new rows (half of them tools sold in
// one form, half the variants of tools in two options of two values), its import, the export of the catalog, a dry
// run and an import of that export as it is (every row unchanged), and an import of it with every price changed.
// Each call's time is the whole request, body sent and answer read. Writes bench/results/import.{json,md}.
//
//   --no-build            use the existing build
//   --rows N              rows in the new file (default 5000)
//   --database <url>      an empty PostgreSQL database to measure on (kept afterwards) instead of a fresh one
//   --embedded            measure the embedded database (PGlite) too
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { signInAdmin } from "./buyers.mjs";
import { createBenchDatabase } from "./postgres.mjs";
import { startStore } from "./store-server.mjs";

/** What an import of the file may take, at most, on PostgreSQL. */
export const IMPORT_TARGET_SECONDS = 30;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const port = Number(process.env.BENCH_PORT ?? 4320);
const ROWS = Number(option("rows", "5000"));

const COLUMNS = [
  "product_id",
  "name",
  "name_bn",
  "category",
  "description",
  "images",
  "option1_name",
  "option1_value",
  "option2_name",
  "option2_value",
  "sku",
  "price",
  "stock",
  "minimum_quantity",
  "weight_grams",
];
const DRAWINGS = ["auger-bit", "block-plane", "coping-saw", "dovetail-saw", "marking-gauge", "mortise-chisel"];

const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvLine = (cells) => cells.map((c) => quote(String(c))).join(",") + "\r\n";

/**
 * `rows` new rows, as a spreadsheet saves them (a byte order mark, CRLF): the first half tools sold in one form, the
 * rest tools of Width × Length, four rows each (their product_id a key that groups them).
 */
export function newCatalogCsv(rows, run) {
  const lines = ["\uFEFF" + csvLine(COLUMNS)];
  const cell = (values) => COLUMNS.map((c) => values[c] ?? "");
  const oneForm = Math.ceil(rows / 2);
  for (let i = 0; i < oneForm; i++) {
    lines.push(
      csvLine(
        cell({
          name: `Bench Chisel ${run}-${i}`,
          name_bn: `বেঞ্চ বাটালি ${i}`,
          description: "A firmer chisel, ground and honed, for the bench run.",
          images: `${DRAWINGS[i % DRAWINGS.length]}.svg`,
          sku: `BN-${run}-${i}`,
          price: (300 + (i % 700) + 0.5).toFixed(2),
          stock: 100 + (i % 50),
          minimum_quantity: 10,
          weight_grams: 150 + (i % 100),
        }),
      ),
    );
  }
  let left = rows - oneForm;
  for (let t = 0; left > 0; t++) {
    const variants = Math.min(4, left);
    left -= variants;
    for (let v = 0; v < variants; v++) {
      lines.push(
        csvLine(
          cell({
            product_id: `TOOL-${t}`,
            ...(v === 0
              ? {
                  name: `Bench Auger ${run}-${t}`,
                  description: "An auger bit, in two widths and two lengths.",
                  images: "auger-bit.svg|hand-drill.svg",
                  option1_name: "Width",
                  option2_name: "Length",
                }
              : {}),
            option1_value: ["10 mm", "16 mm"][v % 2],
            option2_value: ["230 mm", "460 mm"][Math.floor(v / 2)],
            sku: `BV-${run}-${t}-${v}`,
            price: 400 + v * 50,
            stock: 40 + v,
            minimum_quantity: 5,
            weight_grams: 120 + v * 40,
          }),
        ),
      );
    }
  }
  return lines.join("");
}

/** The request, timed from the first byte sent to the last byte of the answer read. */
async function timed(baseUrl, path, { token, body, accept } = {}) {
  const started = performance.now();
  const res = await fetch(baseUrl + path, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      Origin: baseUrl,
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "text/csv" }),
      ...(accept ? { Accept: accept } : {}),
    },
    body,
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 500)}`);
  return { seconds, text };
}

const tally = (report) =>
  `products ${Object.entries(report.products)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}; rows ${Object.entries(report.variants)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}`;

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMB: Math.round(kib("VmRSS") / 1024), peakRssMB: Math.round(kib("VmHWM") / 1024) };
}

/** Every step against one store; answers the figures. */
async function measureStore(baseUrl, pid) {
  const token = await signInAdmin(baseUrl);
  const run = Date.now().toString(36);
  const file = newCatalogCsv(ROWS, run);
  const steps = [];
  const step = async (label, path, options, check) => {
    console.log(`bench: ${label}`);
    const { seconds, text } = await timed(baseUrl, path, { token, ...options });
    const figures = { step: label, seconds: Number(seconds.toFixed(2)), ...check(text) };
    console.log(figures);
    steps.push(figures);
    return text;
  };
  const report = (expected) => (text) => {
    const r = JSON.parse(text);
    const problems = r.lines.filter((l) => l.result === "refused").slice(0, 3);
    if (problems.length > 0) throw new Error(`refused rows: ${JSON.stringify(problems)}`);
    for (const [result, count] of Object.entries(expected)) {
      if (r.variants[result] !== count) throw new Error(`expected ${count} rows ${result}: ${tally(r)}`);
    }
    return { rows: r.rows, bytes: Buffer.byteLength(options.body ?? ""), report: tally(r) };
  };
  const options = { body: file };

  await step(`dry run of ${ROWS} new rows`, "/api/products.csv?dryRun=true", options, report({ created: ROWS }));
  const streamed = await step(
    `dry run of ${ROWS} new rows, as NDJSON`,
    "/api/products.csv?dryRun=true",
    { ...options, accept: "application/x-ndjson" },
    (text) => ({ lines: text.trimEnd().split("\n").length, bytes: Buffer.byteLength(text) }),
  );
  if (!streamed.trimEnd().split("\n").at(-1).startsWith('{"report"'))
    throw new Error("the stream ended without a report");
  await step(`import of ${ROWS} new rows`, "/api/products.csv", options, report({ created: ROWS }));
  const exported = await step("export of the catalog", "/api/products.csv", {}, (text) => ({
    rows: parse(text).length - 1,
    bytes: Buffer.byteLength(text),
  }));
  // fetch's text() drops the byte order mark; a spreadsheet's file has one.
  const sheet = "\uFEFF" + exported;
  const records = parse(sheet, { bom: true });
  const rows = records.length - 1;
  options.body = sheet;
  await step("dry run of the export as it is", "/api/products.csv?dryRun=true", options, report({ unchanged: rows }));
  await step("import of the export as it is", "/api/products.csv", options, report({ unchanged: rows }));
  // Every price one taka more: every row changed, every product written under its lock.
  const priceAt = records[0].indexOf("price");
  const repriced = records.map((r, i) => (i === 0 ? r : r.map((c, j) => (j === priceAt ? String(Number(c) + 1) : c))));
  options.body = "\uFEFF" + stringify(repriced, { record_delimiter: "windows", quoted_match: /[\r\n]/ });
  await step("import of the export with every price changed", "/api/products.csv", options, report({ changed: rows }));
  return { steps, memory: memoryOf(pid) };
}

if (!args.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const databases = [];
const given = option("database", "");
const postgres = given
  ? { url: given }
  : await createBenchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
if (postgres) databases.push({ name: "PostgreSQL", url: postgres.url, drop: postgres.drop });
if (args.includes("--embedded") || !postgres) databases.push({ name: "embedded (PGlite)", url: "" });

const measured = [];
try {
  for (const database of databases) {
    console.log(`bench: ${database.name}`);
    const store = await startStore({ port, databaseUrl: database.url });
    try {
      measured.push({ database: database.name, ...(await measureStore(store.baseUrl, store.pid)) });
    } finally {
      await store.stop();
    }
  }
} finally {
  for (const database of databases) await database.drop?.();
}

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  rows: ROWS,
  targetSeconds: IMPORT_TARGET_SECONDS,
  measured,
};

const table = [
  `Measured ${results.date.slice(0, 10)} on ${results.machine.cpus} × ${results.machine.cpuModel}, ` +
    `${results.machine.memoryGiB} GiB, Node ${results.machine.node}; the database on the same machine.`,
  "",
  `Target: an import of ${ROWS} new rows within ${IMPORT_TARGET_SECONDS} s on PostgreSQL (a ✗ beside a time marks an import that missed it).`,
  "",
  "| database | step | seconds | rows | KB | what the report said |",
  "|---|---|---|---|---|---|",
  ...measured.flatMap((m) =>
    m.steps.map((s) => {
      const missed = m.database === "PostgreSQL" && s.step.startsWith("import of") && s.seconds > IMPORT_TARGET_SECONDS;
      const rows = s.rows ?? (s.lines === undefined ? "" : `${s.lines} lines`);
      return `| ${m.database} | ${s.step} | ${s.seconds}${missed ? " ✗" : ""} | ${rows} | ${(s.bytes / 1024).toFixed(0)} | ${s.report ?? ""} |`;
    }),
  ),
  "",
  ...measured.map(
    (m) =>
      `The server's memory after the run on ${m.database}: ${m.memory.rssMB} MB resident (at most ${m.memory.peakRssMB} MB).`,
  ),
].join("\n");
writeFileSync("bench/results/import.json", JSON.stringify(results, null, 2) + "\n");
writeFileSync("bench/results/import.md", table + "\n");
console.log("\n" + table);
