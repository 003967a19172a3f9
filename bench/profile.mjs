// `npm run bench:profile -- [embedded|postgres] [product|detail|order]`: one call's load on the built store run
// with `node --cpu-prof`, then the profile's self time by function and by package. The .cpuprofile files (in
// bench/results/profiles/) open in Chrome DevTools' Performance panel for the whole picture.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addBenchProduct, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { measure } from "./load.mjs";
import { createBenchDatabase } from "./postgres.mjs";
import { AMOUNTS, CALL_NAMES, benchCalls } from "./calls.mjs";
import { startStore } from "./store-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const [where = "embedded", ...asked] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const wanted = asked.length > 0 ? asked : ["product", "detail", "order"];
const dir = path.resolve("bench/results/profiles");
mkdirSync(dir, { recursive: true });

/** Self time per function and per package, from a .cpuprofile's samples. */
export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const interval = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const micros = profile.timeDeltas[i + 1] ?? 0;
    interval.set(profile.samples[i], (interval.get(profile.samples[i]) ?? 0) + micros);
  }
  const total = [...interval.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const packages = new Map();
  for (const [id, micros] of interval) {
    const { callFrame } = byId.get(id);
    const where = callFrame.url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "");
    const fn = `${callFrame.functionName || "(anonymous)"} ${where}:${callFrame.lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + micros);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.startsWith("build/")
        ? "build (the store's code)"
        : where === ""
          ? callFrame.functionName
          : "node internals");
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  const lines = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
  return ["self time by package:", ...lines(packages), "", "self time by function:", ...lines(fns)].join("\n");
}

const postgres =
  where === "postgres"
    ? await createBenchDatabase(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")
    : null;
try {
  for (const call of wanted) {
    const name = `${where}-${call}`;
    for (const f of readdirSync(dir)) if (f.startsWith(`${name}.`)) rmSync(path.join(dir, f));
    const store = await startStore({
      port,
      databaseUrl: postgres?.url ?? "",
      args: ["--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`],
    });
    try {
      const admin = await signInAdmin(store.baseUrl);
      const buyers = await signUpBuyers(store.baseUrl, 50);
      const productId = await addBenchProduct(store.baseUrl, admin);
      const { calls } = await benchCalls(store.baseUrl, buyers, productId);
      const figures = await measure({
        baseUrl: store.baseUrl,
        ...calls[CALL_NAMES[call]],
        amount: AMOUNTS[CALL_NAMES[call]],
        pid: store.pid,
        database: Boolean(postgres),
      });
      console.log(name, figures);
    } finally {
      await store.stop();
    }
    const summary = summarize(JSON.parse(readFileSync(path.join(dir, `${name}.cpuprofile`), "utf8")));
    writeFileSync(path.join(dir, `${name}.txt`), summary + "\n");
    console.log(`\n${name}\n${summary}\n`);
  }
} finally {
  await postgres?.drop();
}
