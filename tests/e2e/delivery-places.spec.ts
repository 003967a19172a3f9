import type { BrowserContext, Page, Route } from "@playwright/test";
import { DIVISIONS, districtsOf } from "../../shared/bangladesh";
import { formatCount } from "../../shared/format";
import type { Language } from "../../shared/languages";
import { BASE_URL, registerViaApi } from "./accounts";
import {
  chargeTk,
  DEFAULT_RATES,
  goodsTk,
  inLanguage,
  type Line,
  MESSAGES,
  money,
  parcelGrams,
  toolName,
  WORDS,
} from "./checkout";
import { expect, test } from "./fixtures";
import { deliveryOfItsOwn, toast, waitForHydration } from "./shop";

// The division and district of checkout's delivery fields (app/components/payment/delivery-fields.tsx). With no
// division chosen the district list holds every district under its division, so a buyer without JavaScript picks
// both at once and the server checks they agree; with JavaScript a district chosen first brings its division; and a
// division or district chosen before the page's script ran is kept when it runs, the districts and the delivery
// charge following it. Each buyer's cart is one line of Coping Saws at the minimum (1,500 in stock, 100 a line),
// sent to a phone of its own; the delivery charges are the ones a new store starts with
// (tests/e2e/delivery-charges.spec.ts, which changes them, runs after this file).

const SAWS: Line = { name: "Coping Saw with 5 Spare Blades", quantity: 100 };
const GRAMS = parcelGrams([SAWS]);
const GOODS = goodsTk([SAWS]);

type Zone = keyof typeof DEFAULT_RATES;
const chargeTo = (zone: Zone) => chargeTk(DEFAULT_RATES[zone], GRAMS);

/** A signed-up buyer with the saws in the cart, put there by the shop card's form (the shop ships no JavaScript). */
async function buyerWithCart(page: Page, context: BrowserContext, language: Language) {
  const t = WORDS[language];
  await inLanguage(context, language);
  await registerViaApi(page);
  await page.goto("/shop");
  await page.getByRole("button", { name: `${t.cart.add}: ${toolName(SAWS.name, language)}`, exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cart`);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
}

const divisionField = (page: Page, language: Language) => page.getByLabel(WORDS[language].delivery.division);
const districtField = (page: Page, language: Language) => page.getByLabel(WORDS[language].delivery.district);

/** The district list holds only this division's districts, in the page's language, after "Choose…". */
async function expectDistrictsOf(page: Page, division: string, language: Language) {
  const district = districtField(page, language);
  await expect(district.locator("optgroup")).toHaveCount(0);
  await expect(district.locator("option")).toHaveText([
    WORDS[language].delivery.choose,
    ...districtsOf(division).map(([en, bn]) => (language === "bn" ? bn : en)),
  ]);
}

/** The district list holds every district, under its division: what a page without JavaScript can choose from. */
async function expectEveryDistrict(page: Page, language: Language) {
  const district = districtField(page, language);
  const groups = district.locator("optgroup");
  await expect(groups).toHaveCount(DIVISIONS.length);
  for (const [i, division] of DIVISIONS.entries()) {
    await expect(groups.nth(i)).toHaveAttribute("label", language === "bn" ? division.bn : division.name);
    await expect(groups.nth(i).locator("option")).toHaveText(
      division.districts.map(([en, bn]) => (language === "bn" ? bn : en)),
    );
  }
}

/** Checkout's charge for the saws to a zone: the zone and the parcel's weight beside it, and the total. */
async function expectCharge(page: Page, zone: Zone, language: Language) {
  const t = WORDS[language];
  const label = t.checkout.deliveryFor
    .replace("{{zone}}", t.zones[zone])
    .replace("{{weight}}", `${formatCount(Math.ceil(GRAMS / 100) / 10, language)} kg`);
  await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByTestId("checkout-delivery")).toHaveText(money(chargeTo(zone), language));
  await expect(page.getByTestId("checkout-total")).toHaveText(money(GOODS + chargeTo(zone), language));
}

/** The order placed: it goes to the district and division chosen, at the charge for its zone. */
async function expectOrderTo(page: Page, place: Place, language: Language) {
  await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`${place.address}, ${place.district}, ${place.division}`)).toBeVisible();
  await expect(page.getByTestId("order-lines").locator("tfoot tr").nth(1)).toHaveText(
    `${WORDS[language].order.deliveryCharge}${money(chargeTo(place.zone), language)}`,
  );
}

interface Place {
  division: string;
  district: string;
  zone: Zone;
  address: string;
}

/** The fields besides the division and district, and cash on delivery. */
async function fillTheRest(page: Page, delivery: { name: string; phone: string; address: string }, language: Language) {
  const t = WORDS[language];
  await page.getByLabel(t.delivery.name, { exact: true }).fill(delivery.name);
  await page.getByLabel(t.delivery.phone).fill(delivery.phone);
  await page.getByLabel(t.delivery.address).fill(delivery.address);
  await page.getByLabel(t.checkout.cod).check();
}

/**
 * Checkout opened with the page's scripts held back: `choose` runs on the server's HTML before any script has run,
 * then the scripts are let through and the page hydrates.
 */
async function beforeHydration(page: Page, choose: () => Promise<unknown>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const hold = async (route: Route) => {
    held.push(route.request().url());
    await released;
    await route.fallback();
  };
  await page.route("**/assets/**/*.js", hold);
  try {
    await page.goto("/checkout", { waitUntil: "commit" });
    await choose();
    await expect.poll(() => held.length, { message: "the page's scripts are held" }).toBeGreaterThan(0);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  } finally {
    release();
  }
  await waitForHydration(page);
  await page.unroute("**/assets/**/*.js", hold);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  const buys: { language: Language; place: Place }[] = [
    { language: "en", place: { division: "Rajshahi", district: "Bogura", zone: "outside_dhaka", address: "Satmatha" } },
    {
      language: "bn",
      place: { division: "Khulna", district: "Jashore", zone: "outside_dhaka", address: "Rail Road, Lane 2" },
    },
  ];
  for (const { language, place } of buys) {
    test(`${language === "bn" ? "in Bangla: " : ""}a buyer picks a division and a district from every division's, and the order goes there`, async ({
      page,
      context,
    }) => {
      const t = WORDS[language];
      await buyerWithCart(page, context, language);
      await page.goto("/checkout");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.checkout.title);
      await expect(divisionField(page, language)).toHaveValue("");
      await expectEveryDistrict(page, language);

      await divisionField(page, language).selectOption(place.division);
      await districtField(page, language).selectOption(place.district);
      await fillTheRest(page, { ...deliveryOfItsOwn(), address: place.address }, language);
      await page.getByRole("button", { name: t.checkout.place }).click();
      await expectOrderTo(page, place, language);
    });
  }

  test("a district of another division is refused beside the district field, and what was typed is kept", async ({
    page,
    context,
  }) => {
    const t = WORDS.en;
    const said = MESSAGES.en;
    await buyerWithCart(page, context, "en");
    await page.goto("/checkout");
    const delivery = { ...deliveryOfItsOwn(), address: "House 9, Road 2, Tongi" };
    await divisionField(page, "en").selectOption("Dhaka");
    await districtField(page, "en").selectOption("Sylhet");
    await fillTheRest(page, delivery, "en");
    await page.getByRole("button", { name: t.checkout.place }).click();

    await expect(page).toHaveURL(`${BASE_URL}/checkout`);
    const district = districtField(page, "en");
    await expect(district).toHaveAttribute("aria-invalid", "true");
    await expect(district).toHaveAccessibleDescription(said.delivery.district_required);
    await expect(divisionField(page, "en")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByLabel(t.delivery.name, { exact: true })).toHaveValue(delivery.name);
    await expect(page.getByLabel(t.delivery.phone)).toHaveValue(delivery.phone);
    await expect(page.getByLabel(t.delivery.address)).toHaveValue(delivery.address);
    await expect(page.getByLabel(t.checkout.cod)).toBeChecked();
    // The division is kept, and the district list is now its own: Sylhet is not among them, so none is chosen.
    await expect(divisionField(page, "en")).toHaveValue("Dhaka");
    await expectDistrictsOf(page, "Dhaka", "en");
    await expect(district).toHaveValue("");

    await district.selectOption("Gazipur");
    await page.getByRole("button", { name: t.checkout.place }).click();
    await expectOrderTo(
      page,
      { division: "Dhaka", district: "Gazipur", zone: "dhaka_suburbs", address: delivery.address },
      "en",
    );
  });
});

test.describe("with JavaScript", () => {
  test("a district chosen first, with no division chosen, brings its division and the charge for it", async ({
    page,
    context,
  }) => {
    await buyerWithCart(page, context, "en");
    await page.goto("/checkout");
    await waitForHydration(page);
    await expect(divisionField(page, "en")).toHaveValue("");
    await expectEveryDistrict(page, "en");

    await districtField(page, "en").selectOption("Gazipur");
    await expect(divisionField(page, "en")).toHaveValue("Dhaka");
    await expect(districtField(page, "en")).toHaveValue("Gazipur");
    await expectDistrictsOf(page, "Dhaka", "en");
    await expect(page).toHaveURL(`${BASE_URL}/checkout?district=Gazipur`);
    await expectCharge(page, "dhaka_suburbs", "en");
  });

  test("a division and a district chosen before the page's script ran are kept, with the charge, and the order goes there", async ({
    page,
    context,
  }) => {
    const t = WORDS.en;
    const place: Place = {
      division: "Sylhet",
      district: "Moulvibazar",
      zone: "outside_dhaka",
      address: "Tea Estate Road",
    };
    await buyerWithCart(page, context, "en");
    await beforeHydration(page, async () => {
      await divisionField(page, "en").selectOption(place.division);
      await districtField(page, "en").selectOption(place.district);
    });

    await expect(divisionField(page, "en")).toHaveValue(place.division);
    await expect(districtField(page, "en")).toHaveValue(place.district);
    await expectDistrictsOf(page, place.division, "en");
    await expect(page).toHaveURL(`${BASE_URL}/checkout?district=${place.district}`);
    await expectCharge(page, place.zone, "en");

    await fillTheRest(page, { ...deliveryOfItsOwn(), address: place.address }, "en");
    await page.getByRole("button", { name: t.checkout.place }).click();
    await expect(toast(page, MESSAGES.en.order.placed)).toBeVisible();
    await expectOrderTo(page, place, "en");
  });

  test("a division alone, or a district alone, chosen before the page's script ran is kept", async ({
    page,
    context,
  }) => {
    await buyerWithCart(page, context, "en");

    // A division alone: the districts follow it, none is chosen, and no charge is reckoned yet.
    await beforeHydration(page, () => divisionField(page, "en").selectOption("Rangpur"));
    await expect(divisionField(page, "en")).toHaveValue("Rangpur");
    await expectDistrictsOf(page, "Rangpur", "en");
    await expect(districtField(page, "en")).toHaveValue("");
    await expect(page.getByTestId("checkout-delivery")).toHaveText("—");

    // A district alone, from every division's: its division comes with it, and its charge.
    await beforeHydration(page, () => districtField(page, "en").selectOption("Narayanganj"));
    await expect(divisionField(page, "en")).toHaveValue("Dhaka");
    await expect(districtField(page, "en")).toHaveValue("Narayanganj");
    await expectDistrictsOf(page, "Dhaka", "en");
    await expect(page).toHaveURL(`${BASE_URL}/checkout?district=Narayanganj`);
    await expectCharge(page, "dhaka_suburbs", "en");
  });
});
