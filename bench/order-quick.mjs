// `node bench/order-quick.mjs [order|checkout] [runs]`: the one-line order (or the 3-line checkout) on PostgreSQL
// alone (BENCH_DATABASE_URL), measured `runs` times on one store as `npm run bench` measures it: CPU per order of
// the store and of PostgreSQL. A quick check while working on the order path. Uses the existing build.
import { addBenchProduct, checkoutBuyers, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { AMOUNTS, CALL_NAMES, CHECKOUT, CHECKOUT_BUYERS, CHECKOUT_WARMUP, benchCalls, checkoutCall } from "./calls.mjs";
import { measure } from "./load.mjs";
import { createBenchDatabase, outboxesDrained } from "./postgres.mjs";
import { startStore } from "./store-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const what = process.argv[2] ?? "order";
const runs = Number(process.argv[3] ?? 1);
const BUYERS = 50;
const postgres = await createBenchDatabase(
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
);
if (!postgres) process.exit(1);

/** The order's load: 50 buyers taking turns on one product, each run after a warm-up of its own. */
async function orderLoads(baseUrl, admin) {
  const buyers = await signUpBuyers(baseUrl, BUYERS);
  const { calls } = await benchCalls(baseUrl, buyers, await addBenchProduct(baseUrl, admin));
  const call = CALL_NAMES.order;
  return () => ({ ...calls[call], amount: AMOUNTS[call] });
}

/** The checkout's load: for each run, new buyers whose carts hold a chisel, a plane and a saw. */
async function checkoutLoads(baseUrl, admin) {
  const buyers = await checkoutBuyers(baseUrl, admin, CHECKOUT_BUYERS * runs, BUYERS + 1);
  let run = 0;
  return () => {
    const mine = buyers.slice(run * CHECKOUT_BUYERS, ++run * CHECKOUT_BUYERS);
    return { ...checkoutCall(mine), amount: AMOUNTS[CHECKOUT], warmupAmount: CHECKOUT_WARMUP };
  };
}

// Stopped by a signal (`timeout`, Ctrl-C), it still stops its store and drops its database and folder.
let store;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    void Promise.resolve(store?.stop())
      .finally(() => postgres.drop())
      .finally(() => process.exit(1));
  });
}

try {
  store = await startStore({ port, databaseUrl: postgres.url });
  try {
    const admin = await signInAdmin(store.baseUrl);
    const nextLoad =
      what === "checkout" ? await checkoutLoads(store.baseUrl, admin) : await orderLoads(store.baseUrl, admin);
    for (let run = 1; run <= runs; run++) {
      const settled = () => outboxesDrained(postgres.url);
      const f = await measure({ baseUrl: store.baseUrl, ...nextLoad(), pid: store.pid, database: true, settled });
      const together = f.cpuUsPerRequest + f.databaseCpuUsPerRequest;
      console.log(
        `${what}: store ${f.cpuUsPerRequest} + PostgreSQL ${f.databaseCpuUsPerRequest} = ${together} µs an order, ` +
          `${f.rps}/s, p99 ${f.p99Ms} ms, not 2xx ${f.non2xx}, its messages sent ${f.settledMs} ms after the load`,
      );
    }
  } finally {
    await store.stop();
  }
} finally {
  await postgres.drop();
}
