// `npm run bench:profile -- [embedded|postgres] [product|detail|order|checkout]`: one call's load on the built store run
// with `node --cpu-prof`, then the profile's self time by function and by package. The .cpuprofile files (in
// bench/results/profiles/) open in Chrome DevTools' Performance panel for the whole picture.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { addBenchProduct, checkoutBuyers, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { measure } from "./load.mjs";
import { createBenchDatabase } from "./postgres.mjs";
import { AMOUNTS, CALL_NAMES, CHECKOUT, CHECKOUT_BUYERS, CHECKOUT_WARMUP, benchCalls, checkoutCall } from "./calls.mjs";
import { SERVE_FLAGS, startStore } from "./store-server.mjs";
import { summarize } from "./profile-summary.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const [where = "embedded", ...asked] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const wanted = asked.length > 0 ? asked : ["product", "detail", "order"];
const dir = path.resolve("bench/results/profiles");
mkdirSync(dir, { recursive: true });

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
      args: [...SERVE_FLAGS, "--cpu-prof", `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`],
    });
    try {
      const admin = await signInAdmin(store.baseUrl);
      const figures = await measure({
        baseUrl: store.baseUrl,
        ...(call === "checkout"
          ? await checkoutLoad(store.baseUrl, admin)
          : await callLoad(store.baseUrl, admin, call)),
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

/** A call of `npm run bench`'s table, from 50 signed-in buyers on one product. */
async function callLoad(baseUrl, admin, call) {
  const buyers = await signUpBuyers(baseUrl, 50);
  const { calls } = await benchCalls(baseUrl, buyers, await addBenchProduct(baseUrl, admin));
  return { ...calls[CALL_NAMES[call]], amount: AMOUNTS[CALL_NAMES[call]] };
}

/** The 3-line checkout as `npm run bench` loads it: a buyer of its own for each request, its cart filled before. */
async function checkoutLoad(baseUrl, admin) {
  const buyers = await checkoutBuyers(baseUrl, admin, CHECKOUT_BUYERS, 51);
  return { ...checkoutCall(buyers), amount: AMOUNTS[CHECKOUT], warmupAmount: CHECKOUT_WARMUP };
}
