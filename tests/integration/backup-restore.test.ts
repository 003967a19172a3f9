import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { create } from "tar";
import { openDatabase } from "@server/db/client";
import { order, orderEvent, product } from "@server/db/schema";
import type { ProductJson } from "@server/catalog";
import type { OrderJson } from "@server/orders";
import { jsonInit } from "../support/accounts";
import { pngImage } from "../support/images";
import { TEST_DELIVERY } from "../support/orders";
import { ensureBuild, ROOT, startStore, type StoreProcess } from "../support/store-process";
import { runCommand, type CommandResult } from "../support/run-command";
import { adminQuery } from "../support/test-database";

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on the real store (server/main.ts) and on the
 * database of this pass: the embedded one, or with DATABASE_URL a database of this file's own on that server.
 * The steps run in order on one shop: back up while orders keep coming, refuse what must be refused, wipe,
 * restore, and find the shop as it was.
 */
const SERVER_URL = process.env.DATABASE_URL;
const ADMIN = { email: "owner@randa.example", password: "owner-password-1" };
const CUSTOMER = { name: "Rahim Carpenter", email: "rahim@example.test", password: "sawdust-42" };
const STOCK = 100_000;

describe(`npm run backup and npm run restore (${SERVER_URL ? "PostgreSQL" : "embedded database"})`, () => {
  const work = mkdtempSync(path.join(tmpdir(), "randa-backup-"));
  const dataDir = path.join(work, "data");
  const backupFile = path.join(work, "shop.tar");
  const stoppedFile = path.join(work, "stopped-shop.tar");
  const databaseName = `randa_test_${randomBytes(6).toString("hex")}`;
  const databaseUrl = SERVER_URL ? withDatabase(SERVER_URL, databaseName) : null;
  let store: StoreProcess | null = null;

  // What the shop held when it was backed up, and the orders answered around the backup.
  const shop = { customerToken: "", productId: "", imageUrl: "", imageBytes: Buffer.alloc(0), firstOrder: "" };
  /** Each order answered: when it was sent, and when its answer came. */
  const answered: Array<{ id: string; quantity: number; sent: number; at: number }> = [];
  let backupStarted = 0;
  let backupEnded = 0;

  beforeAll(async () => {
    ensureBuild();
    if (SERVER_URL) await adminQuery(SERVER_URL, `create database ${databaseName}`);
  }, 120_000);
  afterAll(async () => {
    await store?.stop();
    if (SERVER_URL) await adminQuery(SERVER_URL, `drop database if exists ${databaseName} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  /** The operator's shell: where the store's data is, and nothing of this test run's own configuration. */
  const operatorEnv = () => ({
    PATH: process.env.PATH!,
    HOME: process.env.HOME!,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const storeEnv = () => ({
    ...operatorEnv(),
    LOG_LEVEL: "warn",
    // A shop of its own: the demo catalog's seeding would only slow the store's first start.
    DEMO_DATA: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // PostgreSQL needs a secret; the embedded store makes its own in DATA_DIR/auth-secret, which the backup keeps.
    ...(databaseUrl ? { AUTH_SECRET: "test-secret-that-is-long-enough-0123456789" } : {}),
    SIGN_IN_LIMIT_PER_MINUTE: "1000",
    ORDER_LIMIT_PER_MINUTE: "100000",
    MAX_OPEN_ORDERS: "100000",
  });

  /**
   * `npm run <command> -- <args>` as the operator types it; `direct` runs the script with tsx as npm would, half a
   * second sooner (the refusals and the second backup, to keep this file within CI's time).
   */
  function operator(command: "backup" | "restore", args: string[], { direct = false } = {}): Promise<CommandResult> {
    const [program, programArgs] = direct
      ? [process.execPath, ["--import", "tsx", `scripts/${command}.ts`, ...args]]
      : ["npm", ["run", "--silent", command, "--", ...args]];
    return runCommand(program, programArgs, { cwd: ROOT, env: operatorEnv() });
  }

  async function call(route: string, init: RequestInit = {}, token?: string) {
    const headers = new Headers(init.headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    return fetch(store!.base + route, { ...init, headers, signal: AbortSignal.timeout(30_000) });
  }
  async function ok<T>(res: Response): Promise<T> {
    if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  const post = (body: unknown) => jsonInit("POST", body, { Origin: store!.base });
  async function signIn(who: { email: string; password: string }) {
    const res = await call("/api/auth/sign-in/email", post({ email: who.email, password: who.password }));
    return { status: res.status, token: res.headers.get("set-auth-token") ?? "" };
  }

  async function placeOrder(quantity: number) {
    const body = { productId: shop.productId, quantity, delivery: TEST_DELIVERY };
    const sent = performance.now();
    const { insertedId } = await ok<{ insertedId: string }>(await call("/api/order", post(body), shop.customerToken));
    answered.push({ id: insertedId, quantity, sent, at: performance.now() });
    return insertedId;
  }

  /** What an operator's `ls` shows of the store's folder and of the one holding it. */
  const listing = () => ({
    dataDir: existsSync(dataDir) ? readdirSync(dataDir).sort() : null,
    beside: readdirSync(work).sort(),
  });

  it("backs up the running store into one file while orders keep coming", { timeout: 120_000 }, async () => {
    store = await startStore(storeEnv());
    const admin = await signIn(ADMIN);
    expect(admin.status).toBe(200);
    const signUp = await call("/api/auth/sign-up/email", post(CUSTOMER));
    expect(signUp.status).toBe(200);
    shop.customerToken = signUp.headers.get("set-auth-token")!;

    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(await pngImage(900, 600))], { type: "image/png" }), "gauge.png");
    shop.imageUrl = (
      await ok<{ data: { url: string } }>(await call("/api/uploads", { method: "POST", body: form }, admin.token))
    ).data.url;
    shop.imageBytes = Buffer.from(await (await call(shop.imageUrl)).arrayBuffer());
    const newProduct = {
      name: "Panel Gauge, beech",
      price: 1450.5,
      Availability: STOCK,
      minimumQuantity: 1,
      desc: "Marks wide boards parallel to an edge.",
      details: "Beech, 600 mm beam.",
      image: shop.imageUrl,
    };
    shop.productId = (
      await ok<{ insertedId: string }>(await call("/api/product", post(newProduct), admin.token))
    ).insertedId;
    shop.firstOrder = await placeOrder(41);

    // Orders from three loops at once, before, during and after the backup; paced, so that they leave the two
    // cores of CI some room for the backup itself.
    let stop = false;
    const ordering = Promise.all(
      // Quantities on the step of 20 from the minimum of 1.
      [1, 21, 41].map(async (quantity) => {
        while (!stop) {
          await placeOrder(quantity);
          await sleep(30);
        }
      }),
    );
    while (answered.length < 10) await sleep(20);
    backupStarted = performance.now();
    const backup = await operator("backup", [backupFile]);
    backupEnded = performance.now();
    stop = true;
    await ordering;

    expect(backup.err).not.toMatch(/Error|failed/);
    expect(backup.code).toBe(0);
    const how = databaseUrl
      ? "PostgreSQL database \\(dumped by pg_dump\\)"
      : "embedded database \\(copied by the running store\\)";
    expect(backup.out).toMatch(
      new RegExp(`^Backed up the ${how} and 2 image files to ${backupFile}: \\d+\\.\\d MB in \\d+\\.\\d s`),
    );
    expect(existsSync(`${backupFile}.part`)).toBe(false);
    const during = answered.filter((a) => a.at > backupStarted && a.at < backupEnded);
    expect(during.length, "orders answered while the backup ran").toBeGreaterThan(0);
  });

  it("refuses to restore while the store runs, and changes nothing", { timeout: 60_000 }, async () => {
    const before = listing();
    const refused = await operator("restore", [backupFile, "--force"], { direct: true });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      databaseUrl
        ? "randa (127.0.0.1)): stop every store on it before restoring."
        : `A store is running on ${dataDir}: stop it before restoring.`,
    );
    expect(refused.err).toContain("Nothing was changed.");
    expect(listing()).toEqual(before);
    expect((await call(`/api/product/${shop.productId}`)).status).toBe(200);
  });

  it("backs up a stopped store too", { timeout: 60_000 }, async () => {
    expect(await store!.stop()).toBe(0);
    store = null;
    const backup = await operator("backup", [stoppedFile], { direct: true });
    expect(backup.code).toBe(0);
    const how = databaseUrl ? "dumped by pg_dump" : "copied from its files, no store running";
    expect(backup.out).toContain(`(${how}) and 2 image files to ${stoppedFile}`);
    // It let go of DATA_DIR: a store may start on it again.
    expect(listing().dataDir).not.toContain("store.lock");
  });

  it("refuses a file that is not a backup, and a backup cut short, changing nothing", { timeout: 60_000 }, async () => {
    await wipe();
    const before = listing();
    const notOurs = path.join(work, "not-a-backup.tar");
    const other = path.join(work, "other-tool");
    mkdirSync(path.join(other, "database"), { recursive: true });
    writeFileSync(path.join(other, "manifest.json"), JSON.stringify({ format: "some-other-tool", version: 1 }));
    writeFileSync(path.join(other, "database", "pglite.tar.gz"), "not a database");
    await create({ file: notOurs, cwd: other }, ["manifest.json", "database/pglite.tar.gz"]);
    rmSync(other, { recursive: true });
    const size = statSync(backupFile).size;
    // Cut off in the middle of an entry; and cut off between two, where only the end-of-archive blocks are missing.
    const cut = path.join(work, "cut.tar");
    copyFileSync(backupFile, cut);
    truncateSync(cut, Math.floor(size / 2));
    const cutAtEnd = path.join(work, "cut-at-end.tar");
    copyFileSync(backupFile, cutAtEnd);
    expect(
      readFileSync(backupFile)
        .subarray(size - 1024)
        .every((byte) => byte === 0),
    ).toBe(true);
    truncateSync(cutAtEnd, size - 1024);
    // A damaged header: the first entry's name, one letter changed, no longer matches its checksum.
    const damaged = path.join(work, "damaged.tar");
    const bytes = readFileSync(backupFile);
    bytes[0] = "n".charCodeAt(0);
    writeFileSync(damaged, bytes);

    for (const [file, why] of [
      [notOurs, "its manifest's format is wrong"],
      [cut, "it is not a whole tar archive"],
      [cutAtEnd, "it is not a whole tar archive, it is cut off before its end"],
      [damaged, "it is not a whole tar archive"],
    ] as const) {
      const refused = await operator("restore", [file], { direct: true });
      expect(refused.code, file).toBe(1);
      expect(refused.err).toContain(`${file} is not a Randa backup: ${why}`);
      expect(refused.err).toContain("Nothing was changed.");
    }
    for (const file of [notOurs, cut, cutAtEnd, damaged]) rmSync(file);
    expect(listing()).toEqual(before);
    if (databaseUrl) expect(await tableCount()).toBe(0);
  });

  it(
    "restores the backup taken while orders came into the emptied store: its orders are whole",
    { timeout: 60_000 },
    async () => {
      const restored = await operator("restore", [backupFile]);
      expect(restored.err).not.toMatch(/Error|failed/);
      expect(restored.code).toBe(0);
      expect(restored.out).toMatch(/^Restored .* 2 accounts, 1 product, \d+ orders and 2 image files, into /);

      const { rows, events, availability } = await restoredOrders();
      // Every order answered before the backup began is there; those answered after it ended are not.
      const ids = new Set(rows.map((r) => r.id));
      expect(answered.filter((a) => a.at < backupStarted && !ids.has(a.id))).toEqual([]);
      expect(answered.filter((a) => a.at > backupEnded && ids.has(a.id))).toEqual([]);
      // Each order is whole: the quantity it was answered with, its amount, its history, and the stock it took.
      const answeredQuantity = new Map(answered.map((a) => [a.id, a.quantity]));
      for (const row of rows) {
        expect(answeredQuantity.get(row.id), `order ${row.id} was answered with its quantity`).toBe(row.quantity);
        expect(row.payablePoisha).toBe(145050 * row.quantity);
        expect(events.filter((e) => e.orderId === row.id).map((e) => e.status)).toEqual(["placed"]);
      }
      expect(availability).toBe(STOCK - rows.reduce((sum, r) => sum + r.quantity, 0));
    },
  );

  it(
    "refuses to restore over a store without --force; with it, moves the store aside",
    { timeout: 60_000 },
    async () => {
      const before = listing();
      const again = await operator("restore", [stoppedFile], { direct: true });
      expect(again.code).toBe(1);
      expect(again.err).toContain(
        databaseUrl ? "The database already holds a store's tables." : `${dataDir} is not empty`,
      );
      expect(again.err).toContain("--force");
      expect(listing()).toEqual(before);

      const forced = await operator("restore", [stoppedFile, "--force"], { direct: true });
      expect(forced.code).toBe(0);
      const aside = /Its previous contents are in (\S+)\./.exec(forced.out)?.[1];
      expect(aside).toMatch(new RegExp(`^${dataDir}\\.before-restore-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ$`));
      expect(readdirSync(aside!).sort()).toEqual(before.dataDir!.filter((name) => name !== "store.lock"));
      // The stopped store's backup holds every order it answered.
      const { rows } = await restoredOrders();
      expect(rows.map((r) => r.id).sort()).toEqual(answered.map((a) => a.id).sort());
    },
  );

  it("serves the shop as it was once the store starts again", { timeout: 120_000 }, async () => {
    store = await startStore(storeEnv());
    const signedIn = await signIn(CUSTOMER);
    expect(signedIn.status).toBe(200);
    // The session from before the backup still holds (and on the embedded store, the secret that signs it).
    for (const token of [shop.customerToken, signedIn.token]) {
      const res = await call(`/api/order/${CUSTOMER.email}/${shop.firstOrder}`, {}, token);
      expect(await ok<OrderJson>(res)).toMatchObject({ _id: shop.firstOrder, quantity: 41, paybleAmount: 59470.5 });
    }
    const restoredProduct = await ok<ProductJson>(await call(`/api/product/${shop.productId}`));
    expect(restoredProduct).toMatchObject({ name: "Panel Gauge, beech", image: shop.imageUrl });
    const image = await call(shop.imageUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(shop.imageBytes)).toBe(true);
    expect(await store.stop()).toBe(0);
    store = null;
  });

  /** The test product's orders and their history in the restored database, and the stock it has left. */
  async function restoredOrders() {
    const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
    try {
      const rows = await database.db.select().from(order).where(eq(order.productId, shop.productId));
      const events = await database.db
        .select({ orderId: orderEvent.orderId, status: orderEvent.status })
        .from(orderEvent);
      const [kept] = await database.db.select().from(product).where(eq(product.id, shop.productId));
      return { rows, events, availability: kept!.availability };
    } finally {
      await database.close();
    }
  }

  /** Gone: DATA_DIR, and on PostgreSQL the database itself, dropped and made again empty. */
  async function wipe() {
    rmSync(dataDir, { recursive: true, force: true });
    if (!SERVER_URL) return;
    await adminQuery(SERVER_URL, `drop database ${databaseName} with (force)`);
    await adminQuery(SERVER_URL, `create database ${databaseName}`);
  }

  async function tableCount() {
    const database = new pg.Client({ connectionString: databaseUrl! });
    await database.connect();
    try {
      const { rows } = await database.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      return rows[0]!.n;
    } finally {
      await database.end();
    }
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
