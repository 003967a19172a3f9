// The markdown table of a bench run, as the README shows it.
import { readFileSync, writeFileSync } from "node:fs";
import { format } from "prettier";

const kb = (n) => (n / 1024).toFixed(1);

export function markdownReport(results) {
  const { machine, load, loads, pages } = results;
  const ceiling = loads.find((l) => l.server.startsWith("nginx"));
  const ratio = (l) =>
    l.call === "GET /api/product" && ceiling && l !== ceiling ? `${Math.round((100 * l.rps) / ceiling.rps)} %` : "";
  const loadRows = loads.map(
    (l) => `| ${l.call} | ${l.server} | ${l.rps} | ${l.p50Ms} | ${l.p99Ms} | ${ratio(l)} | ${l.non2xx + l.errors} |`,
  );
  const pageRows = pages.map((r) => {
    const label = r.path.startsWith("/detail/") ? "/detail/{id}" : r.path;
    return `| ${label} | ${kb(r.jsGzipBytes)} | ${kb(r.cssGzipBytes)} | ${kb(r.htmlBytes)} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} |`;
  });
  return [
    `Measured ${results.date.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}.`,
    "",
    `Load: autocannon on ${load.host}, ${load.connections} connections, ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s measured; orders from ${load.buyers} signed-in buyers; nginx with one worker process, like the store's one Node.js process.`,
    "",
    `Targets: GET /api/product at least 50 % of nginx; /detail/{id} p99 at most 25 ms; the home page at most 100 KB of gzipped JavaScript; Lighthouse mobile performance at least 95 on every public page.`,
    "",
    "| call | server | req/s | p50 ms | p99 ms | of nginx | not 2xx |",
    "|---|---|---|---|---|---|---|",
    ...loadRows,
    "",
    "| page | JS gzip KB | CSS gzip KB | HTML KB | Lighthouse perf | a11y | best practices | SEO | LCP ms | TBT ms |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...pageRows,
  ].join("\n");
}

/** The table of a run at volume (bench/volume.mjs), with each figure against its target. */
export function volumeReport(results) {
  const { machine, load, targets, seed, counts, pages, memory } = results;
  const mark = (ok) => (ok ? "" : " ✗");
  const rows = pages.map(
    (p) =>
      `| ${p.page} | ${p.rps} | ${p.p50Ms} | ${p.p99Ms}${mark(p.p99Ms <= targets.p99Ms)} | ${p.non2xx + p.errors} | ${kb(p.htmlBytes)} | ${kb(p.gzipBytes)}${mark(p.gzipBytes <= targets.htmlGzipKB * 1024)} | ${kb(p.brBytes)} |`,
  );
  const seeded = seed
    ? `\`npm run seed:scale -- --products ${seed.products} --orders ${seed.orders} --users ${seed.users}\` took ${seed.seconds.toFixed(1)} s. `
    : "";
  return [
    `Measured ${results.date.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL on the same machine.`,
    "",
    `${seeded}The database held ${counts.products} products, ${counts.orders} orders and ${counts.users} accounts. Load: autocannon on ${load.host}, ${load.connections} connections, ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s measured per page, asking for brotli or gzip as a browser does; Manage Orders as a signed-in admin.`,
    "",
    `Targets: every page at most ${targets.htmlGzipKB} KB of gzipped HTML and p99 at most ${targets.p99Ms} ms; the server under ${targets.rssMB} MB of memory after the run (✗: missed).`,
    "",
    "| page | req/s | p50 ms | p99 ms | not 2xx | HTML KB | gzip KB | brotli KB |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `The server's memory after the run: ${memory.rssMB} MB resident${mark(memory.rssMB <= targets.rssMB)} (at most ${memory.peakRssMB} MB during it).`,
  ].join("\n");
}

/** Puts the table between the README's markers (`<!-- bench:start -->` … `<!-- bench:end -->` for `marker` bench). */
export async function showInReadme(readme, table, marker = "bench") {
  const text = readFileSync(readme, "utf8");
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  const formatted = await format(table, { parser: "markdown", proseWrap: "preserve" });
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n\n${formatted}\n${text.slice(to)}`);
}
