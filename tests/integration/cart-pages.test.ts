import { changeOnlyShelf } from "../support/stock-ledger";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cart, cartLine, order } from "@server/db/schema";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import {
  addressBookOf,
  aGuestCartLine,
  anAccountCartLine,
  anAddressBook,
  cartIdOf,
  guestCookie,
  linesOf,
  noCartsOf,
} from "../support/cart-page-scenes";
import { CALLS_COUNTED, changedTables, fingerprint, type Ignored } from "../support/fingerprint";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { usePageApp, type PageContext } from "../support/page-app";
import { textOf } from "../support/page-text";

/**
 * The cart (/cart), checkout (/checkout), My Profile's address book and /dashboard/delivery, posted as a browser
 * without JavaScript posts their forms. Who may use each form is page-authorization-matrix.test.ts's; here: a
 * guest's cart is reached only with its cookie and no one reaches another's line or address, a refused form comes
 * back with its message beside the field and what was typed, the cart's rate limit, and a guest's cart joining the
 * account's at sign-in through the sign-in form.
 */

/** The rate limits' counters: a refused cart write is counted all the same. */
const COUNTED: Ignored = CALLS_COUNTED;

/** Who posts: the cookies a browser would send (a session, a guest's cart, both or none). */
interface Browser {
  cookies: Map<string, string>;
}

/** A cookie's `name=value` split at its first `=` (a session token's value may hold more). */
const nameAndValue = (pair: string): [string, string] => {
  const at = pair.indexOf("=");
  return at < 0 ? [pair.trim(), ""] : [pair.slice(0, at).trim(), pair.slice(at + 1)];
};
const browser = (...pairs: string[]): Browser => ({ cookies: new Map(pairs.filter(Boolean).map(nameAndValue)) });
const cookieOf = (b: Browser) => [...b.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
const asAccount = (b: Browser) => ({ cookie: cookieOf(b) }) as TestAccount;

/** Keeps the cookies an answer sets, and forgets the ones it clears, as the browser does. */
function keep(b: Browser, res: Response) {
  for (const set of res.headers.getSetCookie()) {
    const [pair = "", ...attributes] = set.split(";");
    const [name, value] = nameAndValue(pair);
    const cleared = value === "" || attributes.some((a) => /^\s*max-age=0$/i.test(a));
    if (cleared) b.cookies.delete(name);
    else b.cookies.set(name, value);
  }
}

const TOKEN_OF = (b: Browser) => b.cookies.get("randa.cart");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The value an `<input id=…>` is drawn with. */
function inputValue(html: string, id: string): string | undefined {
  const input = new RegExp(`<input(?=[^>]*\\sid="${id}")[^>]*>`).exec(html)?.[0];
  return input ? /\svalue="([^"]*)"/.exec(input)?.[1] : undefined;
}
/** The option a `<select id=…>` is drawn with chosen. */
function selected(html: string, id: string): string | undefined {
  const select = new RegExp(`<select(?=[^>]*\\sid="${id}")[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1];
}
const textarea = (html: string, id: string) =>
  new RegExp(`<textarea(?=[^>]*\\sid="${id}")[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
/** Whether the checkbox or radio button `name` (with `value`, when given) is drawn ticked. */
function ticked(html: string, name: string, value?: string): boolean | undefined {
  const boxes = [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);
  const box = boxes.find(
    (b) => b.includes(` name="${name}"`) && (value === undefined || b.includes(` value="${value}"`)),
  );
  return box === undefined ? undefined : / checked=""/.test(box);
}
/** What a person reads in the page's `<main>`: not the navbar's nor the footer's (its popular tools name products). */
const mainText = (html: string) => textOf(/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "");
/** The message drawn under a field: `<p id="{id}-error">`, as app/components/ui/field.tsx writes it. */
const errorUnder = (html: string, id: string) =>
  new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1]?.replace(/&#x27;/g, "'");

describe("the cart, checkout and address book pages, posted without JavaScript", () => {
  const t = usePageApp();
  let owner: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    owner = await signUp(t);
    other = await signUp(t);
    admin = await signUpAdmin(t);
  });

  /** A document post as `who`'s browser, keeping the cookies its answer sets. */
  async function post(who: Browser, path: string, fields: Record<string, string | string[]>) {
    const res = await t.postForm(path, fields, who.cookies.size > 0 ? asAccount(who) : undefined);
    keep(who, res);
    return res;
  }
  async function page(who: Browser, path: string) {
    const res = await t.request(path, { headers: who.cookies.size > 0 ? { Cookie: cookieOf(who) } : {} });
    keep(who, res);
    return { status: res.status, html: await res.text(), res };
  }
  /** A post and what it changed. */
  async function posted(who: Browser, path: string, fields: Record<string, string | string[]>) {
    const before = await fingerprint(t.database, COUNTED);
    const res = await post(who, path, fields);
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    return { answer, html, res, changed: changedTables(before, await fingerprint(t.database, COUNTED)) };
  }
  const signedIn = (a: TestAccount) => browser(a.cookie);

  describe("the cart: a guest's is named by its cookie, and no one reaches another's line", () => {
    it("a guest's first Add to cart makes a cart and an httpOnly cookie; the next ones join the same line", async () => {
      const chisel = await makeProduct(t);
      const guest = browser();
      const first = await posted(guest, "/cart", { intent: "add", productId: chisel.id, quantity: "20" });
      expect(first.answer.done, first.answer.message!).toBe(true);
      expect(first.answer.message).toBe("Added to cart");
      const set = first.res.headers.getSetCookie().find((c) => c.startsWith("randa.cart="))!;
      expect(set).toMatch(/; HttpOnly/);
      expect(set).toMatch(/; SameSite=Lax/);
      expect(set).toMatch(/; Path=\//);
      const token = TOKEN_OF(guest)!;
      // The database keeps the token's hash, never the token.
      const [row] = await t.database.db
        .select()
        .from(cart)
        .where(eq(cart.tokenHash, sha256(token)));
      expect(row).toBeDefined();
      expect(row!.userId).toBeNull();
      expect(await t.database.db.$count(cart, eq(cart.tokenHash, token))).toBe(0);
      expect(await linesOf(t, row!.id)).toEqual([{ productId: chisel.id, quantity: 20 }]);

      const again = await posted(guest, "/cart", { intent: "add", productId: chisel.id, quantity: "20" });
      expect(again.answer.done).toBe(true);
      expect(again.res.headers.getSetCookie().filter((c) => c.startsWith("randa.cart="))).toEqual([]);
      expect(await linesOf(t, row!.id)).toEqual([{ productId: chisel.id, quantity: 40 }]);

      const shown = mainText((await page(guest, "/cart")).html);
      expect(shown).toContain(chisel.name);
      // Another guest, and a visitor with no cart, see an empty cart.
      expect(mainText((await page(browser(), "/cart")).html)).toContain("Your cart is empty.");
      const another = await aGuestCartLine(t);
      const theirs = mainText((await page(browser(guestCookie(another.cartToken!)), "/cart")).html);
      expect(theirs).toContain(another.productName!);
      expect(theirs).not.toContain(chisel.name);
    });

    it("a refused Add to cart leaves no cart and no cookie behind", async () => {
      const saw = await makeProduct(t);
      const guest = browser();
      for (const quantity of ["19", "30", "220", "abc"]) {
        const refused = await posted(guest, "/cart", { intent: "add", productId: saw.id, quantity });
        expect(refused.answer.refused, quantity).toBe(true);
        expect([400, 409], quantity).toContain(refused.answer.status);
        expect(refused.changed, quantity).toEqual([]);
        expect(guest.cookies.size, quantity).toBe(0);
        // Said on the page itself, as a browser without JavaScript shows no toast.
        expect(textOf(refused.html), quantity).toContain(refused.answer.message!);
      }
    });

    it("a line is changed and removed only through its own cart's cookie or session: anyone else's post is 404 and changes nothing", async () => {
      const guestScene = await aGuestCartLine(t);
      const guest = browser(guestCookie(guestScene.cartToken!));
      const ownerScene = await anAccountCartLine(t, owner);
      const strangers: [string, Browser, string][] = [
        ["a visitor with no cart, the guest's line", browser(), guestScene.lineId!],
        [
          "another guest, the guest's line",
          browser(guestCookie((await aGuestCartLine(t)).cartToken!)),
          guestScene.lineId!,
        ],
        ["the owner, the guest's line", signedIn(owner), guestScene.lineId!],
        ["an admin, the guest's line", signedIn(admin), guestScene.lineId!],
        ["the guest, the owner's line", guest, ownerScene.lineId!],
        ["another customer, the owner's line", signedIn(other), ownerScene.lineId!],
        ["an admin, the owner's line", signedIn(admin), ownerScene.lineId!],
        ["a visitor with no cart, the owner's line", browser(), ownerScene.lineId!],
      ];
      for (const [who, b, lineId] of strangers) {
        const forms: Record<string, string>[] = [
          { intent: "set", lineId, quantity: "60" },
          { intent: "remove", lineId },
        ];
        for (const fields of forms) {
          const { answer, changed } = await posted(b, "/cart", fields);
          const seen = `${who}, ${fields.intent}: ${JSON.stringify(answer.toast)}`;
          expect(answer.status, seen).toBe(404);
          expect(answer.message, seen).toBe("This line is not in your cart.");
          expect(changed, seen).toEqual([]);
        }
      }
      expect(await linesOf(t, guestScene.cartId!)).toEqual([{ productId: guestScene.productId, quantity: 20 }]);
      expect(await linesOf(t, ownerScene.cartId!)).toEqual([{ productId: ownerScene.productId, quantity: 20 }]);

      // Each changes its own.
      for (const [b, s] of [
        [guest, guestScene],
        [signedIn(owner), ownerScene],
      ] as const) {
        const set = await posted(b, "/cart", { intent: "set", lineId: s.lineId!, quantity: "60" });
        expect(set.answer.message).toBe("Cart updated");
        expect(await linesOf(t, s.cartId!)).toEqual([{ productId: s.productId, quantity: 60 }]);
        const removed = await posted(b, "/cart", { intent: "remove", lineId: s.lineId! });
        expect(removed.answer.message).toBe("Removed from cart");
        expect(await linesOf(t, s.cartId!)).toEqual([]);
      }
    });
  });

  describe("checkout", () => {
    const orderForm = (change: Record<string, string> = {}) => ({
      addressId: "new",
      ...TEST_DELIVERY,
      paymentMethod: "card",
      attempt: `attempt-${Math.random().toString(36).slice(2)}`,
      ...change,
    });

    it("asks a visitor to sign in first, and comes back to the same checkout after", async () => {
      const plane = await makeProduct(t);
      const path = `/checkout?productId=${plane.id}&quantity=20`;
      const shown = await page(browser(), path);
      expect(shown.status).toBe(302);
      expect(shown.res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const placed = await posted(browser(), path, orderForm());
      expect(placed.answer.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(placed.changed).toEqual([]);
    });

    it("places the cart's lines as one order, takes them out of the cart, and sends a card payer to Pay Order", async () => {
      const buyer = await signUp(t);
      const b = signedIn(buyer);
      const [chisel, mallet] = [await makeProduct(t), await makeProduct(t, { minimumQuantity: 1 })];
      for (const [productId, quantity] of [
        [chisel.id, "40"],
        [mallet.id, "1"],
      ] as const) {
        expect((await readAnswer(await post(b, "/cart", { intent: "add", productId, quantity }))).done).toBe(true);
      }
      const shown = mainText((await page(b, "/checkout")).html);
      expect(shown).toContain(chisel.name);
      expect(shown).toContain(mallet.name);

      const form = orderForm({ saveAddress: "on", address: "Shop 4, Tongi Bazar" });
      const { answer, changed } = await posted(b, "/checkout", form);
      expect(answer.status).toBe(302);
      const [, orderId] = /^\/dashboard\/payment\/([0-9a-f-]{36})$/.exec(answer.location ?? "") ?? [];
      expect(orderId, answer.location!).toBeDefined();
      expect(changed).toEqual(
        expect.arrayContaining([
          "public.cart_line",
          "public.order",
          "public.order_line",
          "public.product",
          "public.saved_address",
        ]),
      );
      const [placed] = await t.database.db.select().from(order).where(eq(order.id, orderId!));
      expect(placed).toMatchObject({ buyerEmail: buyer.email, status: "unpaid", lineCount: 2 });
      expect(await linesOf(t, (await cartIdOf(t, buyer))!)).toEqual([]);
      expect((await addressBookOf(t, buyer)).map((a) => a.delivery.address)).toEqual(["Shop 4, Tongi Bazar"]);

      // The same Place order again (a double tap, a reload of the answer): the same order, nothing more.
      const again = await posted(b, "/checkout", form);
      expect(again.answer.location).toBe(answer.location);
      expect(again.changed).toEqual([]);
    });

    it("Buy It Now's line alone: the order of that line, cash on delivery to the order's page, the cart as it was", async () => {
      const buyer = await signUp(t);
      const b = signedIn(buyer);
      const inCart = await anAccountCartLine(t, buyer);
      const gauge = await makeProduct(t);
      const path = `/checkout?productId=${gauge.id}&quantity=40`;
      const shown = mainText((await page(b, path)).html);
      expect(shown).toContain(gauge.name);
      expect(shown).not.toContain(inCart.productName!);
      const { answer, changed } = await posted(b, path, orderForm({ paymentMethod: "cod" }));
      const [, orderId] = /^\/dashboard\/order\/([0-9a-f-]{36})$/.exec(answer.location ?? "") ?? [];
      expect(orderId, JSON.stringify(answer)).toBeDefined();
      expect(changed).not.toContain("public.cart_line");
      const [placed] = await t.database.db.select().from(order).where(eq(order.id, orderId!));
      expect(placed).toMatchObject({ productId: gauge.id, quantity: 40, lineCount: 1, status: "cod" });
      expect(await linesOf(t, inCart.cartId!)).toEqual([{ productId: inCart.productId, quantity: 20 }]);
    });

    it("a refused delivery field is said beside it, and every field comes back as typed", async () => {
      const buyer = await signUp(t);
      const b = signedIn(buyer);
      await anAccountCartLine(t, buyer);
      const typed = {
        addressId: "new",
        name: "রহিমা আক্তার",
        phone: "12345",
        division: "Sylhet",
        district: "Sylhet",
        address: "Zindabazar, Lane 4",
        saveAddress: "on",
        paymentMethod: "cod",
        attempt: "attempt-refused-phone",
      };
      const { answer, html, changed } = await posted(b, "/checkout", typed);
      expect(answer.status).toBe(400);
      expect(changed).toEqual([]);
      expect(errorUnder(html, "phone")).toBe(
        "Enter a Bangladeshi mobile number: 11 digits starting 01, e.g. 01712345678",
      );
      expect(html).toMatch(
        /<input(?=[^>]*\sid="phone")(?=[^>]*aria-invalid="true")(?=[^>]*aria-describedby="phone-error")/,
      );
      expect(inputValue(html, "name")).toBe("রহিমা আক্তার");
      expect(inputValue(html, "phone")).toBe("12345");
      expect(selected(html, "division")).toBe("Sylhet");
      expect(selected(html, "district")).toBe("Sylhet");
      expect(textarea(html, "address")).toBe("Zindabazar, Lane 4");
      expect(ticked(html, "saveAddress")).toBe(true);
      expect(ticked(html, "paymentMethod", "cod")).toBe(true);
      expect(ticked(html, "paymentMethod", "card")).toBe(false);

      // Several at once: each beside its own field.
      const many = await posted(b, "/checkout", { ...typed, name: "", phone: "01712345678", district: "Gazipur" });
      expect(many.answer.status).toBe(400);
      expect(errorUnder(many.html, "name")).toBe("Delivery Name Is Required");
      expect(errorUnder(many.html, "district")).toBe("Choose a district of the chosen division");
      expect(errorUnder(many.html, "phone")).toBeUndefined();
      expect(inputValue(many.html, "phone")).toBe("01712345678");
      expect(many.changed).toEqual([]);
    });

    it("a new address starts from what My Profile knows: the buyer's name, phone and address", async () => {
      const buyer = await signUp(t);
      await anAccountCartLine(t, buyer);
      const saved = await t.request(
        `/api/profile/${encodeURIComponent(buyer.email)}`,
        jsonInit("PUT", { education: "", number: "01819876543", location: "Shop 7, Kazir Dewri" }, asBearer(buyer)),
      );
      expect(saved.status).toBe(200);
      const { html } = await page(signedIn(buyer), "/checkout");
      expect(inputValue(html, "name")).toBe(buyer.name);
      expect(inputValue(html, "phone")).toBe("01819876543");
      expect(textarea(html, "address")).toBe("Shop 7, Kazir Dewri");
    });

    it("a line checkout cannot take refuses the whole order, naming it on the page", async () => {
      const buyer = await signUp(t);
      const b = signedIn(buyer);
      const { cartId, productId, productName } = await anAccountCartLine(t, buyer);
      await changeOnlyShelf(t.database.db, productId!, { availability: 10 });
      const { answer, html, changed } = await posted(b, "/checkout", orderForm());
      expect(answer.status).toBe(409);
      expect(changed).toEqual([]);
      expect(textOf(html)).toContain(`Nothing was ordered. Change these lines and try again: ${productName}`);
      expect(await linesOf(t, cartId!)).toEqual([{ productId, quantity: 20 }]);
    });
  });

  describe("saved addresses: another customer's is never shown nor reached", () => {
    it("only its owner sees, chooses, changes, removes or makes default an address", async () => {
      const mine = `House ${Math.random().toString(36).slice(2, 8)}, Owner's Lane`;
      const o = signedIn(owner);
      await anAddressBook(t, owner, 0);
      const added = await posted(o, "/dashboard/profile", { intent: "address-add", ...TEST_DELIVERY, address: mine });
      expect(added.answer.message).toBe("Address saved");
      await posted(o, "/dashboard/profile", { intent: "address-add", ...TEST_DELIVERY, address: "Second House" });
      const book = await addressBookOf(t, owner);
      expect(book.map((a) => [a.delivery.address, a.isDefault])).toEqual([
        [mine, true],
        ["Second House", false],
      ]);
      const [first, second] = book;

      await anAccountCartLine(t, other);
      for (const who of [other, admin]) {
        const b = signedIn(who);
        for (const path of ["/dashboard/profile", "/checkout"]) {
          const { status, html } = await page(b, path);
          expect(status, path).toBe(200);
          expect(mainText(html), `${who.email} ${path}`).not.toContain("Owner's Lane");
        }
        const attempts: Record<string, string>[] = [
          { intent: "address-save", addressId: first!.id, ...TEST_DELIVERY, address: "Taken over" },
          { intent: "address-remove", addressId: first!.id },
          { intent: "address-default", addressId: second!.id },
        ];
        for (const fields of attempts) {
          const { answer, changed } = await posted(b, "/dashboard/profile", fields);
          expect(answer.status, fields.intent).toBe(404);
          expect(answer.message, fields.intent).toBe("Address not found");
          expect(changed, fields.intent).toEqual([]);
        }
        const placing = await posted(b, "/checkout", {
          addressId: first!.id,
          paymentMethod: "card",
          attempt: `attempt-${who.email}`,
        });
        expect(placing.answer.status).toBe(404);
        expect(placing.answer.message).toBe("Address not found");
        expect(placing.changed).toEqual([]);
      }
      expect(await addressBookOf(t, owner)).toEqual(book);

      // The owner's checkout offers both, and takes the saved one.
      await noCartsOf(t, [owner]);
      const mallet = await makeProduct(t);
      const path = `/checkout?productId=${mallet.id}&quantity=20`;
      expect(mainText((await page(o, path)).html)).toContain(mine);
      const placed = await posted(o, path, { addressId: second!.id, paymentMethod: "card", attempt: "attempt-saved" });
      const [, orderId] = /^\/dashboard\/payment\/([0-9a-f-]{36})$/.exec(placed.answer.location ?? "") ?? [];
      const [row] = await t.database.db.select().from(order).where(eq(order.id, orderId!));
      expect(row!.delivery).toEqual(second!.delivery);
    });

    it("a refused address is said beside its field in the form it came from, with what was typed", async () => {
      const o = signedIn(owner);
      const { addressId } = await anAddressBook(t, owner, 1);
      const typed = { name: "", phone: "0171", division: "Khulna", district: "Jashore", address: "New Market" };
      const adding = await posted(o, "/dashboard/profile", { intent: "address-add", ...typed, isDefault: "on" });
      expect(adding.answer.status).toBe(400);
      expect(adding.changed).toEqual([]);
      const phone = "Enter a Bangladeshi mobile number: 11 digits starting 01, e.g. 01712345678";
      expect(errorUnder(adding.html, "new-address-phone")).toBe(phone);
      expect(errorUnder(adding.html, "new-address-name")).toBe("Delivery Name Is Required");
      expect(inputValue(adding.html, "new-address-name")).toBe("");
      expect(inputValue(adding.html, "new-address-phone")).toBe("0171");
      expect(selected(adding.html, "new-address-division")).toBe("Khulna");
      expect(selected(adding.html, "new-address-district")).toBe("Jashore");
      expect(textarea(adding.html, "new-address-address")).toBe("New Market");
      expect(ticked(adding.html, "isDefault")).toBe(true);
      // The saved address's own form is as saved, with no message.
      expect(errorUnder(adding.html, `${addressId}-phone`)).toBeUndefined();
      expect(inputValue(adding.html, `${addressId}-phone`)).toBe(TEST_DELIVERY.phone);

      const saving = await posted(o, "/dashboard/profile", {
        intent: "address-save",
        addressId: addressId!,
        ...TEST_DELIVERY,
        name: "",
        address: "Edited, not saved",
      });
      expect(saving.answer.status).toBe(400);
      expect(saving.changed).toEqual([]);
      expect(errorUnder(saving.html, `${addressId}-name`)).toBe("Delivery Name Is Required");
      expect(inputValue(saving.html, `${addressId}-name`)).toBe("");
      expect(textarea(saving.html, `${addressId}-address`)).toBe("Edited, not saved");
      expect(errorUnder(saving.html, "new-address-name")).toBeUndefined();
      // The form that was refused is drawn open, so its message shows without a click.
      const drawnOpen = (html: string, id: string) =>
        new RegExp(`<details[^>]*open=""[^>]*>(?:(?!</details>)[\\s\\S])*id="${id}"`).test(html);
      expect(drawnOpen(saving.html, `${addressId}-name`)).toBe(true);
      expect(drawnOpen(saving.html, "new-address-name")).toBe(false);
      expect(drawnOpen(adding.html, "new-address-name")).toBe(true);
    });

    it("an intent no form of the book sends changes nothing", async () => {
      const o = signedIn(owner);
      const { secondAddressId } = await anAddressBook(t, owner, 2);
      for (const intent of ["address-", "address-defaults", "address-default\u0000", "address-delete"]) {
        const { answer, changed } = await posted(o, "/dashboard/profile", { intent, addressId: secondAddressId! });
        expect(answer.status, JSON.stringify(intent)).toBe(400);
        expect(changed, JSON.stringify(intent)).toEqual([]);
      }
    });
  });

  describe("/dashboard/delivery", () => {
    const zones = (change: Record<string, string | string[]> = {}) => ({
      "dhaka_city.firstKg": "70",
      "dhaka_city.perKg": "15",
      "dhaka_city.codAvailable": "on",
      "dhaka_city.district": ["Dhaka"],
      "dhaka_suburbs.firstKg": "100",
      "dhaka_suburbs.perKg": "20",
      "dhaka_suburbs.freeAbove": "",
      "dhaka_suburbs.codAvailable": "on",
      "dhaka_suburbs.district": ["Gazipur", "Narayanganj"],
      "outside_dhaka.firstKg": "130",
      "outside_dhaka.perKg": "25",
      "outside_dhaka.freeAbove": "",
      "outside_dhaka.codAvailable": "on",
      ...change,
    });

    it("a refused charge is said beside its field, and the form comes back as typed: numbers, boxes and districts", async () => {
      const a = signedIn(admin);
      const typed = zones({
        "dhaka_city.firstKg": "-5",
        "dhaka_city.perKg": "17.5",
        "dhaka_city.advance": "on",
        "dhaka_city.district": ["Dhaka", "Munshiganj"],
        "dhaka_suburbs.codAvailable": [],
        "outside_dhaka.freeAbove": "2500",
      });
      const { answer, html, changed } = await posted(a, "/dashboard/delivery", typed);
      expect(answer.status).toBe(400);
      expect(changed).toEqual([]);
      expect(errorUnder(html, "dhaka_city-firstKg")).toBe(
        "Charges must be amounts in Tk from 0 to 10,000, in poisha at most",
      );
      expect(errorUnder(html, "dhaka_city-perKg")).toBeUndefined();
      expect(inputValue(html, "dhaka_city-firstKg")).toBe("-5");
      expect(inputValue(html, "dhaka_city-perKg")).toBe("17.5");
      expect(inputValue(html, "outside_dhaka-freeAbove")).toBe("2500");
      expect(ticked(html, "dhaka_city.advance")).toBe(true);
      expect(ticked(html, "dhaka_suburbs.codAvailable")).toBe(false);
      expect(ticked(html, "dhaka_city.codAvailable")).toBe(true);
      expect(ticked(html, "dhaka_city.district", "Munshiganj")).toBe(true);
      expect(ticked(html, "dhaka_city.district", "Dhaka")).toBe(true);
      expect(ticked(html, "dhaka_suburbs.district", "Gazipur")).toBe(true);
      expect(ticked(html, "dhaka_suburbs.district", "Tangail")).toBe(false);

      // A district in two zones: said under the zone that named it second.
      const twice = await posted(a, "/dashboard/delivery", zones({ "dhaka_suburbs.district": ["Gazipur", "Dhaka"] }));
      expect(twice.answer.status).toBe(400);
      expect(twice.changed).toEqual([]);
      expect(textOf(twice.html)).toContain("A district can be in one zone only");
      expect(ticked(twice.html, "dhaka_suburbs.district", "Dhaka")).toBe(true);
    });

    it("saves the three zones, and the page then shows them as saved", async () => {
      const a = signedIn(admin);
      const { answer, changed } = await posted(
        a,
        "/dashboard/delivery",
        zones({ "dhaka_city.firstKg": "75", "dhaka_suburbs.district": ["Gazipur", "Tangail"] }),
      );
      expect(answer.done, JSON.stringify(answer.formErrors)).toBe(true);
      expect(answer.message).toBe("Delivery charges saved");
      expect(changed).toEqual(["public.delivery_zone"]);
      const { html } = await page(a, "/dashboard/delivery");
      expect(inputValue(html, "dhaka_city-firstKg")).toBe("75");
      expect(ticked(html, "dhaka_suburbs.district", "Tangail")).toBe(true);
      expect(ticked(html, "dhaka_suburbs.district", "Narayanganj")).toBe(false);
    });
  });

  describe("a guest's cart joins the account's at sign-in, through the sign-in form", () => {
    it("adds up a product in both, keeps the rest, forgets the guest's cookie and cart, and shows it at checkout", async () => {
      const account = await signUp(t);
      const [chisel, plane] = [await makeProduct(t), await makeProduct(t)];
      await post(signedIn(account), "/cart", { intent: "add", productId: chisel.id, quantity: "20" });
      const b = browser();
      await post(b, "/cart", { intent: "add", productId: chisel.id, quantity: "40" });
      await post(b, "/cart", { intent: "add", productId: plane.id, quantity: "20" });
      const guestHash = sha256(TOKEN_OF(b)!);

      // Checkout asks a guest to sign in, and the sign-in form comes back there.
      const asked = await page(b, "/checkout");
      expect(asked.res.headers.get("location")).toBe("/login?redirectTo=%2Fcheckout");
      const signIn = await post(b, "/login", {
        email: account.email,
        password: account.password,
        redirectTo: "/checkout",
      });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe("/checkout");
      expect(b.cookies.has("randa.session_token")).toBe(true);

      // The checkout page's loader and the navbar's count both read the cart, side by side: one joins it.
      const back = await page(b, "/checkout");
      expect(back.status, mainText(back.html).slice(0, 300)).toBe(200);
      const shown = mainText(back.html);
      expect(shown).toContain(chisel.name);
      expect(shown).toContain(plane.name);
      // The guest's cookie is cleared, its cart gone: the lines are the account's now.
      expect(b.cookies.has("randa.cart")).toBe(false);
      expect(await t.database.db.$count(cart, eq(cart.tokenHash, guestHash))).toBe(0);
      const lines = await linesOf(t, (await cartIdOf(t, account))!);
      expect(lines).toEqual([
        { productId: chisel.id, quantity: 60 },
        { productId: plane.id, quantity: 20 },
      ]);
      // Once: the next pages find nothing more to join.
      await page(b, "/cart");
      expect(await linesOf(t, (await cartIdOf(t, account))!)).toEqual(lines);
    });

    it("an account with no cart gets the guest's lines once, however many of its pages load at once", async () => {
      const account = await signUp(t);
      const [saw, gauge] = [await makeProduct(t), await makeProduct(t)];
      const b = browser();
      await post(b, "/cart", { intent: "add", productId: saw.id, quantity: "20" });
      await post(b, "/cart", { intent: "add", productId: gauge.id, quantity: "40" });
      const signIn = await post(b, "/login", { email: account.email, password: account.password, redirectTo: "/cart" });
      expect(signIn.headers.get("location")).toBe("/cart");
      const cookies = cookieOf(b);
      const pages = await Promise.all(
        ["/cart", "/checkout", "/cart", "/"].map((path) => t.request(path, { headers: { Cookie: cookies } })),
      );
      expect(pages.map((res) => res.status)).toEqual([200, 200, 200, 200]);
      expect(await linesOf(t, (await cartIdOf(t, account))!)).toEqual([
        { productId: saw.id, quantity: 20 },
        { productId: gauge.id, quantity: 40 },
      ]);
    });
  });
});

describe("the cart's rate limit on its page", () => {
  const PER_MINUTE = 3;
  const t: PageContext = usePageApp({ CART_LIMIT_PER_MINUTE: String(PER_MINUTE) });
  let clock = new Date(Date.UTC(2026, 10, 27, 9, 0, 0));

  beforeAll(() => {
    // The limits' windows run on the store's clock, which the tests move instead of waiting.
    t.services.now = () => clock;
  });

  async function limited(who: Browser, fields: (i: number) => Record<string, string>) {
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await t.postForm("/cart", fields(i), who.cookies.size > 0 ? asAccount(who) : undefined);
      keep(who, res);
      expect((await readAnswer(res)).done, `post ${i + 1}`).toBe(true);
    }
    const before = await fingerprint(t.database, COUNTED);
    const res = await t.postForm("/cart", fields(PER_MINUTE), asAccount(who));
    const retryAfter = res.headers.get("retry-after");
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    return { answer, retryAfter, html, changed: changedTables(before, await fingerprint(t.database, COUNTED)) };
  }

  it("answers 429 with Retry-After and says so on the page, and the refused change changes nothing: a guest's and a customer's", async () => {
    const account = await signUp(t);
    const products = await Promise.all(Array.from({ length: PER_MINUTE + 1 }, () => makeProduct(t)));
    // Writes count against the guest's cart and the customer's account (each holds a cart already: the write that
    // makes a cart is counted against the address).
    const guest = browser(guestCookie((await aGuestCartLine(t)).cartToken!));
    await anAccountCartLine(t, account);
    for (const who of [guest, browser(account.cookie)]) {
      clock = new Date(clock.getTime() + 61_000);
      const { answer, retryAfter, html, changed } = await limited(who, (i) => ({
        intent: "add",
        productId: products[i]!.id,
        quantity: "20",
      }));
      expect(answer.status, `${cookieOf(who)}: ${answer.message}`).toBe(429);
      expect(retryAfter).toBe("60");
      expect(answer.message).toBe("Too many requests. Please try again in 60 seconds.");
      expect(textOf(html)).toContain("Too many requests. Please try again in 60 seconds.");
      expect(changed).toEqual([]);
    }

    // Changing and removing lines count against the same limit; a new window takes them again.
    clock = new Date(clock.getTime() + 61_000);
    const b = browser(account.cookie);
    const cartId = (await cartIdOf(t, account))!;
    const [{ id: lineId }] = (await t.database.db
      .select({ id: cartLine.id })
      .from(cartLine)
      .where(eq(cartLine.cartId, cartId))
      .limit(1)) as [{ id: string }];
    const { answer, retryAfter } = await limited(b, (i): Record<string, string> =>
      i < PER_MINUTE ? { intent: "set", lineId, quantity: String(40 + 20 * i) } : { intent: "remove", lineId },
    );
    expect(answer.status, `set and remove: ${answer.message}`).toBe(429);
    expect(retryAfter).toBe("60");
    clock = new Date(clock.getTime() + 61_000);
    const res = await t.postForm("/cart", { intent: "remove", lineId }, asAccount(b));
    expect((await readAnswer(res)).message).toBe("Removed from cart");
  });
});
