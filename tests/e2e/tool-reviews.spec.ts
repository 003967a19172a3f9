import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { BASE_URL, DEMO_ADMIN, newCustomer, registerViaApi, signIn } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { inLanguage, mainWidth } from "./checkout";
import { expect, test as base } from "./fixtures";
import { deliveryOfItsOwn, orderViaApi, signInViaApi, toast } from "./shop";

// A tool's reviews on its page (/detail/:productId): a buyer whose order of it was delivered writes one review and
// changes it; others read the average, the spread of stars and the reviews, newest or most helpful first, and mark
// them helpful; an admin hides one with a reason its author reads, and shows it again; shop cards show the stars.
// Each test makes tools of its own and removes them when it ends; while they exist the home page and the shop show
// them, so this file runs with the tests that change the home page (the "home-changing" project of
// playwright.config.ts).

let made = 0;
/** A tag no other tool has: this run, this worker, this tool. */
const uniqueTag = () => `${Date.now().toString(36)}${process.pid}${++made}`;

interface NewTool {
  name: string;
  nameBn?: string;
}

interface Store {
  /** Adds a tool through the API as the demo admin (500 pieces, bought 10 at a time); removed after the test. */
  addTool(tool: NewTool): Promise<string>;
  /** Places a cash-on-delivery order of the tool as the buyer: its id. */
  order(buyer: Page, productId: string): Promise<string>;
  /** The admin moves the order along: shipped, then delivered. */
  advance(orderId: string, status: "shipped" | "delivered"): Promise<void>;
  /** An order of the tool placed by the buyer, shipped and delivered. */
  deliver(buyer: Page, productId: string): Promise<void>;
  /** The buyer reviews the tool through the API: the review's id. */
  review(buyer: Page, productId: string, rating: number, comment: string): Promise<string>;
}

const ORIGIN = { Origin: BASE_URL };

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
}

const test = base.extend<{ store: Store }>({
  store: async ({ playwright }, provide) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInViaApi(admin, DEMO_ADMIN);
    const ids: string[] = [];
    const store: Store = {
      async addTool({ name, nameBn }) {
        const res = await admin.post("/api/product", {
          data: {
            name,
            nameBn,
            price: 1850,
            Availability: 500,
            minimumQuantity: 10,
            desc: "Flattens and trues a board's face.",
            image: "/images/products/try-square.svg",
          },
          headers: ORIGIN,
        });
        await ok(res);
        const { insertedId } = (await res.json()) as { insertedId: string };
        ids.push(insertedId);
        return insertedId;
      },
      async order(buyer, productId) {
        const orderId = await orderViaApi(buyer, productId, 10, deliveryOfItsOwn());
        const cod = await buyer.request.post(`/api/order/${orderId}/cash-on-delivery`, { headers: ORIGIN });
        await ok(cod);
        expect(((await cod.json()) as { status: string }).status).toBe("cod");
        return orderId;
      },
      async advance(orderId, status) {
        await ok(await admin.put(`/api/order/${orderId}/status`, { data: { status }, headers: ORIGIN }));
      },
      async deliver(buyer, productId) {
        const orderId = await store.order(buyer, productId);
        await store.advance(orderId, "shipped");
        await store.advance(orderId, "delivered");
      },
      async review(buyer, productId, rating, comment) {
        const res = await buyer.request.post(`/api/product/${productId}/reviews`, {
          data: { rating, comment },
          headers: ORIGIN,
        });
        await ok(res);
        return ((await res.json()) as { insertedId: string }).insertedId;
      },
    };
    await provide(store);
    // Removing a tool removes its reviews; its orders keep their copy of it.
    for (const id of ids) await ok(await admin.delete(`/api/product/${id}`, { headers: ORIGIN }));
    await admin.dispose();
  },
});

/** A customer of their own, signed in in a browser of their own. */
async function customer(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const account = await registerViaApi(page, { ...newCustomer(), name });
  return { page, account, close: () => context.close() };
}

const detail = (id: string) => `/detail/${id}`;

/** The page's reviews and their parts. */
function reviewsOf(page: Page) {
  const section = page.getByTestId("tool-reviews");
  return {
    section,
    summary: section.getByTestId("rating-summary"),
    spread: section.getByTestId("rating-spread"),
    /** The reviews the list shows, in its order (not the author's own hidden one, nor an admin's hidden list). */
    shown: section.locator(":scope > ol [data-testid=tool-review]"),
    hidden: section.getByRole("region", { name: "Hidden reviews" }),
    sort: section.getByRole("navigation", { name: "Sort reviews" }),
  };
}

/** How many reviews gave 5, 4, 3, 2 and 1 stars, as the spread's rows say. */
const spreadCounts = (page: Page) => reviewsOf(page).spread.locator("tr td:last-child");

/** The write (or change) form and its fields, in the page's language. */
function reviewForm(page: Page, language: "en" | "bn" = "en") {
  const en = language === "en";
  const section = page.getByTestId("tool-reviews");
  return {
    form: section.getByRole("form", { name: en ? "Reviews" : "রিভিউ" }),
    rating: section.getByLabel(en ? "Rating (1 to 5)" : "রেটিং (১ থেকে ৫)"),
    comment: section.getByLabel(en ? "What you found" : "আপনার অভিজ্ঞতা"),
    send: section.getByRole("button", { name: en ? "Send review" : "রিভিউ পাঠান" }),
    save: section.getByRole("button", { name: en ? "Save review" : "রিভিউ রাখুন" }),
    change: section.locator("summary", { hasText: en ? "Change your review" : "আপনার রিভিউ বদলান" }),
  };
}

/** Opens the folded form that changes the buyer's review, unless it is open already (it stays open after a save). */
async function openChange(page: Page, language: "en" | "bn" = "en") {
  const form = reviewForm(page, language);
  const details = form.change.locator("xpath=..");
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await form.change.click();
  await expect(form.save).toBeVisible();
}

/** How far right the reviews' widest part reaches, in CSS pixels. */
const widestInReviews = (page: Page) =>
  page
    .getByTestId("tool-reviews")
    .evaluate((section) =>
      Math.max(
        section.getBoundingClientRect().left + section.scrollWidth,
        ...[...section.querySelectorAll("*")].map((e) => e.getBoundingClientRect().right),
      ),
    );

const AFTER_DELIVERY = "You can review this tool once an order of it has been delivered to you.";
const RATING_RANGE = "Rating must be from 1 to 5 stars in steps of half a star";

test("a buyer reviews a tool once it was delivered, changes the review; another marks it helpful and sorts by it", async ({
  page,
  browser,
  store,
}) => {
  const tag = uniqueTag();
  const name = `Jack Plane No. 5 ${tag}`;
  const id = await store.addTool({ name });

  // Signed out: no reviews yet, and the way to sign in comes back to the tool.
  await openScreen(page, detail(id));
  const reviews = reviewsOf(page);
  await expect(reviews.section.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
  await expect(reviews.section).toContainText("No reviews yet. Buyers review a tool once it has reached them.");
  await expect(reviews.summary).toHaveCount(0);
  await expect(reviews.sort).toHaveCount(0);
  const signInLink = reviews.section.getByRole("link", { name: "Sign in to review this tool" });
  await expect(signInLink).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(detail(id))}`);

  const buyer = await registerViaApi(page, { ...newCustomer(), name: `Nasrin Akter ${tag}` });
  await page.context().clearCookies();
  await page.reload();
  await signInLink.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await signIn(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(new RegExp(`${detail(id)}$`));

  // Signed in without an order of it, then with one on its way: not yet.
  const form = reviewForm(page);
  const notYet = reviews.section.getByText(AFTER_DELIVERY);
  await expect(notYet).toBeVisible();
  await expect(form.rating).toHaveCount(0);
  await expect(reviews.section.getByRole("link", { name: "Sign in to review this tool" })).toHaveCount(0);
  const orderId = await store.order(page, id);
  await openScreen(page, detail(id));
  await expect(notYet).toBeVisible();
  await store.advance(orderId, "shipped");
  await openScreen(page, detail(id));
  await expect(notYet).toBeVisible();
  await expect(form.send).toHaveCount(0);

  // Delivered: the form.
  await store.advance(orderId, "delivered");
  await openScreen(page, detail(id));
  await expect(notYet).toHaveCount(0);
  await expect(reviews.section.getByRole("heading", { name: "Review this tool", level: 3 })).toBeVisible();
  await expect(form.rating).toHaveAttribute("type", "number");
  await expect(form.rating).toHaveValue("");
  await form.rating.fill("4.5");
  await form.comment.fill("Flattened a warped sal board in an afternoon; the iron holds its edge.");
  await form.send.click();
  await expect(toast(page, "Thank you: your review is on the tool's page.")).toBeVisible();

  // The review, marked bought and the buyer's own; the average, the count and the spread.
  await expect(reviews.shown).toHaveCount(1);
  const mine = reviews.shown.first();
  await expect(mine).toContainText("Flattened a warped sal board in an afternoon; the iron holds its edge.");
  await expect(mine).toContainText("Bought it");
  await expect(mine).toContainText("Your review");
  await expect(mine).toContainText(new RegExp(`Nasrin Akter ${tag} on \\d`));
  await expect(mine.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
  // Nobody marks their own review helpful.
  await expect(mine.getByRole("button")).toHaveCount(0);
  await expect(reviews.summary).toContainText("4.5 out of 5");
  await expect(reviews.summary).toContainText("1 review");
  await expect(reviews.summary.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
  await expect(reviews.spread.locator("th")).toHaveText(["5 stars", "4 stars", "3 stars", "2 stars", "1 stars"]);
  // Half a star counts with the whole stars below it.
  await expect(spreadCounts(page)).toHaveText(["0", "1", "0", "0", "0"]);
  // One review each: the form to write is gone, the one to change it is folded away.
  await expect(form.send).toHaveCount(0);
  await expect(form.save).toBeHidden();

  // The buyer changes it: the form holds the review as it stands.
  await form.change.click();
  await expect(form.rating).toHaveValue("4.5");
  await expect(form.comment).toHaveValue("Flattened a warped sal board in an afternoon; the iron holds its edge.");
  await form.rating.fill("4");
  await form.comment.fill("Flattens a warped sal board in an afternoon, though the tote is a little small.");
  await form.save.click();
  await expect(toast(page, "Your review was changed.")).toBeVisible();
  await expect(reviews.shown).toHaveCount(1);
  await expect(mine).toContainText("though the tote is a little small");
  await expect(mine).not.toContainText("the iron holds its edge");
  await expect(mine.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(reviews.summary).toContainText("4 out of 5");
  await expect(reviews.summary).toContainText("1 review");

  // Another buyer: marks it helpful once, then writes a review of their own, the newer one.
  const other = await customer(browser, `Jamal Hossain ${tag}`);
  await store.deliver(other.page, id);
  await openScreen(other.page, detail(id));
  const helpful = other.page.getByRole("button", { name: `Mark Nasrin Akter ${tag}'s review helpful` });
  await expect(helpful).toHaveText("Helpful (0)");
  await helpful.click();
  await expect(toast(other.page, "Thank you for your vote.")).toBeVisible();
  await expect(helpful).toHaveText("Helpful (1)");
  const otherForm = reviewForm(other.page);
  await otherForm.rating.fill("2");
  await otherForm.comment.fill("Mine came with a chipped mouth.");
  await otherForm.send.click();
  await expect(toast(other.page, "Thank you: your review is on the tool's page.")).toBeVisible();
  const otherReviews = reviewsOf(other.page);
  await expect(otherReviews.summary).toContainText("3 out of 5");
  await expect(otherReviews.summary).toContainText("2 reviews");
  await expect(spreadCounts(other.page)).toHaveText(["0", "1", "0", "1", "0"]);

  // Newest first by default; Most helpful puts the voted one first, in the URL.
  await expect(otherReviews.shown).toHaveCount(2);
  await expect(otherReviews.shown.nth(0)).toContainText("Mine came with a chipped mouth.");
  await expect(otherReviews.shown.nth(1)).toContainText("though the tote is a little small");
  await expect(otherReviews.sort.getByText("Newest")).toHaveAttribute("aria-current", "true");
  await otherReviews.sort.getByRole("link", { name: "Most helpful" }).click();
  await expect(other.page).toHaveURL(new RegExp(`${detail(id)}\\?reviews=helpful#tool-reviews$`));
  await expect(otherReviews.sort.getByText("Most helpful")).toHaveAttribute("aria-current", "true");
  await expect(otherReviews.shown.nth(0)).toContainText("though the tote is a little small");
  await expect(otherReviews.shown.nth(1)).toContainText("Mine came with a chipped mouth.");
  // The address alone sorts too, and Newest takes the sort back out of it.
  await openScreen(page, `${detail(id)}?reviews=helpful`);
  await expect(reviews.shown.nth(0)).toContainText("though the tote is a little small");
  // Its author reads the count, with no button.
  await expect(reviews.shown.nth(0).getByText("Helpful (1)")).toBeVisible();
  await expect(reviews.shown.nth(0).getByRole("button")).toHaveCount(0);
  await reviews.sort.getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(new RegExp(`${detail(id)}#tool-reviews$`));
  await expect(reviews.shown.nth(0)).toContainText("Mine came with a chipped mouth.");
  await other.close();

  // A visitor signed out reads it all, with no buttons.
  const visitor = await browser.newPage();
  await openScreen(visitor, `${detail(id)}?reviews=helpful`);
  const seen = reviewsOf(visitor);
  await expect(seen.summary).toContainText("3 out of 5");
  await expect(seen.summary).toContainText("2 reviews");
  await expect(seen.shown).toHaveCount(2);
  await expect(seen.shown.nth(0)).toContainText("though the tote is a little small");
  await expect(seen.shown.nth(0)).toContainText("Bought it");
  await expect(seen.shown.nth(1)).toContainText("Bought it");
  await expect(seen.section.getByRole("button")).toHaveCount(0);
  await visitor.close();
});

test.describe("in Bangla", () => {
  for (const [size, viewport] of [
    ["360 px wide", { width: 360, height: 740 }],
    ["on a desktop", { width: 1280, height: 800 }],
  ] as const) {
    test(`a buyer writes and changes a review in Bangla, ${size}`, async ({ page, context, store }) => {
      const phone = viewport.width === 360;
      await page.setViewportSize(viewport);
      const tag = uniqueTag();
      const name = `Smoothing Plane ${tag}`;
      const nameBn = `স্মুদিং রাঁদা ${tag}`;
      const id = await store.addTool({ name, nameBn });
      await registerViaApi(page, { ...newCustomer(), name: `Rahima Begum ${tag}` });
      await store.deliver(page, id);

      if (phone) {
        // Bangla from the start, as the cookie says.
        await inLanguage(context, "bn");
        await openScreen(page, detail(id));
      } else {
        // Switched on the page itself.
        await openScreen(page, detail(id));
        await page.getByRole("button", { name: "বাংলায় দেখুন (Show in Bangla)" }).click();
        await expect(page.locator("html")).toHaveAttribute("lang", "bn");
      }
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(nameBn);
      const section = page.getByTestId("tool-reviews");
      await expect(section.getByRole("heading", { name: "রিভিউ", level: 2 })).toBeVisible();
      await expect(section).toContainText("এখনো কোনো রিভিউ নেই।");
      await expect(section.getByRole("heading", { name: "এই যন্ত্রের রিভিউ দিন", level: 3 })).toBeVisible();
      const form = reviewForm(page, "bn");
      if (phone) {
        // The form fits the window.
        for (const field of [form.rating, form.comment, form.send]) {
          const box = (await field.boundingBox())!;
          expect(box.x + box.width, "a field inside the window").toBeLessThanOrEqual(viewport.width);
        }
      }
      await expectAccessibleScreen(page, "/detail/:productId", `the write form in Bangla, ${size}`);

      await form.rating.fill("4.5");
      await form.comment.fill("শাল কাঠে খুব ভালো চলে, ধার অনেকদিন থাকে।");
      await form.send.click();
      await expect(toast(page, "ধন্যবাদ: আপনার রিভিউ যন্ত্রের পাতায় দেখা যাচ্ছে।")).toBeVisible();
      const summary = section.getByTestId("rating-summary");
      await expect(summary).toContainText("৫-এর মধ্যে ৪.৫");
      await expect(summary).toContainText("১টি রিভিউ");
      await expect(summary.getByRole("img", { name: "৫-এর মধ্যে ৪.৫ রেটিং" })).toBeVisible();
      await expect(section.getByTestId("rating-spread").locator("th")).toHaveText([
        "৫ তারা",
        "৪ তারা",
        "৩ তারা",
        "২ তারা",
        "১ তারা",
      ]);
      await expect(spreadCounts(page)).toHaveText(["০", "১", "০", "০", "০"]);
      const review = section.getByTestId("tool-review");
      await expect(review).toHaveCount(1);
      await expect(review).toContainText("শাল কাঠে খুব ভালো চলে, ধার অনেকদিন থাকে।");
      await expect(review).toContainText("কিনেছেন");
      await expect(review).toContainText("আপনার রিভিউ");
      // The date in Bengali digits.
      await expect(review).toContainText(new RegExp(`Rahima Begum ${tag}, [০-৯].* তারিখে`));
      await expect(section.getByRole("navigation", { name: "রিভিউ সাজান" })).toContainText("নতুন আগে");
      await expect(
        section.getByRole("navigation", { name: "রিভিউ সাজান" }).getByRole("link", { name: "সবচেয়ে সহায়ক" }),
      ).toBeVisible();
      await expect(form.send).toHaveCount(0);

      // Changed, in Bangla.
      await form.change.click();
      await expect(form.rating).toHaveValue("4.5");
      await form.rating.fill("3.5");
      await form.comment.fill("ধার ভালো, তবে হাতল একটু ছোট।");
      if (phone) {
        for (const field of [form.rating, form.comment, form.save]) {
          const box = (await field.boundingBox())!;
          expect(box.x + box.width, "a field inside the window").toBeLessThanOrEqual(viewport.width);
        }
      }
      await form.save.click();
      await expect(toast(page, "আপনার রিভিউ বদলানো হয়েছে।")).toBeVisible();
      await expect(review).toContainText("ধার ভালো, তবে হাতল একটু ছোট।");
      await expect(summary).toContainText("৫-এর মধ্যে ৩.৫");
      await expect(spreadCounts(page)).toHaveText(["০", "০", "১", "০", "০"]);

      // Nothing is wider than the window.
      if (phone) {
        expect(await mainWidth(page), "the product page fits 360 px").toBeLessThanOrEqual(360);
        expect(await widestInReviews(page), "the reviews fit 360 px").toBeLessThanOrEqual(360);
      }
      await openChange(page, "bn");
      await expectAccessibleScreen(page, "/detail/:productId", `a review and the change form in Bangla, ${size}`);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a rating out of range is refused beside its field, keeping what was typed; then a review goes through by a plain form", async ({
    page,
    store,
  }) => {
    const tag = uniqueTag();
    const id = await store.addTool({ name: `Block Plane ${tag}` });
    await registerViaApi(page, { ...newCustomer(), name: `Karim Uddin ${tag}` });
    await store.deliver(page, id);
    const res = await page.goto(detail(id));
    expect(res?.status()).toBe(200);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    const form = reviewForm(page);
    // The form posts to the page it is on.
    await expect(form.form).toHaveAttribute("method", "post");
    await expect(form.form).toHaveAttribute("action", detail(id));

    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST") posts.push(req.url());
    });
    const comment = "Sharp out of the box; the lever cap is stiff.";
    await form.rating.fill("7");
    await form.comment.fill(comment);
    // The browser itself holds back a rating above 5 (the field's max): nothing is posted.
    await form.send.click();
    expect(await form.rating.evaluate((field: HTMLInputElement) => field.validity.rangeOverflow)).toBe(true);
    expect(posts).toEqual([]);

    // A browser that does not check the field's limits posts it: the store refuses it beside the field.
    await form.form.evaluate((f: HTMLFormElement) => {
      f.noValidate = true;
    });
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(detail(id)));
    await form.send.click();
    expect((await answer).status()).toBe(400);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(form.rating).toHaveAttribute("aria-invalid", "true");
    await expect(form.rating).toHaveAccessibleDescription(RATING_RANGE);
    await expect(form.form.getByText(RATING_RANGE)).toBeVisible();
    // Only the rating is at fault; both fields are as they were typed.
    await expect(form.comment).not.toHaveAttribute("aria-invalid");
    await expect(form.rating).toHaveValue("7");
    await expect(form.comment).toHaveValue(comment);
    // Nothing was written.
    const reviews = reviewsOf(page);
    await expect(reviews.section).toContainText("No reviews yet.");
    await expect(reviews.shown).toHaveCount(0);

    // A rating in range goes through: the page answers with the review, the form to write it gone.
    await form.rating.fill("4.5");
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(detail(id)));
    await form.send.click();
    expect((await sent).status()).toBe(200);
    await expect(reviews.shown).toHaveCount(1);
    await expect(reviews.shown.first()).toContainText(comment);
    await expect(reviews.shown.first()).toContainText("Bought it");
    await expect(reviews.summary).toContainText("4.5 out of 5");
    await expect(reviews.summary).toContainText("1 review");
    await expect(form.send).toHaveCount(0);
    await expect(form.rating).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText(RATING_RANGE)).toHaveCount(0);

    // Changed by a plain form too: the details open without JavaScript.
    await form.change.click();
    await expect(form.rating).toHaveValue("4.5");
    await form.rating.fill("5");
    await form.save.click();
    await expect(reviews.summary).toContainText("5 out of 5");
    await expect(reviews.shown).toHaveCount(1);
    await expect(reviews.shown.first().getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${detail(id)}$`));
  });
});

test("an admin hides a review with a reason its author reads; it leaves the page and the stars until shown again", async ({
  page,
  browser,
  store,
}) => {
  const tag = uniqueTag();
  const name = `Rebate Plane ${tag}`;
  const id = await store.addTool({ name });
  const fair = await customer(browser, `Salma Khatun ${tag}`);
  const harsh = await customer(browser, `Rafiq Islam ${tag}`);
  for (const buyer of [fair, harsh]) await store.deliver(buyer.page, id);
  await store.review(fair.page, id, 5, "Cuts clean rebates in teak.");
  await store.review(harsh.page, id, 1, "Buy it from the shop next door instead.");

  await signInViaApi(page.request, DEMO_ADMIN);
  await openScreen(page, detail(id));
  const reviews = reviewsOf(page);
  await expect(reviews.summary).toContainText("3 out of 5");
  await expect(reviews.summary).toContainText("2 reviews");
  await expect(reviews.hidden).toHaveCount(0);
  const target = reviews.shown.filter({ hasText: "Buy it from the shop next door instead." });
  const reason = "Sends buyers to another seller";
  await target.getByLabel("Why (its author reads this)").fill(reason);
  await target.getByRole("button", { name: `Hide Rafiq Islam ${tag}'s review` }).click();
  await expect(toast(page, "The review is hidden; its author sees why.")).toBeVisible();

  // Gone from the list and the stars; the admin finds it under Hidden reviews, with the reason.
  await expect(reviews.shown).toHaveCount(1);
  await expect(reviews.shown.first()).toContainText("Cuts clean rebates in teak.");
  await expect(reviews.summary).toContainText("5 out of 5");
  await expect(reviews.summary).toContainText("1 review");
  await expect(spreadCounts(page)).toHaveText(["1", "0", "0", "0", "0"]);
  await expect(reviews.hidden.getByRole("heading", { name: "Hidden reviews" })).toBeVisible();
  const hidden = reviews.hidden.getByTestId("tool-review");
  await expect(hidden).toHaveCount(1);
  await expect(hidden).toContainText("Buy it from the shop next door instead.");
  await expect(hidden.getByRole("note")).toHaveText(`Hidden by the shop: ${reason}`);

  // A visitor signed out: one review, five stars, on the page and on the shop's card.
  const visitor = await browser.newPage();
  await openScreen(visitor, detail(id));
  const seen = reviewsOf(visitor);
  await expect(seen.summary).toContainText("5 out of 5");
  await expect(seen.summary).toContainText("1 review");
  await expect(seen.shown).toHaveCount(1);
  await expect(seen.section).not.toContainText("Buy it from the shop next door instead.");
  await expect(seen.section).not.toContainText(reason);
  await openScreen(visitor, `/shop?q=${encodeURIComponent(tag)}`);
  const card = visitor.getByRole("article").filter({ has: visitor.getByRole("heading", { name, level: 3 }) });
  await expect(card.getByTestId("card-rating")).toHaveText(/\(1\)$/);
  await expect(card.getByTestId("card-rating").getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

  // Its author reads why, and may still change it; the other buyer does not see it.
  await openScreen(harsh.page, detail(id));
  await expect(harsh.page.getByTestId("tool-reviews").getByRole("note")).toHaveText(`Hidden by the shop: ${reason}`);
  await expect(reviewsOf(harsh.page).shown).toHaveCount(1);
  await expect(reviewForm(harsh.page).change).toBeVisible();
  await openScreen(fair.page, detail(id));
  await expect(fair.page.getByTestId("tool-reviews")).not.toContainText("Buy it from the shop next door instead.");

  // Shown again: back in the list and the stars.
  await hidden.getByRole("button", { name: "Show again" }).click();
  await expect(toast(page, "The review is shown again.")).toBeVisible();
  await expect(reviews.hidden).toHaveCount(0);
  await expect(reviews.shown).toHaveCount(2);
  await expect(reviews.summary).toContainText("3 out of 5");
  await expect(reviews.summary).toContainText("2 reviews");
  await expect(spreadCounts(page)).toHaveText(["1", "0", "0", "0", "1"]);
  await openScreen(harsh.page, detail(id));
  await expect(harsh.page.getByTestId("tool-reviews").getByRole("note")).toHaveCount(0);
  await expect(reviewsOf(harsh.page).shown.filter({ hasText: "Buy it from the shop next door instead." })).toHaveCount(
    1,
  );
  await openScreen(visitor, detail(id));
  await expect(seen.summary).toContainText("2 reviews");
  await visitor.close();
  await fair.close();
  await harsh.close();
});

test("shop cards show the stars of a reviewed tool, in English and Bangla", async ({
  page,
  context,
  browser,
  store,
}) => {
  const tag = uniqueTag();
  const reviewed = `Shoulder Plane ${tag}`;
  const unreviewed = `Router Plane ${tag}`;
  const reviewedId = await store.addTool({ name: reviewed, nameBn: `শোল্ডার রাঁদা ${tag}` });
  await store.addTool({ name: unreviewed, nameBn: `রাউটার রাঁদা ${tag}` });
  const first = await customer(browser, `Nasima Parvin ${tag}`);
  const second = await customer(browser, `Habib Rahman ${tag}`);
  for (const buyer of [first, second]) await store.deliver(buyer.page, reviewedId);
  await store.review(first.page, reviewedId, 4.5, "Trims tenon shoulders square.");

  const cardOf = (name: string) =>
    page.getByRole("article").filter({ has: page.getByRole("heading", { name, level: 3 }) });
  await openScreen(page, `/shop?q=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId("product-grid").getByRole("heading", { level: 3 })).toHaveCount(2);
  const stars = cardOf(reviewed).getByTestId("card-rating");
  await expect(stars).toHaveText(/\(1\)$/);
  await expect(stars.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
  await expect(cardOf(unreviewed).getByTestId("card-rating")).toHaveCount(0);

  // A second review moves the stars: (4.5 + 3) / 2.
  await store.review(second.page, reviewedId, 3, "Fine once honed.");
  await openScreen(page, `/shop?q=${encodeURIComponent(tag)}`);
  await expect(stars).toHaveText(/\(2\)$/);
  await expect(stars.getByRole("img", { name: "Rated 3.8 out of 5" })).toBeVisible();

  await inLanguage(context, "bn");
  await openScreen(page, `/shop?q=${encodeURIComponent(tag)}`);
  const starsBn = cardOf(`শোল্ডার রাঁদা ${tag}`).getByTestId("card-rating");
  await expect(starsBn).toHaveText(/\(২\)$/);
  await expect(starsBn.getByRole("img", { name: "৫-এর মধ্যে ৩.৮ রেটিং" })).toBeVisible();
  await expect(cardOf(`রাউটার রাঁদা ${tag}`).getByTestId("card-rating")).toHaveCount(0);
  // The card's stars are the page's: the tool's own page says the same.
  await cardOf(`শোল্ডার রাঁদা ${tag}`)
    .getByRole("link", { name: `পণ্যের বিস্তারিত: শোল্ডার রাঁদা ${tag}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`${detail(reviewedId)}$`));
  await expect(page.getByTestId("rating-summary")).toContainText("৫-এর মধ্যে ৩.৮");
  await first.close();
  await second.close();
});

for (const language of ["en", "bn"] as const) {
  test(`the product page's reviews have no serious accessibility finding (${language})`, async ({
    page,
    context,
    browser,
    store,
  }) => {
    const en = language === "en";
    const tag = uniqueTag();
    const id = await store.addTool({ name: `Scrub Plane ${tag}`, nameBn: `স্ক্রাব রাঁদা ${tag}` });
    const earlier = await customer(browser, `Tanvir Ahmed ${tag}`);
    await store.deliver(earlier.page, id);
    await store.review(earlier.page, id, 4, "Takes off stock fast.");
    await inLanguage(context, language);

    // A visitor: the stars, the spread, a review and the way to sign in.
    await openScreen(page, detail(id));
    await expect(page.getByTestId("rating-spread")).toBeVisible();
    await expectAccessibleScreen(page, "/detail/:productId", "a review, signed out");

    // A buyer before delivery: the note.
    await registerViaApi(page, { ...newCustomer(), name: `Mitu Das ${tag}` });
    await openScreen(page, detail(id));
    await expect(page.getByTestId("tool-reviews")).toContainText(
      en ? AFTER_DELIVERY : "কোনো যন্ত্রের অর্ডার আপনার কাছে পৌঁছানোর পরেই সেটির রিভিউ দেওয়া যায়।",
    );
    await expectAccessibleScreen(page, "/detail/:productId", "a buyer before delivery");

    // Delivered: the write form beside another's review and its Helpful button.
    await store.deliver(page, id);
    await openScreen(page, detail(id));
    const form = reviewForm(page, language);
    await expect(form.send).toBeVisible();
    const helpful = page.getByRole("button", {
      name: en ? `Mark Tanvir Ahmed ${tag}'s review helpful` : `Tanvir Ahmed ${tag}-এর রিভিউ সহায়ক`,
    });
    await expect(helpful).toHaveText(en ? "Helpful (0)" : "সহায়ক (০)");
    await expectAccessibleScreen(page, "/detail/:productId", "the write form and a Helpful button");

    // Sent: the buyer's review, its toast shown, then the change form open.
    await form.rating.fill("3.5");
    await form.comment.fill("Good for rough work.");
    await form.send.click();
    const sent = page.locator("[data-toast][data-type=success]");
    // Over the toast its five seconds wait, so it stays while axe reads it.
    await sent.hover();
    await expectAccessibleScreen(page, "/detail/:productId", "a review sent, its toast shown");
    await openChange(page, language);
    await expectAccessibleScreen(page, "/detail/:productId", "the change form open");
    await openScreen(page, `${detail(id)}?reviews=helpful`);
    await expectAccessibleScreen(page, "/detail/:productId", "sorted by most helpful");

    // 360 px wide, the change form open.
    await page.setViewportSize({ width: 360, height: 740 });
    await openScreen(page, detail(id));
    await openChange(page, language);
    expect(await mainWidth(page), "the product page fits 360 px").toBeLessThanOrEqual(360);
    expect(await widestInReviews(page), "the reviews fit 360 px").toBeLessThanOrEqual(360);
    await expectAccessibleScreen(page, "/detail/:productId", "the change form, 360 px wide");

    // An admin: a Hide form on each review, then the hidden list with Show again.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInViaApi(page.request, DEMO_ADMIN);
    await openScreen(page, detail(id));
    const reason = page.getByLabel(en ? "Why (its author reads this)" : "কেন (লেখক এটি পড়বেন)");
    await expect(reason).toHaveCount(2);
    await expectAccessibleScreen(page, "/detail/:productId", "an admin's Hide forms");
    // The earlier buyer's review is hidden.
    const earliest = reviewsOf(page).shown.filter({ hasText: "Takes off stock fast." });
    await earliest.getByLabel(en ? "Why (its author reads this)" : "কেন (লেখক এটি পড়বেন)").fill("Off topic");
    await earliest
      .getByRole("button", { name: en ? `Hide Tanvir Ahmed ${tag}'s review` : `Tanvir Ahmed ${tag}-এর রিভিউ লুকান` })
      .click();
    await expect(page.getByRole("region", { name: en ? "Hidden reviews" : "লুকানো রিভিউ" })).toBeVisible();
    await expectAccessibleScreen(page, "/detail/:productId", "an admin's hidden list");

    // The author of the hidden review reads why.
    await openScreen(earlier.page, detail(id));
    await expect(earlier.page.getByTestId("tool-reviews").getByRole("note")).toHaveText(
      "Hidden by the shop: Off topic",
    );
    await earlier.close();
  });
}
