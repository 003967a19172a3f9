// Signed-in buyers and products with stock enough for the whole order load, and the checkout's filled carts, made
// through the store's own API.
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

/**
 * `count` new buyers' bearer tokens, numbered from `first` (bench-buyer-{n}@randa.example); `parallel` sign-ups at a
 * time (the password hash runs on the server's thread pool).
 */
export async function signUpBuyers(baseUrl, count, { first = 1, parallel = 1 } = {}) {
  const tokens = new Array(count);
  let next = 0;
  async function signUpNext() {
    while (next < count) {
      const i = next++;
      const n = first + i;
      const body = { name: `Bench Buyer ${n}`, email: `bench-buyer-${n}@randa.example`, password: "sawdust-42" };
      tokens[i] = tokenOf(await call(baseUrl, "/api/auth/sign-up/email", { method: "POST", body }));
    }
  }
  await Promise.all(Array.from({ length: parallel }, signUpNext));
  return tokens;
}

/** A product whose stock (a thousand million Pis) no bench run can sell out; `overrides` name another one. */
export async function addBenchProduct(baseUrl, adminToken, overrides = {}) {
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
      ...overrides,
    },
  });
  return (await res.json()).insertedId;
}

/** Three more products for the checkout's carts: a chisel, a plane and a saw, each weighing what it would. */
export async function addCheckoutProducts(baseUrl, adminToken) {
  const shelf = [
    { name: "Bench Chisel 12 mm", price: 2450, weight: 300, image: "/images/products/mortise-chisel.svg" },
    { name: "Bench Jack Plane", price: 6500, weight: 2000 },
    { name: "Bench Tenon Saw", price: 1800, weight: 500 },
  ];
  const ids = [];
  for (const product of shelf) ids.push(await addBenchProduct(baseUrl, adminToken, product));
  return ids;
}

/** Each buyer's cart gets `lines` ([productId, quantity], in that order) through POST /api/cart/items. */
export async function fillCarts(baseUrl, tokens, lines, { parallel = 1 } = {}) {
  let next = 0;
  async function fillNext() {
    while (next < tokens.length) {
      const token = tokens[next++];
      for (const [productId, quantity] of lines) {
        await call(baseUrl, "/api/cart/items", { method: "POST", token, body: { productId, quantity } });
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, fillNext));
}

/**
 * `count` new buyers (numbered from `first`), each with a cart of a chisel, a plane and a saw (the checkout's 3 lines,
 * 2.8 kg and a delivery charge): the checkout's load, made ready before anything is measured.
 */
export async function checkoutBuyers(baseUrl, adminToken, count, first) {
  const products = await addCheckoutProducts(baseUrl, adminToken);
  const buyers = await signUpBuyers(baseUrl, count, { first, parallel: 8 });
  await fillCarts(
    baseUrl,
    buyers,
    products.map((id) => [id, 1]),
    { parallel: 8 },
  );
  return buyers;
}
