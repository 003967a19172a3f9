import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { asBearer } from "../support/accounts";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes } from "../support/fuzz/run-fuzz";
import { renderUpload, uploadCases } from "../support/fuzz/upload-cases";
import { makeProduct } from "../support/orders";
import { useTestApp } from "../support/test-app";

const PRODUCT = {
  name: "Fuzzed Gauge",
  price: 1250.5,
  Availability: 200,
  minimumQuantity: 20,
  maxPerOrder: 60,
  desc: "A marking gauge.",
  details: "Beech, brass wear strips.",
  image: "/images/products/marking-gauge.svg",
};

const STOCK_RECEIVED = { reason: "received", change: 40, note: "Forty from Kaptan Bazar" };

/** A tool's sizes as Edit Product sends them: two widths, their SKUs the product's own. */
const sizes = (s: Record<string, string>) => ({
  options: [{ name: "Width", nameBn: "প্রস্থ", values: ["6 mm", "12 mm"] }],
  variants: ["6 mm", "12 mm"].map((width, i) => ({
    sku: `FZ-${s.productId!.slice(0, 8)}-${i}`,
    options: { Width: width },
    price: 450 + 70 * i,
    Availability: 100,
    minimumQuantity: 20,
    weight: 150,
  })),
});

describe("fuzzing the catalog's write calls (products, uploads, categories): never a 5xx, and a refused request changes nothing", () => {
  const t = useTestApp();
  const accounts = useFuzzAccounts(t);
  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  /** A fresh tag for names no category has yet, and an empty category to rename or remove. */
  const aCategory = async () => {
    const tag = randomUUID().slice(0, 8);
    const { id } = await insertCategory(t.database.db, { nameEn: `Shelf ${tag}`, nameBn: `তাক ${tag}` });
    return { categoryId: id, tag };
  };
  const categoryBody = (s: Record<string, string>) => ({
    nameEn: `Fuzzed ${s.tag}`,
    nameBn: `ফাজ ${s.tag}`,
    position: 5,
  });

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/product",        as: "admin", body: () => PRODUCT },
    { call: "PUT /api/product/{id}",    as: "admin", scene: aProduct, id: (s) => s.productId!, body: () => PRODUCT },
    { call: "PUT /api/product/{id}",    as: "admin", scene: aProduct, id: (s) => s.productId!, body: sizes, shape: "sizes" },
    { call: "DELETE /api/product/{id}", as: "admin", scene: aProduct, id: (s) => s.productId! },
    // Stock changes that pass the schema count against the rate limit, taken or not (CALLS_COUNTED).
    { call: "POST /api/product/{id}/stock", as: "admin", scene: aProduct, id: (s) => s.productId!, body: () => STOCK_RECEIVED, ignored: CALLS_COUNTED },
    { call: "POST /api/category",        as: "admin", scene: aCategory, body: categoryBody },
    { call: "PUT /api/category/{id}",    as: "admin", scene: aCategory, id: (s) => s.categoryId!, body: categoryBody },
    { call: "DELETE /api/category/{id}", as: "admin", scene: aCategory, id: (s) => s.categoryId! },
  ], accounts);

  it(
    `POST /api/uploads as admin: ${FUZZ_RUNS} hostile requests, and a refused one stores no file`,
    { timeout: FUZZ_TIMEOUT },
    async () => {
      const uploads = path.join(t.services.dataDir, "uploads");
      const statuses = await fuzz({
        t,
        cases: uploadCases,
        valid: { kind: "file", field: "image", content: { kind: "photo" }, name: "photo.png", type: "image/png" },
        send: async (_, c) => {
          const { body, type } = await renderUpload(c);
          const headers = { ...asBearer(accounts.admin), ...(type === undefined ? {} : { "Content-Type": type }) };
          return t.request("/api/uploads", { method: "POST", headers, body });
        },
        outside: () => readdir(uploads).catch(() => []),
        ignored: CALLS_COUNTED,
      });
      expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
    },
  );
});
