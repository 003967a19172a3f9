// The markdown table of a bench run, as docs/speed.md shows it.
import { readFileSync, writeFileSync } from "node:fs";
import { format } from "prettier";

const kb = (n) => (n / 1024).toFixed(1);

/** What `npm run bench` is held to; a figure that misses its target is marked ✗ in the table. */
export const TARGETS = {
  productCpuTimesHono: 1.5,
  postgresOrdersPerSecond: 1000,
  postgresOrderP99Ms: 100,
  /** The store's and PostgreSQL's CPU together, per order: the spec's one-line order, and a 3-line checkout. */
  postgresOrderCpuUs: 2000,
  postgresCheckoutCpuUs: 3000,
  embeddedOrderP99Ms: 250,
  buyerPageJsGzipKB: 40,
  lighthousePerformance: 98,
};

/** The buyer's pages, each held to TARGETS.buyerPageJsGzipKB. */
const BUYER_PAGES = ["/", "/shop", "/detail/", "/cart"];
const isBuyerPage = (path) => BUYER_PAGES.some((p) => (p.endsWith("/") && p !== "/" ? path.startsWith(p) : path === p));
const mark = (ok) => (ok ? "" : " ✗");

function loadRow(l, honoBy) {
  const product = l.call === "GET /api/product";
  const hono = honoBy[l.by ?? "autocannon"];
  const times = hono && !l.reference ? l.cpuUsPerRequest / hono.cpuUsPerRequest : null;
  const timesCell =
    times === null || l.call.startsWith("POST ")
      ? ""
      : `${times.toFixed(1)}×${product ? mark(times <= TARGETS.productCpuTimesHono) : ""}`;
  let rps = `${l.rps}`;
  let p99 = `${l.p99Ms}`;
  if (l.call === "POST /api/order" && l.server.endsWith("PostgreSQL")) {
    rps += mark(l.rps >= TARGETS.postgresOrdersPerSecond);
    p99 += mark(l.p99Ms <= TARGETS.postgresOrderP99Ms);
  } else if (l.call === "POST /api/order") {
    p99 += mark(l.p99Ms <= TARGETS.embeddedOrderP99Ms);
  }
  let database = l.databaseCpuUsPerRequest === undefined ? "" : `${l.databaseCpuUsPerRequest}`;
  if (l.server.endsWith("PostgreSQL") && l.call.startsWith("POST ")) {
    const target = l.call === "POST /api/order" ? TARGETS.postgresOrderCpuUs : TARGETS.postgresCheckoutCpuUs;
    const both = l.cpuUsPerRequest + (l.databaseCpuUsPerRequest ?? 0);
    database += ` (together ${both}${mark(both <= target)})`;
  }
  const generator = `${l.by ?? "autocannon"} ${l.generatorCorePercent} %`;
  return `| ${l.call} | ${l.server} | ${rps} | ${l.p50Ms} | ${p99} | ${l.cpuUsPerRequest} | ${timesCell} | ${database} | ${generator} | ${l.non2xx + l.errors} |`;
}

function pageRow(r) {
  const label = r.path.startsWith("/detail/") ? "/detail/{id}" : r.path;
  const js = kb(r.jsGzipBytes) + (isBuyerPage(r.path) ? mark(r.jsGzipBytes <= TARGETS.buyerPageJsGzipKB * 1024) : "");
  const performance = `${r.performance}${mark(r.performance >= TARGETS.lighthousePerformance)}`;
  return `| ${label} | ${js} | ${kb(r.cssGzipBytes)} | ${kb(r.htmlBytes)} | ${performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} |`;
}

/** Each generator's ceiling: the most requests a second it sent to any reference, and its own CPU then. */
function generatorCeiling(loads) {
  const ceilings = ["autocannon", "wrk"].flatMap((by) => {
    const fastest = loads.filter((l) => l.reference && (l.by ?? "autocannon") === by).sort((a, b) => b.rps - a.rps)[0];
    return fastest
      ? [
          `${by} about ${fastest.rps} a second (against ${fastest.server}, at ${fastest.generatorCorePercent} % of a core)`,
        ]
      : [];
  });
  if (ceilings.length === 0) return "";
  return (
    `Each generator's ceiling here: ${ceilings.join("; ")}. Autocannon is one Node.js process; wrk is C, one thread. ` +
    `Where a server's rate comes near its generator's ceiling, or the generator's share of a core nears 100 %, the ` +
    `rate measures the generator, and the server's CPU per request is the figure to compare.`
  );
}

/** How the checkout was loaded, when the run measured one (runs before it did not). */
function checkoutLoad(load) {
  if (!load.checkout) return "";
  return (
    ` The checkout (on ${load.checkout.databases.join(", ")}): each request from a buyer of its own whose cart holds` +
    ` three lines (a chisel, a plane and a saw, 2.8 kg, delivered to Gazipur), the order left unpaid as a card order` +
    ` waits; a cart is used up, so its warm-up is ${load.checkout.warmupRequests} checkouts rather than` +
    ` ${load.warmupSeconds} s, and ${load.checkout.buyers.toLocaleString("en")} buyers fill their carts before it.` +
    ` Its rate is orders a second and its CPU is per order, beside the one-line POST /api/order above it.`
  );
}

/** How the orders' messages were counted, when the run waited for them (runs before it did not). */
function messagesCounted(loads) {
  const waited = loads.filter((l) => l.settledMs !== undefined);
  if (waited.length === 0) return "";
  const after = waited.map((l) => `${(l.settledMs / 1000).toFixed(1)} s after ${l.call}`).join(", ");
  return (
    ` On PostgreSQL an order's CPU counts the e-mail and text message it queued: the CPU is read once the outboxes` +
    ` have sent every message due, after the warm-up and after the load (${after}), and the time of PostgreSQL's` +
    ` backends that ended meanwhile counts through the postmaster.`
  );
}

export function markdownReport(results) {
  const { machine, load, loads, pages } = results;
  const honoBy = Object.fromEntries(
    loads.filter((l) => l.reference && l.server.includes("Hono")).map((l) => [l.by ?? "autocannon", l]),
  );
  return [
    `Measured ${results.date.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}.`,
    "",
    `Load: autocannon on ${load.host}, ${load.connections} connections, a ${load.warmupSeconds} s warm-up, then a fixed count of requests (${Object.entries(
      load.amounts,
    )
      .map(([call, n]) => `${call} ${n.toLocaleString("en")}`)
      .join(
        ", ",
      )}); a GET as a plain URL, orders from ${load.buyers} signed-in buyers on one product.${load.wrk ? ` Each GET again with wrk (${load.wrk.threads} thread, the same connections, ${load.wrk.seconds} s after a ${load.warmupSeconds} s warm-up).` : ""}${checkoutLoad(load)}${messagesCounted(loads)} The store runs as in production, with its JSON log line per request (to /dev/null). CPU µs/req: user + system time of the server's processes from /proc over the counted requests (nginx: master and worker; PostgreSQL: all its processes), beside the same bytes from the references, loaded the same way.`,
    "",
    generatorCeiling(loads),
    "",
    `Targets (✗: missed): GET /api/product at most ${TARGETS.productCpuTimesHono}× the minimal Hono app's CPU per request (loaded by the same generator); POST /api/order on PostgreSQL at least ${TARGETS.postgresOrdersPerSecond.toLocaleString("en")} a second with p99 at most ${TARGETS.postgresOrderP99Ms} ms and at most ${TARGETS.postgresOrderCpuUs.toLocaleString("en")} µs of the store's and PostgreSQL's CPU together per order (${TARGETS.postgresCheckoutCpuUs.toLocaleString("en")} µs for the 3-line checkout), on the embedded database p99 at most ${TARGETS.embeddedOrderP99Ms} ms; at most ${TARGETS.buyerPageJsGzipKB} KB of gzipped JavaScript on the buyer's pages (${BUYER_PAGES.map((p) => (p === "/detail/" ? "/detail/{id}" : p)).join(", ")}); Lighthouse mobile performance at least ${TARGETS.lighthousePerformance} on every public page.`,
    "",
    "| call | server | req/s | p50 ms | p99 ms | CPU µs/req | × minimal Hono | PostgreSQL µs/req | generator | not 2xx |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...loads.map((l) => loadRow(l, honoBy)),
    "",
    "| page | JS gzip KB | CSS gzip KB | HTML KB | Lighthouse perf | a11y | best practices | SEO | LCP ms | TBT ms |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...pages.map(pageRow),
  ].join("\n");
}

/** The table of a run at volume (bench/volume.mjs), with each figure against its target. */
export function volumeReport(results) {
  const { machine, load, targets, seed, counts, pages, memory } = results;
  // Runs before the CPU and the one-at-a-time figures were measured leave their cells empty.
  const cell = (n) => (n === undefined ? "" : `${n}`);
  const embedded = results.database === "embedded";
  // On the embedded database PostgreSQL's work is the store's own CPU: no column of its own.
  const postgres = (text) => (embedded ? "" : ` ${text} |`);
  const rows = pages.map(
    (p) =>
      `| ${p.page} | ${p.rps} | ${p.p50Ms} | ${p.p99Ms}${mark(p.p99Ms <= targets.p99Ms)} | ${cell(p.aloneP50Ms)} | ${cell(p.cpuUsPerRequest)} |${postgres(cell(p.databaseCpuUsPerRequest))} ${p.non2xx + p.errors} | ${kb(p.htmlBytes)} | ${kb(p.gzipBytes)}${mark(p.gzipBytes <= targets.htmlGzipKB * 1024)} | ${kb(p.brBytes)} |`,
  );
  const seeded = seed
    ? `\`npm run seed:scale -- --products ${seed.products} --orders ${seed.orders} --users ${seed.users}\` took ${seed.seconds.toFixed(1)} s. `
    : "";
  return [
    `Measured ${results.date.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${embedded ? "on the embedded database (PGlite, in the store's process)" : "PostgreSQL on the same machine"}.`,
    "",
    `${seeded}The database held ${counts.products} products, ${counts.orders} orders and ${counts.users} accounts. Load: autocannon on ${load.host}, ${load.connections} connections, ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s measured per page, asking for brotli or gzip as a browser does; the dashboard's pages as a signed-in admin.${load.aloneSeconds ? ` Alone: the p50 of the same page asked one request at a time for ${load.aloneSeconds} s afterwards.` : ""} Store CPU: user + system time of the server's process from /proc over the measured ${load.durationSeconds} s, per request${embedded ? ", the database's work included" : "; PostgreSQL: the same of the backends connected to the store's database"}.`,
    "",
    `Targets: every page at most ${targets.htmlGzipKB} KB of gzipped HTML and p99 at most ${targets.p99Ms} ms; the server under ${targets.rssMB} MB of memory after the run (✗: missed).`,
    "",
    `| page | req/s | p50 ms | p99 ms | alone p50 ms | store CPU µs/req |${postgres("PostgreSQL µs/req")} not 2xx | HTML KB | gzip KB | brotli KB |`,
    `|---|---|---|---|---|---|${embedded ? "" : "---|"}---|---|---|---|`,
    ...rows,
    "",
    `The server's memory after the run: ${memory.rssMB} MB resident${mark(memory.rssMB <= targets.rssMB)} (at most ${memory.peakRssMB} MB during it).`,
  ].join("\n");
}

/** Puts the table between the markers of the document `doc` (`<!-- bench:start -->` … `<!-- bench:end -->` for `marker` bench). */
export async function showInDoc(doc, table, marker = "bench") {
  const text = readFileSync(doc, "utf8");
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return;
  const formatted = await format(table, { parser: "markdown", proseWrap: "preserve" });
  writeFileSync(doc, `${text.slice(0, from + start.length)}\n\n${formatted}\n${text.slice(to)}`);
}
