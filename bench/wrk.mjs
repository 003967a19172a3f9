// wrk (Debian's package) as the second load generator, beside autocannon: written in C with one thread on an event
// loop, it sends many more requests a second for the same CPU, so where autocannon's rate is its own ceiling, wrk's
// is the server's. Each run reports the generator's share of a core, read from the kernel for the wrk process.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureDebianPackages } from "./debian-packages.mjs";
import { cpuSecondsOf, postgresCpuSeconds, TICKS_PER_SECOND } from "./cpu.mjs";
import { LOAD } from "./load.mjs";

const WRK = "/usr/bin/wrk";

/** Installs wrk from Debian when it is missing and this process may (root). */
export const ensureWrk = () => ensureDebianPackages("wrk", ["wrk"], () => existsSync(WRK));

/**
 * Runs wrk under a shell that, once wrk has ended, prints its own /proc stat: the `cutime` and `cstime` fields there
 * are the CPU time of the children it waited for, that is wrk's, which /proc no longer has once wrk has gone.
 */
function runWrk(url, { seconds, connections, threads }) {
  const script = `"$0" "$@"; echo "@@stat $(cat /proc/$$/stat)"`;
  const args = ["-c", script, WRK, `-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency", url];
  return new Promise((resolve, reject) => {
    const child = spawn("bash", args, { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`wrk ended with ${code}`))));
  });
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000 };

/** "1.23ms" → 1.23; "850.00us" → 0.85. */
function milliseconds(text) {
  const [, number, unit] = /^([\d.]+)(us|ms|s)$/.exec(text) ?? [];
  return number === undefined ? NaN : Math.round(Number(number) * UNIT_MS[unit] * 100) / 100;
}

/** wrk's report as figures: requests, seconds, latency percentiles, answers not 2xx/3xx and socket errors. */
export function readWrkReport(output) {
  const total = /(\d+) requests in ([\d.]+)(ms|s|m)/.exec(output);
  const seconds = total ? Number(total[2]) * { ms: 0.001, s: 1, m: 60 }[total[3]] : NaN;
  const percentile = (p) => milliseconds(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const stat = /@@stat .*\) (.*)$/m.exec(output)?.[1]?.split(" ") ?? [];
  // cutime and cstime: the 16th and 17th fields of the line, the 14th and 15th after the name.
  const generatorSeconds = (Number(stat[13]) + Number(stat[14])) / TICKS_PER_SECOND;
  return {
    requests: total ? Number(total[1]) : 0,
    seconds,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    generatorSeconds,
  };
}

/**
 * A GET loaded by wrk for `seconds` after a warm-up, with the same connections as autocannon's: requests a second,
 * p50 and p99, the server's (and PostgreSQL's) CPU µs per request over the measured run, and wrk's share of a core.
 */
export async function measureWithWrk({ baseUrl, path, pid, database = false, seconds = 10, threads = 1 }) {
  const url = baseUrl + path;
  const connections = LOAD.connections;
  await runWrk(url, { seconds: LOAD.warmupSeconds, connections, threads });
  const server = cpuSecondsOf(pid);
  const postgres = database ? postgresCpuSeconds() : 0;
  const report = readWrkReport(await runWrk(url, { seconds, connections, threads }));
  const perRequestUs = (cpuSeconds) => Math.round((cpuSeconds * 1e6) / report.requests);
  return {
    by: "wrk",
    rps: Math.round(report.requests / report.seconds),
    p50Ms: report.p50Ms,
    p99Ms: report.p99Ms,
    requests: report.requests,
    cpuUsPerRequest: perRequestUs(cpuSecondsOf(pid) - server),
    ...(database ? { databaseCpuUsPerRequest: perRequestUs(postgresCpuSeconds() - postgres) } : {}),
    generatorCorePercent: Math.round((100 * report.generatorSeconds) / report.seconds),
    non2xx: report.non2xx,
    errors: report.errors,
  };
}
