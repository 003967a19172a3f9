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

/** Puts the table between the README's bench markers. */
export async function showInReadme(readme, table) {
  const text = readFileSync(readme, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  const formatted = await format(table, { parser: "markdown", proseWrap: "preserve" });
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n\n${formatted}\n${text.slice(to)}`);
}
