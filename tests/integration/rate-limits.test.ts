import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sum } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { order, product, productReview, review } from "@server/db/schema";
import { tooMany as tooManyError } from "@server/errors";
import { addressKey, limitRules, SHARED_ADDRESS_ACCOUNTS, type LimitedOperation } from "@server/limits/rules";
import { loadConfig } from "@server/config";
import { translate } from "~/i18n/use-message";
import { refusalOf } from "~/lib/send-json";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { sheetText, stockTakeRows } from "../support/catalog-csv";
import { readAnswer } from "../support/action-answer";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { pngImage } from "../support/images";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { formPost, usePageApp } from "../support/page-app";
import { TEST_ORIGIN } from "../support/test-app";
import { anOrderOf } from "../support/use-case-scenes";
import { sessionUserOf } from "../support/use-case-actors";

/** Per account in each window; an address may make three accounts' worth. */
const PER_ACCOUNT = 2;
const PER_ADDRESS = PER_ACCOUNT * SHARED_ADDRESS_ACCOUNTS;

/** One call of a limited operation, by `who` from `from`: its status, Retry-After and message, read as a door answers. */
interface Answer {
  status: number;
  retryAfter: string | null;
  said: { message?: string; code?: string; params?: Record<string, unknown> } | null;
}

interface Door {
  door: string;
  /** Who may call it: a customer, or (uploads) an admin. */
  account: (t: ReturnType<typeof usePageApp>) => Promise<TestAccount>;
  call: (who: TestAccount, from: string) => Promise<Answer>;
  /** What a refused call must leave as it was (beside every table but the limits' counters). */
  stored: () => Promise<unknown>;
  /** The status of a call let through: 200, or (checkout's Place order, posted as a document) its redirect. */
  through?: number;
}

interface Limited {
  operation: string;
  windowSeconds: number;
  doors: Door[];
}

/** Enough tools' reviews for every vote the tests cast: each vote is on a review of its own. */
const REVIEWS_TO_VOTE_ON = 40;

describe("rate limits on placing orders, writing reviews, uploading images, sending catalog files and voting", () => {
  const t = usePageApp({
    ORDER_LIMIT_PER_MINUTE: String(PER_ACCOUNT),
    REVIEW_LIMIT_PER_HOUR: String(PER_ACCOUNT),
    UPLOAD_LIMIT_PER_HOUR: String(PER_ACCOUNT),
    IMPORT_LIMIT_PER_HOUR: String(PER_ACCOUNT),
    VOTE_LIMIT_PER_HOUR: String(PER_ACCOUNT),
  });
  let clock = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
  let productId = "";
  /** The tool whose stock the catalog files count, and the stock each import gives it (one more each time). */
  let sheetProductId = "";
  let sheetStock = 100;
  /** Reviews of tools by a customer of their own, to be voted helpful one at a time. */
  const reviewIds: string[] = [];
  let photo: Blob;

  beforeAll(async () => {
    // The limits' windows run on the store's clock, which the tests move instead of waiting.
    t.services.now = () => clock;
    productId = (await makeProduct(t, { availability: 100_000, minimumQuantity: 20 })).id;
    sheetProductId = (await makeProduct(t)).id;
    photo = new Blob([new Uint8Array(await pngImage(64, 48))], { type: "image/png" });
    // Written directly: these tests count votes, not reviews. A review names its author's order.
    const author = await sessionUserOf(t, await signUp(t));
    const { orderId } = await anOrderOf(t, author);
    for (let i = 0; i < REVIEWS_TO_VOTE_ON; i++) {
      const { id: reviewed } = await makeProduct(t);
      const [row] = await t.database.db
        .insert(productReview)
        .values({ productId: reviewed, authorId: author.id, orderId: orderId!, ratingHalves: 9, comment: "Sharp." })
        .returning({ id: productReview.id });
      reviewIds.push(row!.id);
    }
  });

  // Each test calls from addresses of its own, so no test spends another's budget.
  let lastAddress = 0;
  const anAddress = () => `198.51.100.${++lastAddress}`;
  /** An in-process request as if from `address`: the socket the server reads the client's address from. */
  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

  async function apiAnswer(res: Response): Promise<Answer> {
    const said = res.headers.get("content-type")?.startsWith("application/json") ? await res.json() : null;
    return { status: res.status, retryAfter: res.headers.get("retry-after"), said: said as Answer["said"] };
  }

  async function pageAnswer(res: Response): Promise<Answer> {
    const retryAfter = res.headers.get("retry-after");
    const answer = await readAnswer(res);
    const toast = (answer.data as { toast?: { kind: string; said: Answer["said"] } } | undefined)?.toast;
    return { status: answer.status, retryAfter, said: toast?.kind === "error" ? toast.said : null };
  }

  const api = (p: string, init: RequestInit, address: string) => t.app.request(p, init, from(address));
  const page = (p: string, fields: Record<string, string>, who: TestAccount, address: string) =>
    t.app.request(`${TEST_ORIGIN}${p}`, formPost(fields, who), from(address));

  const ordersAndStock = async () => {
    const orders = await t.database.db.$count(order);
    const [stock] = await t.database.db
      .select({ availability: product.availability })
      .from(product)
      .where(eq(product.id, productId));
    return { orders, stock: stock!.availability };
  };
  const reviews = () => t.database.db.$count(review);
  const sheetProduct = async () =>
    (await t.database.db.select().from(product).where(eq(product.id, sheetProductId)))[0]!;
  const helpfulVotes = async () =>
    Number((await t.database.db.select({ votes: sum(productReview.helpful) }).from(productReview))[0]!.votes);
  /** A catalog file sent as the API takes it: a stock-take of the file's tool, its stock one more each time. */
  const sendSheet = async (who: TestAccount, address: string, dryRun: boolean) =>
    apiAnswer(
      await api(
        `/api/products.csv?dryRun=${dryRun}`,
        {
          method: "POST",
          headers: { ...asBearer(who), "Content-Type": "text/csv", Origin: TEST_ORIGIN },
          body: sheetText(stockTakeRows(sheetProductId, ++sheetStock)),
        },
        address,
      ),
    );
  const uploadsDir = () => path.join(t.services.dataDir, "uploads");
  const storedImages = async () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : []);

  const LIMITED: Limited[] = [
    {
      operation: "placing an order",
      windowSeconds: 60,
      doors: [
        {
          door: "POST /api/order",
          account: signUp,
          call: async (who, address) =>
            apiAnswer(
              await api(
                "/api/order",
                jsonInit("POST", { productId, quantity: 20, delivery: TEST_DELIVERY }, asBearer(who)),
                address,
              ),
            ),
          stored: ordersAndStock,
        },
        {
          // Buy It Now opens checkout with its one line; Place order posts it, and a placed order redirects to its payment.
          door: "Place order (the checkout page's action, Buy It Now's line)",
          account: signUp,
          call: async (who, address) =>
            pageAnswer(
              await page(
                `/checkout?productId=${productId}&quantity=20`,
                { addressId: "new", ...TEST_DELIVERY, paymentMethod: "card" },
                who,
                address,
              ),
            ),
          stored: ordersAndStock,
          through: 302,
        },
      ],
    },
    {
      operation: "writing a review",
      windowSeconds: 3600,
      doors: [
        {
          door: "POST /api/review",
          account: signUp,
          call: async (who, address) =>
            apiAnswer(
              await api("/api/review", jsonInit("POST", { rating: 4.5, comment: "Sharp." }, asBearer(who)), address),
            ),
          stored: reviews,
        },
        {
          door: "Add Review (the page's action)",
          account: signUp,
          call: async (who, address) =>
            pageAnswer(await page("/dashboard/reviews", { rating: "4.5", comment: "Sharp." }, who, address)),
          stored: reviews,
        },
      ],
    },
    {
      operation: "uploading an image",
      windowSeconds: 3600,
      doors: [
        {
          // Add Product and Edit Product send the image from the browser to this call (app/lib/upload-image.ts).
          door: "POST /api/uploads",
          account: signUpAdmin,
          call: async (who, address) => {
            const form = new FormData();
            form.set("image", photo, "photo.png");
            return apiAnswer(
              await api("/api/uploads", { method: "POST", body: form, headers: asBearer(who) }, address),
            );
          },
          stored: storedImages,
        },
      ],
    },
    {
      operation: "checking or importing a catalog file",
      windowSeconds: 3600,
      doors: [
        {
          // A dry run writes nothing, and still counts: each file is read and judged whole.
          door: "POST /api/products.csv?dryRun=true",
          account: signUpAdmin,
          call: (who, address) => sendSheet(who, address, true),
          stored: sheetProduct,
        },
        {
          door: "POST /api/products.csv?dryRun=false",
          account: signUpAdmin,
          call: (who, address) => sendSheet(who, address, false),
          stored: sheetProduct,
        },
      ],
    },
    {
      operation: "voting a tool's review helpful",
      windowSeconds: 3600,
      doors: [
        {
          door: "POST /api/product-reviews/{id}/helpful",
          account: signUp,
          call: async (who, address) => {
            const reviewId = reviewIds.shift();
            if (!reviewId) throw new Error(`more than ${REVIEWS_TO_VOTE_ON} votes: make more reviews`);
            return apiAnswer(
              await api(
                `/api/product-reviews/${reviewId}/helpful`,
                { method: "POST", headers: { ...asBearer(who), Origin: TEST_ORIGIN } },
                address,
              ),
            );
          },
          stored: helpfulVotes,
        },
      ],
    },
  ];

  /** The refusal's body: the wait in seconds up to a minute and a half, then in minutes. */
  const tooMany = (seconds: number) =>
    seconds <= 90
      ? {
          message: `Too many requests. Please try again in ${seconds} seconds.`,
          code: "request.too_many",
          params: { seconds },
        }
      : {
          message: `Too many requests. Please try again in ${seconds / 60} minutes.`,
          code: "request.too_many_minutes",
          params: { minutes: seconds / 60 },
        };

  async function spend(door: Door, who: TestAccount, address: string, times: number) {
    for (let i = 0; i < times; i++) {
      expect((await door.call(who, address)).status, `call ${i + 1}`).toBe(door.through ?? 200);
    }
  }

  for (const { operation, windowSeconds, doors } of LIMITED) {
    describe(operation, () => {
      for (const door of doors) {
        describe(`through ${door.door}`, () => {
          it(`refuses the call after ${PER_ACCOUNT} in the window with 429, Retry-After and the message, and changes nothing`, async () => {
            const who = await door.account(t);
            const address = anAddress();
            await spend(door, who, address, PER_ACCOUNT);

            const before = { rows: await fingerprint(t.database, CALLS_COUNTED), stored: await door.stored() };
            const refused = await door.call(who, address);
            const after = { rows: await fingerprint(t.database, CALLS_COUNTED), stored: await door.stored() };

            expect(refused).toEqual({
              status: 429,
              retryAfter: String(windowSeconds),
              said: tooMany(windowSeconds),
            });
            expect(changedTables(before.rows, after.rows)).toEqual([]);
            expect(after.stored).toEqual(before.stored);
          });

          it(`limits an address to ${PER_ADDRESS} calls whichever accounts make them`, async () => {
            const address = anAddress();
            for (let i = 0; i < SHARED_ADDRESS_ACCOUNTS; i++)
              await spend(door, await door.account(t), address, PER_ACCOUNT);
            const another = await door.account(t);
            expect((await door.call(another, address)).status).toBe(429);
            // The account itself has spent nothing: from another address it is let through.
            expect((await door.call(another, anAddress())).status).toBe(door.through ?? 200);
          });

          it("limits an account whichever addresses it calls from", async () => {
            const who = await door.account(t);
            const first = anAddress();
            await spend(door, who, first, PER_ACCOUNT);
            const second = anAddress();
            expect((await door.call(who, second)).status).toBe(429);
            // The second address has room for another account.
            expect((await door.call(await door.account(t), second)).status).toBe(door.through ?? 200);
          });

          it("lets calls through again once the window has passed", async () => {
            const who = await door.account(t);
            const address = anAddress();
            await spend(door, who, address, PER_ACCOUNT);
            clock = new Date(clock.getTime() + (windowSeconds - 1) * 1000);
            const refused = await door.call(who, address);
            expect(refused.status).toBe(429);
            expect(refused.retryAfter).toBe("1");
            clock = new Date(clock.getTime() + 1000);
            expect((await door.call(who, address)).status).toBe(door.through ?? 200);
          });
        });
      }
    });
  }

  it("spends nothing on a call its input refuses: a customer correcting a form is not locked out", async () => {
    const who = await signUp(t);
    const address = anAddress();
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      const res = await api("/api/review", jsonInit("POST", { rating: 4.5 }, asBearer(who)), address);
      expect(res.status).toBe(400);
    }
    await spend(LIMITED[1]!.doors[0]!, who, address, PER_ACCOUNT);
  });

  it("spends nothing on a catalog file it cannot read as a whole: an admin fixing the file's columns is not locked out", async () => {
    const admin = await signUpAdmin(t);
    const address = anAddress();
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      const res = await api(
        "/api/products.csv?dryRun=true",
        {
          method: "POST",
          headers: { ...asBearer(admin), "Content-Type": "text/csv", Origin: TEST_ORIGIN },
          body: "product_id,sku,price (tk)\r\nx,y,1\r\n",
        },
        address,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("sheet.unknown_column");
    }
    await spend(LIMITED[3]!.doors[0]!, admin, address, PER_ACCOUNT);
  });

  it("counts checking a catalog file and importing it against one budget", async () => {
    const admin = await signUpAdmin(t);
    const address = anAddress();
    const [check, apply] = LIMITED[3]!.doors;
    await spend(check!, admin, address, PER_ACCOUNT - 1);
    await spend(apply!, admin, address, 1);
    expect((await check!.call(admin, address)).status).toBe(429);
    expect((await apply!.call(admin, address)).status).toBe(429);
  });

  it("shares one counter between the API and the pages", async () => {
    const who = await signUp(t);
    const address = anAddress();
    const [apiDoor, pageDoor] = LIMITED[0]!.doors;
    await spend(apiDoor!, who, address, 1);
    await spend(pageDoor!, who, address, PER_ACCOUNT - 1);
    expect((await apiDoor!.call(who, address)).status).toBe(429);
    expect((await pageDoor!.call(who, address)).status).toBe(429);
  });

  it("tells the customer why in English and in Bangla: Buy It Now's toast, the upload field's message", async () => {
    const address = anAddress();
    const buyer = await signUp(t);
    const buyNow = LIMITED[0]!.doors[1]!;
    await spend(buyNow, buyer, address, PER_ACCOUNT);
    const toast = (await buyNow.call(buyer, address)).said as Parameters<typeof translate>[0];

    const admin = await signUpAdmin(t);
    const upload = LIMITED[2]!.doors[0]!;
    await spend(upload, admin, address, PER_ACCOUNT);
    const field = refusalOf((await upload.call(admin, address)).said);

    expect(translate(toast, "en")).toBe("Too many requests. Please try again in 60 seconds.");
    expect(translate(toast, "bn")).toBe("অনেক বেশি অনুরোধ এসেছে। ৬০ সেকেন্ড পরে আবার চেষ্টা করুন।");
    expect(translate(field, "en")).toBe("Too many requests. Please try again in 60 minutes.");
    expect(translate(field, "bn")).toBe("অনেক বেশি অনুরোধ এসেছে। ৬০ মিনিট পরে আবার চেষ্টা করুন।");
  });
});

describe("every limited operation", () => {
  /**
   * Where each operation's rule is held to its word (a call over it refused with 429, and nothing changed): this
   * file's LIMITED, or a file of its own, which sets the operation's limit low to reach it.
   */
  const CHECKED_IN: Record<LimitedOperation, { file: string; setting: string }> = {
    order: { file: "rate-limits.test.ts", setting: "ORDER_LIMIT_PER_MINUTE" },
    review: { file: "rate-limits.test.ts", setting: "REVIEW_LIMIT_PER_HOUR" },
    upload: { file: "rate-limits.test.ts", setting: "UPLOAD_LIMIT_PER_HOUR" },
    import: { file: "rate-limits.test.ts", setting: "IMPORT_LIMIT_PER_HOUR" },
    vote: { file: "rate-limits.test.ts", setting: "VOTE_LIMIT_PER_HOUR" },
    cart: { file: "cart-rate-limits.test.ts", setting: "CART_LIMIT_PER_MINUTE" },
    address: { file: "address-rate-limits.test.ts", setting: "ADDRESS_LIMIT_PER_HOUR" },
    stock: { file: "stock-ledger.test.ts", setting: "STOCK_LIMIT_PER_HOUR" },
    phone_code: { file: "cod-phone-code.test.ts", setting: "PHONE_CODE_LIMIT_PER_HOUR" },
    phone_code_check: { file: "cod-phone-code.test.ts", setting: "PHONE_CODE_LIMIT_PER_HOUR" },
    watch: { file: "back-in-stock.test.ts", setting: "WATCH_LIMIT_PER_HOUR" },
    courier: { file: "courier-booking.test.ts", setting: "COURIER_LIMIT_PER_HOUR" },
  };

  it("has a test that reaches its limit", () => {
    const operations = Object.keys(limitRules(loadConfig({})));
    expect(Object.keys(CHECKED_IN).sort()).toEqual(operations.sort());
    const unset = Object.entries(CHECKED_IN).filter(([, { file, setting }]) => {
      const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
      return !new RegExp(`\\b${setting}: (?:String\\(|")`).test(source);
    });
    expect(unset.map(([operation]) => operation)).toEqual([]);
  });
});

describe("the wait a refusal words", () => {
  it.each([
    [1, "Too many requests. Please try again in 1 seconds."],
    [90, "Too many requests. Please try again in 90 seconds."],
    [91, "Too many requests. Please try again in 2 minutes."],
    [3600, "Too many requests. Please try again in 60 minutes."],
  ])("%i seconds: %s", (seconds, said) => {
    const refusal = tooManyError(seconds);
    expect(refusal.message).toBe(said);
    expect(refusal.retryAfterSeconds).toBe(seconds);
  });
});

describe("the address a limit counts", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:0DB8:00aa:00bb::9", "2001:db8:aa:bb::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::203.0.113.5", "64:ff9b:0:0::/64"],
    ["1::2:3:4:5:203.0.113.5", "1:0:2:3::/64"],
  ])("%s counts as %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
