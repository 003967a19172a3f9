// Signed-in buyers and a product with stock enough for the whole order load, made through the store's own API.
import { BENCH_ADMIN } from "./store-server.mjs";

async function call(baseUrl, path, { method = "GET", token, body } = {}) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      Origin: baseUrl,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

const tokenOf = (res) => res.headers.get("set-auth-token");

export async function signInAdmin(baseUrl) {
  return tokenOf(await call(baseUrl, "/api/auth/sign-in/email", { method: "POST", body: BENCH_ADMIN }));
}

export async function signUpBuyers(baseUrl, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const body = { name: `Bench Buyer ${i + 1}`, email: `bench-buyer-${i + 1}@randa.example`, password: "sawdust-42" };
    tokens.push(tokenOf(await call(baseUrl, "/api/auth/sign-up/email", { method: "POST", body })));
  }
  return tokens;
}

/** A product whose stock (a thousand million Pis) no bench run can sell out. */
export async function addBenchProduct(baseUrl, adminToken) {
  const res = await call(baseUrl, "/api/product", {
    method: "POST",
    token: adminToken,
    body: {
      name: "Bench Marking Gauge",
      price: 450,
      Availability: 1_000_000_000,
      minimumQuantity: 1,
      desc: "A marking gauge kept in stock for load measurements.",
      image: "/images/products/marking-gauge.svg",
    },
  });
  return (await res.json()).insertedId;
}
