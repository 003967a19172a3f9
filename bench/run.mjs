// `npm run bench`: builds the store, starts it on a fresh embedded database, and measures the public pages.
// Figures for people to read, not pass/fail tests. Writes bench/results/latest.json and latest.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { runLighthouse } from "./lighthouse.mjs";
import { measurePageWeight } from "./page-weight.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const baseUrl = `http://127.0.0.1:${port}`;

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "randa-bench-"));
const server = spawn("npx", ["tsx", "server/main.ts"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "" },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

try {
  await waitForServer();
  const products = await (await fetch(`${baseUrl}/api/product`)).json();
  const pages = ["/", `/detail/${products[0]._id}`, "/blogs", "/myprotfolio", "/login", "/register"];

  const weight = await measurePageWeight(baseUrl, pages);
  const lighthouse = await runLighthouse(baseUrl, pages);

  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    pages: pages.map((p) => ({ ...weight.find((w) => w.path === p), ...lighthouse.find((l) => l.path === p) })),
  };
  writeFileSync("bench/results/latest.json", JSON.stringify(results, null, 2) + "\n");

  const kb = (n) => (n / 1024).toFixed(1);
  const rows = results.pages.map((r) => {
    const label = r.path.startsWith("/detail/") ? "/detail/{id}" : r.path;
    return `| ${label} | ${kb(r.jsGzipBytes)} | ${kb(r.cssGzipBytes)} | ${kb(r.htmlBytes)} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} |`;
  });
  const table = [
    `Measured ${results.date.slice(0, 10)} on ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}; embedded database.`,
    "",
    "| page | JS gzip KB | CSS gzip KB | HTML KB | Lighthouse perf | a11y | best practices | SEO | LCP ms | TBT ms |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
  writeFileSync("bench/results/latest.md", table + "\n");
  console.log("\n" + table);
} finally {
  server.kill("SIGTERM");
}
