import { beforeAll, describe, expect, it } from "vitest";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { call } from "../support/order-money";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";
import { deliverTo } from "../support/product-reviews";

describe("the product page's reviews, without JavaScript", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let buyer: TestAccount;
  let stranger: TestAccount;
  let productId: string;
  const path = () => `/detail/${productId}`;

  const page = async (who: TestAccount | null, query = "", lang = "") => {
    const headers: Record<string, string> = who
      ? { ...asCookie(who), Cookie: `${who.cookie}${lang}` }
      : lang
        ? { Cookie: lang.slice(2) }
        : {};
    const res = await t.request(`${path()}${query}`, { headers });
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t, { name: "Nasrin Akter" });
    stranger = await signUp(t, { name: "Jamal Hossain" });
    productId = (await makeProduct(t)).id;
    await deliverTo(t, buyer, admin, productId);
  });

  it("tells a visitor to sign in, a customer without a delivery why not, and shows the buyer the form", async () => {
    expect(textOf((await page(null)).html)).toContain("Sign in to review this tool");
    expect(textOf((await page(null)).html)).toContain("No reviews yet.");
    expect(textOf((await page(stranger)).html)).toContain(
      "You can review this tool once an order of it has been delivered to you.",
    );
    const mine = await page(buyer);
    expect(textOf(mine.html)).toContain("Review this tool");
    expect(mine.html).toMatch(/name="intent" value="review"/);
  });

  it("refuses a rating out of range beside its field and keeps what was typed", async () => {
    const comment = "Sharp out of the box";
    const res = await t.postForm(path(), { intent: "review", rating: "7", comment }, buyer);
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    expect(answer.refused).toBe(true);
    expect(answer.status).toBe(400);
    // The page is the server's HTML (decision 0041): the message beside the field, the fields as typed.
    expect(answer.formErrors["review-rating"]).toBe("Rating must be from 1 to 5 stars in steps of half a star");
    expect(/<input(?=[^>]*\sid="review-rating")[^>]*>/.exec(html)?.[0]).toMatch(/\svalue="7"/);
    expect(/<textarea(?=[^>]*\sid="review-comment")[^>]*>([^<]*)</.exec(html)?.[1]).toBe(comment);
    // A customer without a delivered order is refused whatever the form says.
    const refused = await readAnswer(await t.postForm(path(), { intent: "review", rating: "5", comment }, stranger));
    expect([refused.status, refused.message]).toEqual([
      403,
      "You can review a tool once an order of it has been delivered to you.",
    ]);
  });

  it("takes the buyer's review; the page shows it with its stars, marked bought, in both languages", async () => {
    const answer = await readAnswer(
      await t.postForm(path(), { intent: "review", rating: "4.5", comment: "Holds its edge through sal wood." }, buyer),
    );
    expect(answer.done).toBe(true);
    expect(answer.toast?.message).toBe("Thank you: your review is on the tool's page.");
    const text = textOf((await page(null)).html);
    expect(text).toContain("4.5 out of 5");
    expect(text).toContain("1 review");
    expect(text).toContain("Holds its edge through sal wood.");
    expect(text).toContain("Bought it");
    expect(text).toMatch(/Nasrin Akter on \d/);
    const bn = textOf((await page(null, "", "; randa.lang=bn")).html);
    expect(bn).toContain("৫-এর মধ্যে ৪.৫");
    expect(bn).toContain("কিনেছেন");
    // The buyer now changes theirs instead of writing another.
    const own = await page(buyer);
    expect(textOf(own.html)).toContain("Change your review");
    expect(own.html).toMatch(/name="intent" value="change"/);
  });

  it("carries the stars in the page's JSON-LD", async () => {
    const { html } = await page(null);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as {
      aggregateRating: unknown;
      review: { reviewRating: { ratingValue: number }; author: { name: string } }[];
    };
    expect(ld.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 1 });
    expect(ld.review[0]).toMatchObject({ author: { name: "Nasrin Akter" }, reviewRating: { ratingValue: 4.5 } });
  });

  it("lets another customer mark it helpful once, and an admin hide it with a reason its author reads", async () => {
    const html = (await page(stranger)).html;
    const reviewId = /name="reviewId" value="([0-9a-f-]{36})"/.exec(html)![1]!;
    const voted = await readAnswer(await t.postForm(path(), { intent: "helpful", reviewId }, stranger));
    expect(voted.toast?.message).toBe("Thank you for your vote.");
    const again = await readAnswer(await t.postForm(path(), { intent: "helpful", reviewId }, stranger));
    expect([again.status, again.message]).toEqual([409, "You have marked this review helpful already."]);
    expect(textOf((await page(null)).html)).toContain("Helpful (1)");

    const byBuyer = await readAnswer(await t.postForm(path(), { intent: "hide", reviewId, reason: "x" }, buyer));
    expect(byBuyer.status).toBe(403);
    const hidden = await readAnswer(
      await t.postForm(path(), { intent: "hide", reviewId, reason: "Names another seller" }, admin),
    );
    expect(hidden.toast?.message).toBe("The review is hidden; its author sees why.");
    expect(textOf((await page(null)).html)).toContain("No reviews yet.");
    expect(textOf((await page(buyer)).html)).toContain("Hidden by the shop: Names another seller");
    expect(textOf((await page(admin)).html)).toContain("Hidden reviews");
    const shown = await readAnswer(await t.postForm(path(), { intent: "show", reviewId }, admin));
    expect(shown.toast?.message).toBe("The review is shown again.");
    expect(textOf((await page(null)).html)).toContain("4.5 out of 5");
  });

  it("keeps a review's words text, in the page and in its JSON-LD, whatever markup they hold", async () => {
    const tool = (await makeProduct(t)).id;
    const writer = await signUp(t, { name: "</script><b>Mallory</b>" });
    await deliverTo(t, writer, admin, tool);
    const comment = '</script><script>alert("x")</script><img src=x onerror=alert(1)>';
    expect((await call(t, writer, "POST", `/api/product/${tool}/reviews`, { rating: 1, comment })).status).toBe(200);
    const html = await (await t.request(`/detail/${tool}`)).text();
    // Shown as the words written, escaped.
    expect(html).toContain(
      "&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
    );
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>Mallory</b>");
    // The JSON-LD writes <, > and & as \u escapes: no text can close its script.
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as {
      review: { reviewBody: string; author: { name: string } }[];
    };
    expect(ld.review[0]).toMatchObject({ reviewBody: comment, author: { name: "</script><b>Mallory</b>" } });
  });

  it("sorts the reviews by their helpful votes in the URL, and refuses a sort it does not know", async () => {
    const other = await signUp(t, { name: "Karim Uddin" });
    await deliverTo(t, other, admin, productId);
    expect(
      (await call(t, other, "POST", `/api/product/${productId}/reviews`, { rating: 2, comment: "Newer." })).status,
    ).toBe(200);
    const newest = textOf((await page(null)).html);
    expect(newest.indexOf("Newer.")).toBeLessThan(newest.indexOf("Holds its edge"));
    const helpful = textOf((await page(null, "?reviews=helpful")).html);
    expect(helpful.indexOf("Holds its edge")).toBeLessThan(helpful.indexOf("Newer."));
    expect((await page(null, "?reviews=best")).status).toBe(400);
  });
});
