// `npm run bench:small-server`: what a 1 GB server runs. The store, PostgreSQL 15 and nginx together inside one
// memory limit of 1 GiB (a memory cgroup), the store's database filled by `seed:scale` at the volume bench's sizes,
// loaded through nginx with the volume bench's pages (10 connections each, one page after another) and then
// GET /api/product (50 connections). Reports the cgroup's peak and final memory (page cache included, and anonymous
// plus shared memory, which cannot be dropped), each server's resident memory (VmRSS and VmHWM from /proc, and Pss,
// which counts PostgreSQL's shared buffers once rather than once per process), the cgroup's failcnt and OOM kills,
// and p99 per page. Writes bench/results/small-server.{json,md}; exits 1 when something did not fit (a server
// killed or exited, an OOM kill, an answer that was not 2xx).
//
// Needs root and a memory controller: cgroup v1 (/sys/fs/cgroup/memory; the cgroup is made inside this process's
// own) or v2 (memory in /sys/fs/cgroup/cgroup.controllers; the cgroup is made at its root); systemd is not needed.
// Exactly the three servers are inside: each is started through `sh -c 'echo $$ > cgroup.procs; exec …'`, so they and
// what they fork are in the cgroup, and the load generator (autocannon, in this process) and the seeding script are
// not; PostgreSQL writes the seeded data from inside, so its page cache is counted. PostgreSQL is a private one
// (initdb into a temporary folder, port 5499, run as the `postgres` OS user, which PostgreSQL requires); no shared
// server is touched. The store runs as `npm run serve` does (its flags read from package.json). Everything is
// stopped and removed at the end, on failure and on Ctrl-C too.
//
//   --products N --orders N --users N   the volume (default 10,000 / 200,000 / 20,000, as bench:volume)
//   --memory-mb N                       the limit (default 1024)
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { readdirSync, rmSync, rmdirSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import pg from "pg";
import { format } from "prettier";
import { signInAdmin } from "./buyers.mjs";
import { LOAD, measureDuring } from "./load.mjs";
import { BENCH_ADMIN, serveCommand } from "./store-server.mjs";
import { samples, volumePages } from "./volume-pages.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const sizes = {
  products: option("products", "10000"),
  orders: option("orders", "200000"),
  users: option("users", "20000"),
};
const LIMIT_BYTES = Number(option("memory-mb", "1024")) * 2 ** 20;
const PORTS = { nginx: 4340, store: 4341, postgres: 5499 };
const PG_BIN = "/usr/lib/postgresql/15/bin";
const NGINX = "/usr/sbin/nginx";
/** The volume bench's load (bench/volume.mjs VOLUME_LOAD, which cannot be imported without running that bench). */
const PAGE_LOAD = { connections: 10, durationSeconds: 10, warmupSeconds: 3 };
/** GET /api/product as `npm run bench` loads it: 50 connections. */
const PRODUCT_LOAD = { ...PAGE_LOAD, connections: LOAD.connections };
const BROWSER_ENCODINGS = "gzip, deflate, br";
/**
 * PostgreSQL as a 1 GB server would set it: an eighth of the memory for shared buffers, connections for the store's
 * pool (10) and a few copies or scripts, sorts and hashes of 4 MB, a quarter of the memory expected in the OS's cache.
 */
const POSTGRES_SETTINGS = {
  shared_buffers: "128MB",
  max_connections: "50",
  work_mem: "4MB",
  maintenance_work_mem: "64MB",
  effective_cache_size: "256MB",
  huge_pages: "off",
};
const MB = (bytes) => Math.round(bytes / 2 ** 20);

if (process.getuid?.() !== 0) {
  console.error("bench:small-server needs root: it makes a memory cgroup and runs PostgreSQL as its own user.");
  process.exit(1);
}
for (const needed of [`${PG_BIN}/postgres`, NGINX, "/usr/bin/setpriv"]) {
  if (!existsSync(needed)) {
    console.error(`bench:small-server needs ${needed} (PostgreSQL 15, nginx and util-linux from Debian).`);
    process.exit(1);
  }
}

/**
 * A memory cgroup of `limit` bytes next to this process's own (v1: /sys/fs/cgroup/memory/…; v2: /sys/fs/cgroup/…),
 * with what the report reads from it. `since()` marks where a phase starts: its peak, failcnt and OOM kills count from
 * there.
 */
function makeCgroup(name, limit) {
  const v1Root = "/sys/fs/cgroup/memory";
  const v2Root = "/sys/fs/cgroup";
  const read = (dir, file) => readFileSync(path.join(dir, file), "utf8");
  const keyed = (text) =>
    Object.fromEntries(
      text
        .trim()
        .split("\n")
        .map((l) => l.split(" "))
        .map(([k, v]) => [k, Number(v)]),
    );
  let dir;
  let files;
  if (existsSync(path.join(v1Root, "memory.limit_in_bytes"))) {
    const own = /^\d+:memory:(.*)$/m.exec(readFileSync("/proc/self/cgroup", "utf8"))?.[1] ?? "/";
    dir = path.join(v1Root, own, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "memory.limit_in_bytes"), String(limit));
    // No swap beyond the limit either, where the machine has swap and it is accounted. (Not otherwise: the kernel
    // counts a charge that meets the memory+swap limit in memory.memsw.failcnt, which Linux 6.13 on no longer keeps.)
    const swap = Number(/^SwapTotal:\s+(\d+)/m.exec(readFileSync("/proc/meminfo", "utf8"))?.[1] ?? 0);
    if (swap > 0 && existsSync(path.join(dir, "memory.memsw.limit_in_bytes")))
      writeFileSync(path.join(dir, "memory.memsw.limit_in_bytes"), String(limit));
    files = {
      version: 1,
      usage: () => Number(read(dir, "memory.usage_in_bytes")),
      peak: () => Number(read(dir, "memory.max_usage_in_bytes")),
      resetPeak: () => writeFileSync(path.join(dir, "memory.max_usage_in_bytes"), "0"),
      failcnt: () => Number(read(dir, "memory.failcnt")),
      oomKills: () => keyed(read(dir, "memory.oom_control")).oom_kill ?? 0,
      stat: () => {
        const s = keyed(read(dir, "memory.stat"));
        return { anon: s.total_rss, file: s.total_cache, shmem: s.total_shmem };
      },
    };
  } else if (read(v2Root, "cgroup.controllers").split(" ").includes("memory")) {
    dir = path.join(v2Root, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, "memory.max"), String(limit));
    if (existsSync(path.join(dir, "memory.swap.max"))) writeFileSync(path.join(dir, "memory.swap.max"), "0");
    const events = () => keyed(read(dir, "memory.events"));
    files = {
      version: 2,
      usage: () => Number(read(dir, "memory.current")),
      // memory.peak (Linux 5.19) cannot be reset for another reader: the sampled peak stands in after a reset.
      peak: () => (existsSync(path.join(dir, "memory.peak")) ? Number(read(dir, "memory.peak")) : 0),
      resetPeak: () => (files.peak = () => 0),
      failcnt: () => events().max ?? 0,
      oomKills: () => events().oom_kill ?? 0,
      stat: () => {
        const s = keyed(read(dir, "memory.stat"));
        return { anon: s.anon, file: s.file, shmem: s.shmem };
      },
    };
  } else {
    throw new Error("bench:small-server needs a cgroup v1 or v2 memory controller");
  }
  const procs = path.join(dir, "cgroup.procs");
  const pids = () => read(dir, "cgroup.procs").split("\n").filter(Boolean).map(Number);
  let from = { failcnt: 0, oomKills: 0 };
  let sampledPeak = 0;
  let sampledAnonPeak = 0;
  return {
    version: files.version,
    dir,
    procs,
    pids,
    since() {
      files.resetPeak();
      from = { failcnt: files.failcnt(), oomKills: files.oomKills() };
      sampledPeak = 0;
      sampledAnonPeak = 0;
    },
    /** Read every half second: the kernel's peak includes the page cache; anon + shmem is what cannot be dropped. */
    sample() {
      const stat = files.stat();
      sampledPeak = Math.max(sampledPeak, files.usage());
      sampledAnonPeak = Math.max(sampledAnonPeak, stat.anon + stat.shmem);
    },
    reading() {
      const stat = files.stat();
      return {
        usageMB: MB(files.usage()),
        peakMB: MB(Math.max(files.peak(), sampledPeak)),
        anonMB: MB(stat.anon),
        fileMB: MB(stat.file),
        shmemMB: MB(stat.shmem),
        peakAnonShmemMB: MB(sampledAnonPeak),
        peakBytes: Math.max(files.peak(), sampledPeak),
        failcnt: files.failcnt() - from.failcnt,
        oomKills: files.oomKills() - from.oomKills,
      };
    },
    remove: () => rmdirSync(dir),
  };
}

/** kB fields of /proc/<pid>/status and Pss of smaps_rollup; null when the process has gone. */
function processMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
    const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0);
    let pss = 0;
    try {
      pss = kib(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
    } catch {
      // a kernel without smaps_rollup
    }
    return { pid, ppid, rss: kib(status, "VmRSS"), hwm: kib(status, "VmHWM"), pss };
  } catch {
    return null;
  }
}

/**
 * Each server's processes in the cgroup (a process belongs to the server it descends from), summed: VmRSS, VmHWM and
 * Pss in MB, and how many processes.
 */
function serversMemory(cgroup, roots) {
  const procs = cgroup.pids().map(processMemory).filter(Boolean);
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const serverOf = (p) => {
    for (let at = p, hops = 0; at && hops < 10; at = byPid.get(at.ppid), hops++) {
      const root = Object.entries(roots).find(([, pid]) => pid === at.pid);
      if (root) return root[0];
    }
    return "other";
  };
  const sums = {};
  for (const p of procs) {
    const s = (sums[serverOf(p)] ??= { processes: 0, rss: 0, hwm: 0, pss: 0 });
    s.processes++;
    s.rss += p.rss;
    s.hwm += p.hwm;
    s.pss += p.pss;
  }
  return Object.fromEntries(
    Object.entries(sums).map(([k, s]) => [
      k,
      {
        processes: s.processes,
        rssMB: Math.round(s.rss / 1024),
        hwmMB: Math.round(s.hwm / 1024),
        pssMB: Math.round(s.pss / 1024),
      },
    ]),
  );
}

/** A child started inside the cgroup (the shell puts itself in, then becomes the command: the same pid). */
function spawnInside(cgroup, command, commandArgs, options = {}) {
  const child = spawn("sh", ["-c", 'echo $$ > "$0" && exec "$@"', cgroup.procs, command, ...commandArgs], options);
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return child;
}

async function waitFor(what, child, ready, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode})`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start within ${ms / 1000} s`);
}

async function stopChild(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const gone = await Promise.race([child.exited, new Promise((r) => setTimeout(() => r(null), 20_000))]);
  if (!gone) {
    child.kill("SIGKILL");
    await child.exited;
  }
}

const asPostgres = (command, commandArgs) => [
  "/usr/bin/setpriv",
  ["--reuid=postgres", "--regid=postgres", "--init-groups", command, ...commandArgs],
];

/** The volume bench's pages (bench/volume-pages.mjs), then GET /api/product. */
function pagesToLoad(sample, admin) {
  return [...volumePages(sample, admin), { label: "GET /api/product", path: "/api/product", load: PRODUCT_LOAD }];
}

/** nginx as a small server runs it in front of the store: Debian's defaults and docs/operating.md's location. */
function nginxConf(dir) {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/tmp/${t};`);
  return `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  # A browser never makes a thousand requests on one connection; the load's ten connections make over a thousand
  # each on a fast page, and nginx closing them at its default of 1,000 lost the request in flight on each (counted
  # by autocannon as an error), which measured nginx's limit rather than the shop.
  keepalive_requests 1000000;
  access_log off;
  ${temp.join("\n  ")}
  server {
    listen 127.0.0.1:${PORTS.nginx};
    location / {
      proxy_pass http://127.0.0.1:${PORTS.store};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      client_max_body_size 6m;
    }
  }
}
`;
}

function report(results) {
  const { memory, pages, limitMB, seeding, atRest } = results;
  const servers = ["store", "postgres", "nginx", "other"].filter((k) => memory.servers[k] || memory.serversPeak[k]);
  const name = { store: "store (node)", postgres: "PostgreSQL", nginx: "nginx", other: "other" };
  const serverRows = servers.map((k) => {
    const end = memory.servers[k] ?? { processes: "gone", rssMB: "", hwmMB: "", pssMB: "" };
    const peak = memory.serversPeak[k] ?? {};
    return `| ${name[k]} | ${end.processes} | ${end.rssMB} | ${end.hwmMB} | ${end.pssMB} | ${peak.rssMB ?? ""} | ${peak.pssMB ?? ""} |`;
  });
  const pageRows = pages.map(
    (p) =>
      `| ${p.page} | ${p.connections} | ${p.rps} | ${p.p50Ms} | ${p.p99Ms} | ${p.non2xx + p.errors}${p.non2xx + p.errors ? " ✗" : ""} |`,
  );
  const pgSettings = Object.entries(results.settings.postgres)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  const seeded = results.seed
    ? `\`npm run seed:scale -- --products ${results.seed.products} --orders ${results.seed.orders} --users ${results.seed.users}\` took ${results.seed.seconds.toFixed(1)} s, PostgreSQL inside the limit (peak ${seeding.peakMB} MB, failcnt ${seeding.failcnt}, OOM kills ${seeding.oomKills}). `
    : "";
  return [
    `Measured ${results.date.slice(0, 10)} on ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, ${results.machine.postgres}, nginx ${results.machine.nginx}; cgroup v${results.cgroup.version}.`,
    "",
    `Inside one memory limit of ${limitMB} MiB: the store (\`${results.settings.store}\`, its default pool of 10), PostgreSQL 15 (${pgSettings}) and nginx (${results.settings.nginx}). ${seeded}The database held ${results.counts.products} products, ${results.counts.orders} orders and ${results.counts.users} accounts. Load through nginx: autocannon, outside the limit, ${PAGE_LOAD.connections} connections per page (GET /api/product ${PRODUCT_LOAD.connections}), ${PAGE_LOAD.warmupSeconds} s warm-up then ${PAGE_LOAD.durationSeconds} s measured, one page after another, the dashboard's pages as a signed-in admin.`,
    "",
    `${results.fits ? "It fits" : "It does not fit ✗"}: the limit's peak under load ${memory.cgroup.peakMB} MB of ${limitMB} (page cache included; anonymous memory and shared memory at most ${memory.cgroup.peakAnonShmemMB} MB), ${memory.cgroup.usageMB} MB at the end (anonymous ${memory.cgroup.anonMB}, page cache ${memory.cgroup.fileMB} of which shared memory ${memory.cgroup.shmemMB}); ${atRest.usageMB} MB before the load. failcnt ${memory.cgroup.failcnt} (charges that met the limit, each followed by reclaiming page cache), OOM kills ${memory.cgroup.oomKills}${results.misses.length ? `; ${results.misses.join("; ")}` : ""}.`,
    "",
    "| server | processes | VmRSS MB (end) | VmHWM MB | Pss MB (end) | peak VmRSS MB (sampled) | peak Pss MB (sampled) |",
    "|---|---|---|---|---|---|---|",
    ...serverRows,
    "",
    "A server's figures sum its processes. VmRSS counts PostgreSQL's shared buffers in every process that touched them; Pss divides shared pages among their processes, so the Pss column adds up. Backends that ended before the end are in the sampled peaks (every half second) only.",
    "",
    "| page | connections | req/s | p50 ms | p99 ms | not 2xx |",
    "|---|---|---|---|---|---|",
    ...pageRows,
  ].join("\n");
}

// What the run made, undone in `cleanUp` whatever happens.
const made = { dirs: [], children: {}, cgroup: null, sampler: null };
let cleaning = null;
function cleanUp() {
  cleaning ??= (async () => {
    clearInterval(made.sampler);
    const { seeder, store, nginx, postgres } = made.children;
    await stopChild(seeder, "SIGTERM").catch((e) => console.error(`bench: stopping seed:scale: ${e.message}`));
    await stopChild(store, "SIGTERM").catch((e) => console.error(`bench: stopping the store: ${e.message}`));
    await stopChild(nginx, "SIGQUIT").catch((e) => console.error(`bench: stopping nginx: ${e.message}`));
    // SIGINT: PostgreSQL's fast shutdown.
    await stopChild(postgres, "SIGINT").catch((e) => console.error(`bench: stopping PostgreSQL: ${e.message}`));
    if (made.cgroup) {
      for (let i = 0; i < 50 && made.cgroup.pids().length > 0; i++) await new Promise((r) => setTimeout(r, 200));
      for (const pid of made.cgroup.pids()) {
        console.error(`bench: process ${pid} was still in the cgroup; killing it`);
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // gone meanwhile
        }
      }
      for (let i = 0; i < 50 && made.cgroup.pids().length > 0; i++) await new Promise((r) => setTimeout(r, 200));
      try {
        made.cgroup.remove();
      } catch (e) {
        console.error(`bench: could not remove the cgroup ${made.cgroup.dir}: ${e.message}`);
      }
    }
    for (const dir of made.dirs) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    console.error(`bench: ${signal}; cleaning up`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  if (!existsSync("build/server/main.js")) {
    const build = spawnSync("flock", ["/tmp/randa-build.lock", "npm", "run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const serve = serveCommand();
  const postgresVersion = execFileSync(`${PG_BIN}/postgres`, ["--version"]).toString().trim();
  const nginxVersion = spawnSync(NGINX, ["-v"])
    .stderr.toString()
    .trim()
    .replace(/^nginx version: nginx\//, "");

  const work = mkdtempSync(path.join(tmpdir(), "randa-small-server-"));
  made.dirs.push(work);
  // PostgreSQL's user must reach its folders inside.
  chmodSync(work, 0o755);
  const cgroup = makeCgroup(`randa-small-server-${process.pid}`, LIMIT_BYTES);
  made.cgroup = cgroup;
  console.log(`bench: cgroup v${cgroup.version} ${cgroup.dir}, limit ${MB(LIMIT_BYTES)} MiB; work in ${work}`);

  // PostgreSQL: initdb and the server as the postgres user, in folders it owns.
  const { uid, gid } = {
    uid: Number(execFileSync("id", ["-u", "postgres"])),
    gid: Number(execFileSync("id", ["-g", "postgres"])),
  };
  const pgData = path.join(work, "pgdata");
  const pgRun = path.join(work, "pgrun");
  for (const d of [pgData, pgRun]) {
    mkdirSync(d, { mode: 0o700 });
    chownSync(d, uid, gid);
  }
  writeFileSync(path.join(work, "pg.log"), "");
  chownSync(path.join(work, "pg.log"), uid, gid);
  const initdb = spawnSync(
    ...asPostgres(`${PG_BIN}/initdb`, [
      "-D",
      pgData,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ]),
    { cwd: work, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (initdb.status !== 0) throw new Error("initdb failed");
  const pgLog = openSync(path.join(work, "pg.log"), "a");
  const settings = Object.entries({
    ...POSTGRES_SETTINGS,
    port: String(PORTS.postgres),
    listen_addresses: "127.0.0.1",
    unix_socket_directories: pgRun,
  }).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
  made.children.postgres = spawnInside(cgroup, ...asPostgres(`${PG_BIN}/postgres`, ["-D", pgData, ...settings]), {
    cwd: work,
    stdio: ["ignore", pgLog, pgLog],
  });
  closeSync(pgLog);
  const adminUrl = `postgres://postgres@127.0.0.1:${PORTS.postgres}/postgres`;
  await waitFor("PostgreSQL", made.children.postgres, async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.end();
    return true;
  });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query("create database randa");
  await admin.end();
  const databaseUrl = `postgres://postgres@127.0.0.1:${PORTS.postgres}/randa`;

  const sampler = { roots: {}, peaks: {} };
  const sampleNow = () => {
    cgroup.sample();
    for (const [k, s] of Object.entries(serversMemory(cgroup, sampler.roots))) {
      const p = (sampler.peaks[k] ??= { rssMB: 0, pssMB: 0 });
      p.rssMB = Math.max(p.rssMB, s.rssMB);
      p.pssMB = Math.max(p.pssMB, s.pssMB);
    }
  };
  made.sampler = setInterval(() => {
    try {
      sampleNow();
    } catch (e) {
      console.error(`bench: reading memory: ${e.message}`);
    }
  }, 500);

  // Seeding: the seeder outside the limit, PostgreSQL writing the data inside it.
  cgroup.since();
  console.log(`bench: seed:scale ${JSON.stringify(sizes)}`);
  const started = performance.now();
  // `npm run seed:scale`'s script, as one process that a stop can end.
  made.children.seeder = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/seed-scale.ts", ...Object.entries(sizes).flatMap(([k, v]) => [`--${k}`, v])],
    { stdio: "inherit", env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, "seed-data") } },
  );
  made.children.seeder.exited = new Promise((resolve) =>
    made.children.seeder.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const seeded = await made.children.seeder.exited;
  delete made.children.seeder;
  if (seeded.code !== 0) throw new Error(`seed:scale failed (${seeded.code ?? seeded.signal})`);
  const seed = {
    ...Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, Number(v)])),
    seconds: (performance.now() - started) / 1000,
  };
  sampleNow();
  const seeding = cgroup.reading();
  console.log(`bench: seeded in ${seed.seconds.toFixed(1)} s; the limit's peak meanwhile ${seeding.peakMB} MB`);

  // The store, as `npm run serve` runs it, behind nginx.
  const baseUrl = `http://127.0.0.1:${PORTS.nginx}`;
  const storeDir = path.join(work, "store-data");
  mkdirSync(storeDir);
  made.children.store = spawnInside(cgroup, process.execPath, serve.args, {
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: "production",
      PORT: String(PORTS.store),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      TRUST_PROXY: "1",
      DATA_DIR: storeDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The production log, a JSON line per request, to /dev/null as in the other benches.
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      SIGN_IN_LIMIT_PER_MINUTE: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const nginxDir = path.join(work, "nginx");
  mkdirSync(path.join(nginxDir, "tmp"), { recursive: true });
  writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConf(nginxDir));
  made.children.nginx = spawnInside(
    cgroup,
    NGINX,
    ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-e", path.join(nginxDir, "error.log")],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  sampler.roots = {
    store: made.children.store.pid,
    postgres: made.children.postgres.pid,
    nginx: made.children.nginx.pid,
  };
  await waitFor("the store behind nginx", made.children.store, async () => (await fetch(`${baseUrl}/api/health`)).ok);

  const token = await signInAdmin(baseUrl);
  const sample = await samples(databaseUrl);
  const pages = pagesToLoad(sample, { Authorization: `Bearer ${token}` });
  sampleNow();
  const atRest = { ...cgroup.reading(), servers: serversMemory(cgroup, sampler.roots) };
  console.log(`bench: before the load ${atRest.usageMB} MB in the limit`, atRest.servers);

  // The load: the memory counted from here.
  cgroup.since();
  sampler.peaks = {};
  const measured = [];
  for (const page of pages) {
    const gone = Object.entries(made.children).filter(([, c]) => c.exitCode !== null || c.signalCode !== null);
    if (gone.length > 0) {
      console.error(`bench: ${gone.map(([k]) => k).join(", ")} exited; no more load`);
      break;
    }
    const load = page.load ?? PAGE_LOAD;
    console.log(`bench: ${page.label} (${page.path}), ${load.connections} connections`);
    const headers = { ...page.headers, "Accept-Encoding": BROWSER_ENCODINGS };
    const figures = await measureDuring(baseUrl, [{ method: "GET", path: page.path, headers }], load);
    measured.push({ page: page.label, path: page.path, connections: load.connections, ...figures });
    console.log(`  ${figures.rps}/s p50 ${figures.p50Ms} ms p99 ${figures.p99Ms} ms; ${cgroup.reading().usageMB} MB`);
  }
  sampleNow();
  clearInterval(made.sampler);
  const memory = {
    cgroup: cgroup.reading(),
    servers: serversMemory(cgroup, sampler.roots),
    serversPeak: sampler.peaks,
  };
  const exits = Object.fromEntries(
    Object.entries(made.children).map(([k, c]) => [k, c.exitCode ?? c.signalCode ?? "running"]),
  );
  const misses = [
    ...Object.entries(exits)
      .filter(([, e]) => e !== "running")
      .map(([k, e]) => `${k} exited (${e})`),
    ...measured.filter((p) => p.non2xx + p.errors > 0).map((p) => `${p.page}: ${p.non2xx + p.errors} not 2xx`),
    ...(measured.length < pages.length ? [`${pages.length - measured.length} pages not loaded`] : []),
    ...(seeding.oomKills > 0 ? [`OOM kills while seeding: ${seeding.oomKills}`] : []),
    ...(memory.cgroup.oomKills > 0 ? [`OOM kills under load: ${memory.cgroup.oomKills}`] : []),
  ];
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: postgresVersion.replace(/^postgres \(PostgreSQL\) /, "PostgreSQL "),
      nginx: nginxVersion,
    },
    limitMB: MB(LIMIT_BYTES),
    cgroup: { version: cgroup.version },
    settings: {
      store: `node ${serve.args.join(" ")}`,
      postgres: POSTGRES_SETTINGS,
      nginx: "worker_processes auto, docs/operating.md's proxy location",
    },
    load: { pages: PAGE_LOAD, product: PRODUCT_LOAD, host: "127.0.0.1", through: "nginx" },
    seed,
    counts: sample.counts,
    seeding,
    atRest,
    memory,
    pages: measured,
    exits,
    misses,
    fits: misses.length === 0,
  };
}

let results = null;
try {
  results = await main();
} catch (error) {
  console.error(`bench: ${error.stack ?? error}`);
  const log = made.dirs[0] && path.join(made.dirs[0], "pg.log");
  if (!cleaning && log && existsSync(log))
    console.error(`PostgreSQL's log:\n${readFileSync(log, "utf8").slice(-3000)}`);
} finally {
  await cleanUp();
}
const leftovers = readdirSync(tmpdir()).filter((d) => made.dirs.some((m) => path.basename(m) === d));
if (leftovers.length > 0) console.error(`bench: left behind: ${leftovers.join(", ")}`);
if (!results) process.exit(1);

writeFileSync("bench/results/small-server.json", JSON.stringify(results, null, 2) + "\n");
const table = await format(report(results), { parser: "markdown", proseWrap: "preserve" });
writeFileSync("bench/results/small-server.md", table);
console.log("\n" + table);
process.exit(results.fits ? 0 : 1);
