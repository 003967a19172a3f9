import { beforeAll, describe, expect, it } from "vitest";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { call } from "../support/order-money";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";

interface PhotoJson {
  url: string;
  alt: string | null;
  altBn: string | null;
}

const SOLE = { url: "/images/products/smoothing-plane.svg", alt: "The sole, ground flat", altBn: "সমান করে ঘষা তল" };
const IRON = { url: "/images/products/block-plane.svg", alt: "The iron and its cap", altBn: null };
const HANDLE = { url: "/images/products/spokeshave.svg", alt: null, altBn: null };

/** A tool's photos (up to 8): through the API, on the product page and on the admins' photos page. */
describe("a tool's photos", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    customer = await signUp(t);
  });

  const productOf = async (id: string) =>
    (await (await t.request(`/api/product/${id}`)).json()) as { image: string; images: PhotoJson[] };
  const put = (id: string, body: unknown, who = admin) => call(t, who, "PUT", `/api/product/${id}`, body);

  it("a tool has its one image as its only photo until it is given more", async () => {
    const { id, image } = await makeProduct(t);
    expect((await productOf(id)).images).toEqual([{ url: image, alt: null, altBn: null }]);
  });

  it("takes up to 8 photos in order; the first is the spec's image; a new image alone replaces the first", async () => {
    const { id } = await makeProduct(t);
    expect((await put(id, { images: [IRON, SOLE, HANDLE] })).status).toBe(200);
    expect(await productOf(id)).toMatchObject({ image: IRON.url, images: [IRON, SOLE, HANDLE] });
    expect((await put(id, { image: HANDLE.url.replace("spokeshave", "try-square") })).status).toBe(200);
    const after = await productOf(id);
    expect(after.image).toBe("/images/products/try-square.svg");
    expect(after.images.map((p) => p.url)).toEqual(["/images/products/try-square.svg", SOLE.url, HANDLE.url]);
  });

  it.each([
    ["no photo", [], "photo.required"],
    ["nine photos", Array.from({ length: 9 }, (_, i) => ({ url: `/images/products/p${i}.svg` })), "photo.too_many"],
    ["the same photo twice", [SOLE, SOLE], "photo.repeat"],
    ["a photo from elsewhere", [{ url: "https://evil.example/x.png" }], "product.image_not_ours"],
    ["an uploaded address the store never gave", [{ url: "/uploads/0123456789abcdef0123456789abcdef.webp" }], null],
    ["an alt text of control characters", [{ ...SOLE, alt: "a\u202eb" }], "photo.alt_unsafe"],
    ["a long alt text", [{ ...SOLE, alt: "x".repeat(201) }], "photo.alt_too_long"],
  ])("refuses %s with 400 and changes nothing", async (_label, images, code) => {
    const { id } = await makeProduct(t);
    const before = await productOf(id);
    const res = await put(id, { images });
    expect(res.status).toBe(400);
    if (code) expect(await res.json()).toMatchObject({ code });
    expect(await productOf(id)).toEqual(before);
  });

  it("is an admin's: a customer's photos are refused", async () => {
    const { id } = await makeProduct(t);
    expect((await put(id, { images: [SOLE] }, customer)).status).toBe(403);
  });

  it("the product page shows every photo with its alt text in the page's language, thumbnails by the URL", async () => {
    const { id, name } = await makeProduct(t);
    expect((await put(id, { images: [SOLE, IRON, HANDLE] })).status).toBe(200);
    const html = await (await t.request(`/detail/${id}`)).text();
    expect(html).toContain(`alt="${SOLE.alt}"`);
    expect(html).toContain(`aria-label="Photo 2 of 3: ${IRON.alt}"`);
    // A photo without an alt text in either language is described by the tool's name.
    expect(html).toContain(`aria-label="Photo 3 of 3: ${name}"`);
    // In Bangla, the Bangla alt; where there is none, the English one.
    const bn = await (await t.request(`/detail/${id}`, { headers: { Cookie: "randa.lang=bn" } })).text();
    expect(bn).toContain(`alt="${SOLE.altBn}"`);
    expect(bn).toContain(`${IRON.alt}`);
    // Without JavaScript a thumbnail is a link to the page with that photo shown.
    const second = await (await t.request(`/detail/${id}?photo=1`)).text();
    const shown = /<img[^>]*data-testid="shown-photo"[^>]*>/.exec(second)![0];
    expect(shown).toContain(`alt="${IRON.alt}"`);
  });

  it("the photos page moves, describes and removes photos without JavaScript, each refusal beside its field", async () => {
    const { id } = await makeProduct(t);
    expect((await put(id, { images: [SOLE, IRON, HANDLE] })).status).toBe(200);
    const path = `/dashboard/manageproduct/${id}/photos`;
    const page = await (await t.request(path, { headers: asCookie(admin) })).text();
    expect(textOf(page)).toContain("What photo 1 shows (English)");
    const rows = (over: Record<string, string> = {}) => ({
      "photo.0.url": SOLE.url,
      "photo.0.alt": SOLE.alt,
      "photo.0.altBn": SOLE.altBn,
      "photo.0.remove": "false",
      "photo.1.url": IRON.url,
      "photo.1.alt": "The iron, honed",
      "photo.1.altBn": "",
      "photo.1.remove": "false",
      "photo.2.url": HANDLE.url,
      "photo.2.alt": "",
      "photo.2.altBn": "",
      "photo.2.remove": "true",
      ...over,
    });
    // The iron's Up button: it comes first; the handle is removed; the iron's alt text changed.
    const moved = await readAnswer(await t.postForm(path, rows({ move: "up:1" }), admin));
    expect(moved.done, moved.message ?? "").toBe(true);
    expect((await productOf(id)).images).toEqual([{ ...IRON, alt: "The iron, honed" }, SOLE]);
    const refused = await readAnswer(await t.postForm(path, rows({ "photo.0.alt": "a\u202eb" }), admin));
    expect(refused.status).toBe(400);
    expect(refused.formErrors["photo.0.alt"]).toMatch(/control or direction/);
    expect(refused.data).toMatchObject({ values: { "photo.0.alt": "a\u202eb" } });
    expect((await productOf(id)).images).toEqual([{ ...IRON, alt: "The iron, honed" }, SOLE]);
    // A customer cannot open it.
    expect((await t.request(path, { headers: asCookie(customer) })).status).toBe(403);
  });
});
