// `node bench/quick.mjs [call…]`: the store on the embedded database beside the minimal Hono app, CPU per request
// only (no Lighthouse, no PostgreSQL): a quick check while working on the request path. Uses the existing build.
import { addBenchProduct, signInAdmin, signUpBuyers } from "./buyers.mjs";
import { AMOUNTS, CALL_NAMES, benchCalls } from "./calls.mjs";
import { measure } from "./load.mjs";
import { startReference } from "./reference-servers.mjs";
import { startStore } from "./store-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4300);
const asked = process.argv.slice(2);
const wanted = asked.length > 0 ? asked : ["product"];
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
