import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { UPLOADED_IMAGE } from "../../shared/image-sources";
import type { Language } from "../../shared/languages";
import { bnPages } from "../../shared/words/bn-pages";
import { enPages } from "../../shared/words/en-pages";
import { BASE_URL, DEMO_ADMIN } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { inLanguage, mainWidth, MESSAGES, WORDS } from "./checkout";
import { expect, test as base } from "./fixtures";
import { signInViaApi, toast, waitForHydration } from "./shop";

// A tool's photos (up to 8): on its page a buyer goes from photo to photo by keyboard, mouse, touch and without
// JavaScript, and zooms in on one, in English and in Bangla, on a phone 360 px wide and on a desktop; an admin orders
// them, says what each shows, removes one and adds one on the photos page, and a refused file is said beside the
// file field; axe finds nothing on either page. Each test makes tools of its own and removes them when it ends; while
// they exist the home page and the shop show them, so this file runs with the tests that change the home page (the
// "home-changing" project of playwright.config.ts).

const ORIGIN = { Origin: BASE_URL };
const PAGES = { en: enPages, bn: bnPages } as const;

interface Photo {
  url: string;
  alt: string | null;
  altBn: string | null;
}

/** Three of the demo's drawings, each saying what it shows in both languages. */
const PHOTOS: [Photo, Photo, Photo] = [
  {
    url: "/images/products/smoothing-plane.svg",
    alt: "The sole, flat from toe to heel",
    altBn: "তলা, আগা থেকে গোড়া পর্যন্ত সমান",
  },
  { url: "/images/products/block-plane.svg", alt: "The iron, bedded at a low angle", altBn: "নিচু কোণে বসানো ফলা" },
  { url: "/images/products/spokeshave.svg", alt: "The two handles, seen from above", altBn: "ওপর থেকে দেখা দুটি হাতল" },
];

interface Tool {
  id: string;
  name: string;
  nameBn: string;
}

let made = 0;
/** A tag no other tool has: this run, this worker, this tool. */
const uniqueTag = () => `${Date.now().toString(36)}${process.pid}${++made}`;

interface Store {
  /** Adds a tool with these photos through the API as the demo admin; removed after the test. */
  addTool(words: string, photos?: Photo[]): Promise<Tool>;
  /** The tool's photos (and its first image) as `GET /api/product/{id}` answers them now. */
  photosOf(productId: string): Promise<{ image: string; images: Photo[] }>;
}

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
}

const test = base.extend<{ store: Store }>({
  store: async ({ playwright }, provide) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInViaApi(admin, DEMO_ADMIN);
    const ids: string[] = [];
    const store: Store = {
      async addTool(words, photos = PHOTOS) {
        const tag = uniqueTag();
        const name = `${words} ${tag}`;
        const nameBn = `রাঁদা ${tag}`;
        const res = await admin.post("/api/product", {
          data: {
            name,
            nameBn,
            price: 1850,
            Availability: 40,
            minimumQuantity: 1,
            desc: "Flattens and smooths a board's face.",
            image: "/images/products/try-square.svg",
          },
          headers: ORIGIN,
        });
        await ok(res);
        const { insertedId: id } = (await res.json()) as { insertedId: string };
        ids.push(id);
        await ok(await admin.put(`/api/product/${id}`, { data: { images: photos }, headers: ORIGIN }));
        expect(await store.photosOf(id)).toEqual({ image: photos[0]!.url, images: photos });
        return { id, name, nameBn };
      },
      async photosOf(productId) {
        const res = await admin.get(`/api/product/${productId}`);
        await ok(res);
        const { image, images } = (await res.json()) as { image: string; images: Photo[] };
        return { image, images };
      },
    };
    await provide(store);
    for (const id of ids) await ok(await admin.delete(`/api/product/${id}`, { headers: ORIGIN }));
    await admin.dispose();
  },
});

const detail = (id: string) => `/detail/${id}`;
const photosPage = (id: string) => `/dashboard/manageproduct/${id}/photos`;

/** A text with its placeholders filled, as the store's catalogue fills them. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** What the page says a photo shows: its alt text in the page's language. */
const altIn = (photo: Photo, language: Language) => (language === "bn" ? photo.altBn : photo.alt)!;

/** The product page's gallery. */
function gallery(page: Page, language: Language, name: string) {
  const t = WORDS[language].product;
  const group = page.getByRole("group", { name: fill(t.photos, { name }), exact: true });
  const photoN = (n: number, total: number, alt: string) => fill(t.photoN, { n, total, alt });
  return {
    group,
    shown: group.getByTestId("shown-photo"),
    zoomLink: (alt: string) => group.getByRole("link", { name: fill(t.zoom, { alt }), exact: true }),
    thumbnail: (n: number, total: number, alt: string) =>
      group.getByRole("link", { name: photoN(n, total, alt), exact: true }),
    thumbnails: group.getByRole("listitem").getByRole("link"),
    current: group.locator('a[aria-current="true"]'),
    zoomed: page.getByTestId("zoomed"),
    zoomedAs: (n: number, total: number, alt: string) => page.getByRole("dialog", { name: photoN(n, total, alt) }),
    close: page.getByTestId("zoomed").getByRole("button", { name: t.closeZoom, exact: true }),
  };
}

/** The gallery shows photo `n` (from 1) of these: the big one, its zoom link and the thumbnail marked current. */
async function expectShown(page: Page, language: Language, name: string, photos: Photo[], n: number) {
  const g = gallery(page, language, name);
  const photo = photos[n - 1]!;
  const alt = altIn(photo, language);
  await expect(g.shown).toHaveAttribute("alt", alt);
  await expect(g.shown).toHaveAttribute("src", photo.url);
  await expect(g.zoomLink(alt)).toHaveAttribute("href", photo.url);
  await expect(g.current).toHaveCount(1);
  await expect(g.current).toHaveAccessibleName(fill(WORDS[language].product.photoN, { n, total: photos.length, alt }));
}

test.describe("a buyer goes through a tool's photos by keyboard and zooms in", () => {
  for (const { language, phone } of [
    { language: "en", phone: false },
    { language: "en", phone: true },
    { language: "bn", phone: true },
    { language: "bn", phone: false },
  ] as const) {
    test(`in ${language === "en" ? "English" : "Bangla"}, ${phone ? "360 px wide" : "on a desktop"}`, async ({
      page,
      context,
      store,
    }) => {
      if (phone) await page.setViewportSize({ width: 360, height: 740 });
      await inLanguage(context, language);
      const tool = await store.addTool("Smoothing Plane");
      const name = language === "bn" ? tool.nameBn : tool.name;
      const [first, second, third] = PHOTOS.map((p) => altIn(p, language)) as [string, string, string];
      await openScreen(page, detail(tool.id));
      const g = gallery(page, language, name);
      await expect(g.thumbnails).toHaveCount(3);
      await expect(g.thumbnail(1, 3, first)).toHaveAttribute("href", "?photo=0");
      await expect(g.thumbnail(3, 3, third)).toHaveAttribute("href", "?photo=2");
      await expectShown(page, language, name, PHOTOS, 1);
      if (phone) expect(await mainWidth(page), "the page fits 360 px").toBeLessThanOrEqual(360);

      // Tab from the zoom link to the second thumbnail; Enter shows its photo where the page is.
      await g.zoomLink(first).focus();
      await page.keyboard.press("Tab");
      await expect(g.thumbnail(1, 3, first)).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(g.thumbnail(2, 3, second)).toBeFocused();
      await page.keyboard.press("Enter");
      await expectShown(page, language, name, PHOTOS, 2);
      await expect(page).toHaveURL(`${BASE_URL}${detail(tool.id)}`);
      await expect(g.thumbnail(1, 3, first)).not.toHaveAttribute("aria-current");
      await expect(g.thumbnail(2, 3, second)).toBeFocused();

      // Back to the zoom link; Enter opens the zoomed view on that photo.
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      await expect(g.zoomLink(second)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(g.zoomedAs(2, 3, second)).toBeVisible();
      await expect(g.zoomed.getByRole("img")).toHaveAttribute("alt", second);
      await expect(g.close).toBeFocused();
      if (phone) expect(await mainWidth(page), "the page fits 360 px").toBeLessThanOrEqual(360);
      await expectAccessibleScreen(page, "/detail/:productId", "its photo zoomed in");

      // The arrows go from photo to photo, round from the last to the first.
      await page.keyboard.press("ArrowRight");
      await expect(g.zoomedAs(3, 3, third)).toBeVisible();
      await expect(g.zoomed.getByRole("img")).toHaveAttribute("alt", third);
      await expect(g.zoomed.getByRole("img")).toHaveAttribute("src", PHOTOS[2].url);
      await page.keyboard.press("ArrowRight");
      await expect(g.zoomedAs(1, 3, first)).toBeVisible();
      await page.keyboard.press("ArrowLeft");
      await expect(g.zoomedAs(3, 3, third)).toBeVisible();

      // Escape closes it; focus is back on the zoom link, now of the photo last seen.
      await page.keyboard.press("Escape");
      await expect(g.zoomed).toBeHidden();
      await expect(g.zoomLink(third)).toBeFocused();
      await expectShown(page, language, name, PHOTOS, 3);

      // The Close button closes it too, and a click on the zoomed photo goes to the next.
      await g.zoomLink(third).click();
      await expect(g.zoomedAs(3, 3, third)).toBeVisible();
      await g.zoomed.getByRole("img").click();
      await expect(g.zoomedAs(1, 3, first)).toBeVisible();
      await g.close.click();
      await expect(g.zoomed).toBeHidden();
      await expect(g.zoomLink(first)).toBeFocused();
      await expectShown(page, language, name, PHOTOS, 1);
      await expectAccessibleScreen(page, "/detail/:productId", "its gallery");
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a thumbnail loads the page with its photo shown, its zoom link leading to the full image", async ({
    page,
    store,
  }) => {
    const tool = await store.addTool("Jack Plane");
    expect((await page.goto(detail(tool.id)))?.status()).toBe(200);
    const g = gallery(page, "en", tool.name);
    await expectShown(page, "en", tool.name, PHOTOS, 1);
    await g.thumbnail(2, 3, PHOTOS[1].alt!).click();
    await expect(page).toHaveURL(`${BASE_URL}${detail(tool.id)}?photo=1`);
    await expectShown(page, "en", tool.name, PHOTOS, 2);
    await g.thumbnail(3, 3, PHOTOS[2].alt!).click();
    await expect(page).toHaveURL(`${BASE_URL}${detail(tool.id)}?photo=2`);
    await expectShown(page, "en", tool.name, PHOTOS, 3);
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });

  /** A finger drawn across the zoomed photo, `dx` CSS pixels (negative: to the left). */
  async function swipe(page: Page, on: Locator, dx: number) {
    const box = (await on.boundingBox())!;
    const y = box.y + box.height / 2;
    const from = box.x + box.width / 2 - dx / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y }],
      });
    await touch("touchStart", from);
    for (let step = 1; step <= 5; step++) await touch("touchMove", from + (dx * step) / 5);
    await touch("touchEnd", from + dx);
    await cdp.detach();
  }

  test("a swipe across the zoomed photo goes to the next one, and back", async ({ page, store }) => {
    const tool = await store.addTool("Block Plane");
    await openScreen(page, detail(tool.id));
    const g = gallery(page, "en", tool.name);
    await g.zoomLink(PHOTOS[0].alt!).tap();
    await expect(g.zoomedAs(1, 3, PHOTOS[0].alt!)).toBeVisible();
    const photo = g.zoomed.getByRole("img");
    await swipe(page, photo, -150);
    await expect(g.zoomedAs(2, 3, PHOTOS[1].alt!)).toBeVisible();
    await expect(photo).toHaveAttribute("alt", PHOTOS[1].alt!);
    await swipe(page, photo, -150);
    await expect(g.zoomedAs(3, 3, PHOTOS[2].alt!)).toBeVisible();
    await swipe(page, photo, 150);
    await expect(g.zoomedAs(2, 3, PHOTOS[1].alt!)).toBeVisible();
    // A short slide is no swipe.
    await swipe(page, photo, -20);
    await expect(g.zoomedAs(2, 3, PHOTOS[1].alt!)).toBeVisible();
  });
});

/** The photos page's rows, one per photo, in the page's order. */
function photoRows(page: Page, language: Language) {
  const p = PAGES[language].adminPages;
  const rows = page.getByTestId("photo-row");
  return {
    rows,
    alt: (n: number) => page.getByLabel(fill(p.photoAlt, { n }), { exact: true }),
    altBn: (n: number) => page.getByLabel(fill(p.photoAltBn, { n }), { exact: true }),
    up: (n: number) => page.getByRole("button", { name: fill(p.photoUpLabel, { n }), exact: true }),
    down: (n: number) => page.getByRole("button", { name: fill(p.photoDownLabel, { n }), exact: true }),
    remove: (n: number) => page.getByLabel(fill(p.removePhoto, { n }), { exact: true }),
    file: page.getByLabel(p.addPhoto, { exact: true }),
    save: page.getByRole("button", { name: p.savePhotos, exact: true }),
  };
}

/** The photos page lists these photos, in this order, with these alt texts. */
async function expectRows(page: Page, photos: Photo[], language: Language = "en") {
  const r = photoRows(page, language);
  await expect(r.rows).toHaveCount(photos.length);
  for (const [i, photo] of photos.entries()) {
    await expect(r.rows.nth(i).locator(`input[type=hidden][name$=".url"]`)).toHaveValue(photo.url);
    await expect(r.alt(i + 1)).toHaveValue(photo.alt ?? "");
    await expect(r.altBn(i + 1)).toHaveValue(photo.altBn ?? "");
  }
}

/** A PNG of 2 × 2 pixels, the colour of teak. */
const tinyPng = () =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: "#8b5a2b" } })
    .png()
    .toBuffer();

/** Clicks a button of the photos page that saves, and waits for the store to say so. */
async function saved(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (res) => res.request().method() === "POST" && /\/dashboard\/manageproduct\/[^/]+\/photos/.test(res.url()),
  );
  await button.click();
  const res = await answered;
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(200);
  // An earlier save's toast may still be showing.
  await expect(toast(page, MESSAGES.en.product.updated).first()).toBeVisible();
}

test.describe("an admin arranges a tool's photos", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request, DEMO_ADMIN);
  });

  test("orders them by Up and Down, says what they show, removes one and adds one", async ({ page, store }) => {
    const tool = await store.addTool("Smoothing Plane");
    const [a, b, c] = PHOTOS;
    await openScreen(page, `/dashboard/manageproduct/${tool.id}`);
    await page.getByRole("link", { name: fill(enPages.adminPages.photosLink, { n: 3 }), exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}${photosPage(tool.id)}`);
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { name: fill(enPages.adminPages.photosTitle, { name: tool.name }) }),
    ).toBeVisible();
    await expectRows(page, [a, b, c]);
    const r = photoRows(page, "en");
    await expect(r.up(1)).toBeDisabled();
    await expect(r.down(3)).toBeDisabled();

    await saved(page, r.up(3));
    await expectRows(page, [a, c, b]);
    expect((await store.photosOf(tool.id)).images).toEqual([a, c, b]);
    await saved(page, r.down(1));
    await expectRows(page, [c, a, b]);
    expect(await store.photosOf(tool.id)).toEqual({ image: c.url, images: [c, a, b] });

    // New words for the first, none for the second (the tool's name stands in), the third removed, a PNG added.
    const told = { ...c, alt: "The spokeshave's sole, from below", altBn: "নিচ থেকে দেখা স্পোকশেভের তলা" };
    await r.alt(1).fill(told.alt);
    await r.altBn(1).fill(told.altBn);
    await r.alt(2).fill("");
    await r.altBn(2).fill("");
    await r.remove(3).check();
    await r.file.setInputFiles({ name: "heel.png", mimeType: "image/png", buffer: await tinyPng() });
    await saved(page, r.save);

    const { image, images } = await store.photosOf(tool.id);
    expect(image).toBe(told.url);
    expect(images).toHaveLength(3);
    const added = images[2]!;
    expect(added.url).toMatch(UPLOADED_IMAGE);
    const now: Photo[] = [told, { ...a, alt: null, altBn: null }, { url: added.url, alt: null, altBn: null }];
    expect(images).toEqual(now);
    await expectRows(page, now);
    await expect(r.rows.nth(2).locator("img")).toHaveAttribute("src", added.url);
    await page.reload();
    await expectRows(page, now);

    // The product page shows them in that order; a photo without words is described by the tool's name.
    for (const language of ["en", "bn"] as const) {
      await inLanguage(page.context(), language);
      const name = language === "bn" ? tool.nameBn : tool.name;
      await openScreen(page, detail(tool.id));
      const g = gallery(page, language, name);
      await expect(g.thumbnails).toHaveCount(3);
      const names = [altIn(told, language), name, name];
      for (const [i, alt] of names.entries()) {
        await expect(g.thumbnails.nth(i)).toHaveAccessibleName(
          fill(WORDS[language].product.photoN, { n: i + 1, total: 3, alt }),
        );
      }
      await expect(g.shown).toHaveAttribute("src", told.url);
      await expect(g.shown).toHaveAttribute("alt", altIn(told, language));
      await g.thumbnail(3, 3, name).click();
      await expect(g.shown).toHaveAttribute("src", added.url);
      await expect(g.shown).toHaveAttribute("alt", name);
      await expect(g.shown).toHaveAttribute("srcset", new RegExp(`-400\\.webp 400w, .*-800\\.webp 800w$`));
      // The uploaded photo is really served.
      expect((await page.request.get(added.url)).status()).toBe(200);
    }
  });

  test("orders them by dragging a row onto another", async ({ page, store }) => {
    const tool = await store.addTool("Rebate Plane");
    const [a, b, c] = PHOTOS;
    await openScreen(page, photosPage(tool.id));
    const r = photoRows(page, "en");
    await expectRows(page, [a, b, c]);
    // The third dragged onto the first goes before it.
    await r.rows.nth(2).locator("img").dragTo(r.rows.nth(0).locator("img"));
    await expectRows(page, [c, a, b]);
    await saved(page, r.save);
    expect(await store.photosOf(tool.id)).toEqual({ image: c.url, images: [c, a, b] });
    // The page lists them as saved, and saving again changes nothing.
    await expectRows(page, [c, a, b]);
    await saved(page, r.save);
    expect((await store.photosOf(tool.id)).images).toEqual([c, a, b]);
  });

  test("a photo added is listed with the others at once", async ({ page, store }) => {
    const tool = await store.addTool("Plough Plane");
    await openScreen(page, photosPage(tool.id));
    const r = photoRows(page, "en");
    await r.file.setInputFiles({ name: "toe.png", mimeType: "image/png", buffer: await tinyPng() });
    await saved(page, r.save);
    const { images } = await store.photosOf(tool.id);
    expect(images).toHaveLength(4);
    expect(images.slice(0, 3)).toEqual(PHOTOS);
    expect(images[3]!.url).toMatch(UPLOADED_IMAGE);
    await expectRows(page, images);
  });

  for (const language of ["en", "bn"] as const) {
    test(`in ${language === "en" ? "English" : "Bangla"}, a file that is no picture is refused beside the file field, and axe finds nothing`, async ({
      page,
      context,
      store,
    }) => {
      await inLanguage(context, language);
      const tool = await store.addTool("Shoulder Plane");
      await openScreen(page, photosPage(tool.id));
      await expectAccessibleScreen(page, "/dashboard/manageproduct/:productId/photos", "three photos");
      const r = photoRows(page, language);
      await r.alt(1).fill("Typed, not yet saved");
      await r.file.setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("not a picture\n") });
      await r.save.click();
      const refusal = MESSAGES[language].upload.not_an_image;
      await expect(r.file).toHaveAccessibleDescription(refusal);
      await expect(r.file).toHaveAttribute("aria-invalid", "true");
      // Nothing was saved; what was typed is still there.
      await expect(r.alt(1)).toHaveValue("Typed, not yet saved");
      expect((await store.photosOf(tool.id)).images).toEqual(PHOTOS);
      await expectAccessibleScreen(page, "/dashboard/manageproduct/:productId/photos", "a file refused");
    });
  }
});
