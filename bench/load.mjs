// One bounded load on 127.0.0.1 with autocannon: a short warm-up, then a fixed number of requests, over which the
// server's CPU time is read from /proc, and the load generator's own (this process) from process.cpuUsage().
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { cpuSecondsOf, databaseCpuReading, postgresCpuSeconds } from "./cpu.mjs";

export const LOAD = { connections: 50, warmupSeconds: 3 };

/**
 * A GET goes to autocannon as a plain URL, the way it sends the most requests a second; `requests` (an order's
 * signed, keyed body, say) goes as autocannon's request list, which costs the generator more per request.
 * `pid` is the server's process; `database` adds PostgreSQL's CPU time. `warmupAmount` makes the warm-up that many
 * requests rather than LOAD.warmupSeconds (a checkout uses up a filled cart: its buyers are counted out beforehand).
 * `settled` (a write's load) resolves once the store has finished the work the requests left it (the messages
 * their outboxes send), with how long that took in ms: it is awaited after the warm-up and after the load, so the
 * CPU read covers that work and no other. Answers requests per second, p50 and p99 latency in ms, the server's (and
 * the database's) CPU µs per request, the generator's share of one core, how many answers were not 2xx, and how long
 * the store took to settle after the load.
 */
export async function measure({
  baseUrl,
  path,
  requests,
  amount,
  warmupAmount,
  pid,
  database = false,
  connections = LOAD.connections,
  settled,
}) {
  const options = requests ? { url: baseUrl, requests } : { url: baseUrl + path };
  const warmup = warmupAmount ? { amount: warmupAmount } : { duration: LOAD.warmupSeconds };
  await autocannon({ ...options, connections, ...warmup });
  await settled?.();

  const server = cpuSecondsOf(pid);
  const postgres = database ? postgresCpuSeconds() : 0;
  const generator = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({ ...options, connections, amount });
  const seconds = (performance.now() - started) / 1000;
  const generatorSeconds = Object.values(process.cpuUsage(generator)).reduce((a, b) => a + b, 0) / 1e6;
  const settledMs = await settled?.();
  const done = result.requests.total;
  const perRequestUs = (cpuSeconds) => Math.round((cpuSeconds * 1e6) / done);
  return {
    by: "autocannon",
    rps: Math.round(done / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: done,
    cpuUsPerRequest: perRequestUs(cpuSecondsOf(pid) - server),
    ...(database ? { databaseCpuUsPerRequest: perRequestUs(postgresCpuSeconds() - postgres) } : {}),
    generatorCorePercent: Math.round((100 * generatorSeconds) / seconds),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(settled ? { settledMs } : {}),
  };
}

/**
 * The volume bench's load (bench/volume.mjs): `requests` for `load.durationSeconds` after a warm-up, with the
 * server's CPU (`pid` and its children) and, given `database` (its name), the CPU of PostgreSQL's backends serving
 * that database over the measured window, each per request; then, given `load.aloneSeconds`, the same requests one
 * at a time, whose p50 is a page's time with nothing to wait behind.
 */
export async function measureDuring(baseUrl, requests, load, { pid, database } = {}) {
  const options = { url: baseUrl, connections: load.connections, requests };
  await autocannon({ ...options, duration: load.warmupSeconds });
  const server = pid ? cpuSecondsOf(pid) : 0;
  const postgres = database ? databaseCpuReading(database) : null;
  const result = await autocannon({ ...options, duration: load.durationSeconds });
  const done = result.requests.total;
  const perRequestUs = (cpuSeconds) => (done > 0 ? Math.round((cpuSeconds * 1e6) / done) : 0);
  const cpu = {
    ...(pid ? { cpuUsPerRequest: perRequestUs(cpuSecondsOf(pid) - server) } : {}),
    ...(database ? { databaseCpuUsPerRequest: perRequestUs(postgres.since()) } : {}),
  };
  const alone = load.aloneSeconds
    ? await autocannon({ url: baseUrl, connections: 1, requests, duration: load.aloneSeconds })
    : null;
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: done,
    ...cpu,
    ...(alone ? { aloneP50Ms: alone.latency.p50 } : {}),
    non2xx: result.non2xx + (alone?.non2xx ?? 0),
    errors: result.errors + result.timeouts + (alone ? alone.errors + alone.timeouts : 0),
  };
}
