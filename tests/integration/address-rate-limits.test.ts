import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { savedAddress } from "@server/db/schema";
import { SHARED_ADDRESS_ACCOUNTS } from "@server/limits/rules";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { anAddressBook, userIdOf } from "../support/cart-page-scenes";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

/** Address-book writes one account may make in an hour's window; an address (of the network), three accounts' worth. */
const PER_ACCOUNT = 3;
const WINDOW_SECONDS = 3600;
const TOO_MANY = {
  message: `Too many requests. Please try again in ${WINDOW_SECONDS / 60} minutes.`,
  code: "request.too_many_minutes",
  params: { minutes: WINDOW_SECONDS / 60 },
};

/** An in-process request as if from `address`: the socket the server reads the client's address from. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe("the address book's rate limit", () => {
  const t = useTestApp({ ADDRESS_LIMIT_PER_HOUR: String(PER_ACCOUNT) });
  let clock = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));
  let lastAddress = 0;
  const anAddress = () => `198.51.100.${++lastAddress}`;

  beforeAll(() => {
    // The limits' windows run on the store's clock, which the tests move instead of waiting.
    t.services.now = () => clock;
  });

  async function send(path: string, init: RequestInit, address: string) {
    const res = await t.app.request(path, init, from(address));
    return { status: res.status, retryAfter: res.headers.get("retry-after"), said: await res.json() };
  }
  const save = (buyer: TestAccount, i: number, address: string) =>
    send(
      "/api/addresses",
      jsonInit("POST", { delivery: { ...TEST_DELIVERY, address: `House ${i}` } }, asBearer(buyer)),
      address,
    );
  const bookOf = async (buyer: TestAccount) =>
    t.database.db
      .select()
      .from(savedAddress)
      .where(eq(savedAddress.userId, await userIdOf(t, buyer)));

  /** A customer with one saved address, saved in the database (saving by the API would spend the budget). */
  async function aBookOfOne() {
    const buyer = await signUp(t);
    const { addressId } = await anAddressBook(t, buyer);
    return { buyer, addressId: addressId! };
  }

  it(`refuses the ${PER_ACCOUNT + 1}th write of the hour with 429, Retry-After and the message, and changes nothing`, async () => {
    const buyer = await signUp(t);
    const address = anAddress();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await save(buyer, i, address)).status).toBe(200);

    const before = await fingerprint(t.database, CALLS_COUNTED);
    const refused = await save(buyer, PER_ACCOUNT, address);
    expect(refused).toEqual({ status: 429, retryAfter: String(WINDOW_SECONDS), said: TOO_MANY });
    expect(changedTables(before, await fingerprint(t.database, CALLS_COUNTED))).toEqual([]);
    expect(await bookOf(buyer)).toHaveLength(PER_ACCOUNT);
  });

  it("counts saving, changing and removing against one budget, and a new hour takes them again", async () => {
    const { buyer, addressId } = await aBookOfOne();
    const address = anAddress();
    const change = (text: string) =>
      send(
        `/api/addresses/${addressId}`,
        jsonInit("PUT", { delivery: { ...TEST_DELIVERY, address: text } }, asBearer(buyer)),
        address,
      );
    const remove = () =>
      send(
        `/api/addresses/${addressId}`,
        { method: "DELETE", headers: { Origin: TEST_ORIGIN, ...asBearer(buyer) } },
        address,
      );

    expect((await save(buyer, 1, address)).status).toBe(200);
    expect((await change("Changed once")).status).toBe(200);
    expect((await change("Changed twice")).status).toBe(200);
    expect(await change("Changed thrice")).toMatchObject({ status: 429, said: TOO_MANY });
    expect(await remove()).toMatchObject({ status: 429, said: TOO_MANY });
    expect((await bookOf(buyer)).find((a) => a.id === addressId)?.delivery.address).toBe("Changed twice");

    clock = new Date(clock.getTime() + WINDOW_SECONDS * 1000);
    expect((await remove()).status).toBe(200);
    expect((await bookOf(buyer)).map((a) => a.id)).not.toContain(addressId);
  });

  it("spends nothing on a write its input refuses, on another's address, or on reading the book", async () => {
    const buyer = await signUp(t);
    const someoneElse = await aBookOfOne();
    const address = anAddress();
    for (let i = 0; i < PER_ACCOUNT * SHARED_ADDRESS_ACCOUNTS + 1; i++) {
      const bad = await send(
        "/api/addresses",
        jsonInit("POST", { delivery: { ...TEST_DELIVERY, phone: "123" } }, asBearer(buyer)),
        address,
      );
      expect(bad.status).toBe(400);
      const theirs = await send(
        `/api/addresses/${someoneElse.addressId}`,
        { method: "DELETE", headers: { Origin: TEST_ORIGIN, ...asBearer(buyer) } },
        address,
      );
      expect(theirs.status).toBe(404);
      expect((await send("/api/addresses", { headers: asBearer(buyer) }, address)).status).toBe(200);
    }
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await save(buyer, i, address)).status).toBe(200);
    expect((await save(buyer, PER_ACCOUNT, address)).status).toBe(429);
  });

  it(`limits a network address to ${PER_ACCOUNT * SHARED_ADDRESS_ACCOUNTS} writes whichever accounts make them`, async () => {
    const address = anAddress();
    for (let a = 0; a < SHARED_ADDRESS_ACCOUNTS; a++) {
      const buyer = await signUp(t);
      for (let i = 0; i < PER_ACCOUNT; i++) expect((await save(buyer, i, address)).status).toBe(200);
    }
    const another = await signUp(t);
    expect((await save(another, 0, address)).status).toBe(429);
    expect((await save(another, 0, anAddress())).status).toBe(200);
  });
});

describe("the address book's rate limit in My Profile", () => {
  const t = usePageApp({ ADDRESS_LIMIT_PER_HOUR: String(PER_ACCOUNT) });

  it("answers 429 with Retry-After beside the form, and the refused change changes nothing", async () => {
    const buyer = await signUp(t);
    const { addressId } = await anAddressBook(t, buyer);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await t.postForm(
        "/dashboard/profile",
        { intent: "address-save", addressId: addressId!, ...TEST_DELIVERY, address: `Edit ${i}` },
        buyer,
      );
      expect((await readAnswer(res)).done, `edit ${i + 1}`).toBe(true);
    }
    const before = await fingerprint(t.database, CALLS_COUNTED);
    const res = await t.postForm("/dashboard/profile", { intent: "address-default", addressId: addressId! }, buyer);
    const retryAfter = res.headers.get("retry-after");
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    expect(answer.status).toBe(429);
    // The page's store runs on the real clock: the window opened as many seconds ago as the edits took.
    expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(Number(retryAfter)).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(textOf(html)).toContain(TOO_MANY.message);
    expect(changedTables(before, await fingerprint(t.database, CALLS_COUNTED))).toEqual([]);
  });
});
