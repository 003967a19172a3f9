// `node bench/quick.mjs [call…]`: the store on the embedded database beside the minimal Hono app, CPU per request
// only (no Lighthouse, no PostgreSQL): a quick check while working on the request path. Uses the existing build.
//
// `node bench/quick.mjs --turns N`: GET /api/product from the store and from the minimal Hono app, both running,
// taking turns N times under autocannon and under wrk, so that both see the same host speed (it moves by half
// within an hour, and `npm run bench` measures the two minutes apart); prints each turn and the median ratio.
import { addBenchProduct, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { AMOUNTS, CALL_NAMES, benchCalls } from "./calls.mjs";
import { measure } from "./load.mjs";
import { startReference } from "./reference-servers.mjs";
import { startStore } from "./store-server.mjs";
import { ensureWrk, measureWithWrk } from "./wrk.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const args = process.argv.slice(2);
const turnsAt = args.indexOf("--turns");
if (turnsAt >= 0) await inTurns(Number(args[turnsAt + 1] ?? 3));
else await oneAfterTheOther(args.length > 0 ? args : ["product"]);

async function oneAfterTheOther(wanted) {
  const store = await startStore({ port });
  let productJson;
  try {
    const admin = await signInAdmin(store.baseUrl);
    const buyers = await signUpBuyers(store.baseUrl, 50);
    const { calls } = await benchCalls(store.baseUrl, buyers, await addBenchProduct(store.baseUrl, admin));
    productJson = await (await fetch(`${store.baseUrl}/api/product`)).text();
    for (const name of wanted) {
      const call = CALL_NAMES[name];
      const figures = await measure({ baseUrl: store.baseUrl, ...calls[call], amount: AMOUNTS[call], pid: store.pid });
      console.log(`store ${call}: ${figures.cpuUsPerRequest} µs/req, ${figures.rps} req/s, p99 ${figures.p99Ms} ms`);
    }
  } finally {
    await store.stop();
  }
  const hono = await startReference("hono", { port: port + 1, productJson });
  try {
    const figures = await measure({
      baseUrl: hono.baseUrl,
      path: "/api/product",
      amount: AMOUNTS["GET /api/product"],
      pid: hono.pid,
    });
    console.log(`minimal Hono GET /api/product: ${figures.cpuUsPerRequest} µs/req, ${figures.rps} req/s`);
  } finally {
    await hono.stop();
  }
}

async function inTurns(turns) {
  ensureWrk();
  const store = await startStore({ port });
  let hono;
  try {
    const productJson = await (await fetch(`${store.baseUrl}/api/product`)).text();
    hono = await startReference("hono", { port: port + 1, productJson });
    const generators = {
      autocannon: (server) => measure({ ...server, path: "/api/product", amount: AMOUNTS["GET /api/product"] }),
      wrk: (server) => measureWithWrk({ ...server, path: "/api/product" }),
    };
    for (const [by, load] of Object.entries(generators)) {
      const ratios = [];
      for (let turn = 1; turn <= turns; turn++) {
        const ours = await load({ baseUrl: store.baseUrl, pid: store.pid });
        const theirs = await load({ baseUrl: hono.baseUrl, pid: hono.pid });
        ratios.push(ours.cpuUsPerRequest / theirs.cpuUsPerRequest);
        console.log(
          `${by} turn ${turn}: store ${ours.cpuUsPerRequest} µs/req (${ours.rps}/s), minimal Hono ` +
            `${theirs.cpuUsPerRequest} µs/req (${theirs.rps}/s): ${ratios.at(-1).toFixed(2)}×`,
        );
      }
      const sorted = ratios.toSorted((a, b) => a - b);
      console.log(`${by}: the store at ${sorted[Math.floor(sorted.length / 2)].toFixed(2)}× minimal Hono (median)`);
    }
  } finally {
    await hono?.stop();
    await store.stop();
  }
}
