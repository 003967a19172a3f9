import "~/i18n/admin-messages";
import { describe, expect, it } from "vitest";
import { UNPAID_ORDER_VIEW, myOrdersPage } from "../support/order-views";
import { bn } from "@shared/words/bn";
import { en } from "@shared/words/en";
import { languageOf } from "@shared/languages";
import { translate } from "~/i18n/use-message";
import { M, message } from "@shared/messages";
import type { OrderView } from "@shared/views";
import { formatCount, formatTk } from "@shared/format";
import MyOrders from "~/routes/dashboard/orders";
import { renderRoute } from "../support/render-route";

const request = (headers: Record<string, string>) => new Request("http://127.0.0.1/", { headers });

describe("the page's language", () => {
  it.each([
    [{}, "en"],
    [{ "accept-language": "bn-BD,bn;q=0.9,en;q=0.8" }, "bn"],
    [{ "accept-language": "en-GB,en;q=0.9,bn;q=0.8" }, "en"],
    [{ "accept-language": "fr-FR,bn;q=0.5" }, "bn"],
    [{ "accept-language": "en;q=0.2,bn;q=0.7" }, "bn"],
    [{ "accept-language": "fr, de" }, "en"],
    [{ "accept-language": "bn", cookie: "other=1; randa.lang=en" }, "en"],
    [{ "accept-language": "en", cookie: "randa.lang=bn" }, "bn"],
    [{ cookie: "randa.lang=xx" }, "en"],
  ])("%o → %s", (headers, expected) => {
    expect(languageOf(request(headers))).toBe(expected);
  });
});

describe("money and counts", () => {
  it("keep the spec's 'Tk {price}' in English with Bangladeshi grouping", () => {
    expect(formatTk(125000)).toBe("Tk 1,25,000");
    expect(formatTk(1250.5)).toBe("Tk 1,250.50");
    expect(formatCount(1000000)).toBe("10,00,000");
  });

  it("use Bengali digits, lakh grouping and ৳ in Bangla", () => {
    expect(formatTk(125000, "bn")).toBe("১,২৫,০০০৳");
    expect(formatTk(1250.5, "bn")).toBe("১,২৫০.৫০৳");
    expect(formatCount(1000000, "bn")).toBe("১০,০০,০০০");
  });
});

describe("texts", () => {
  it("have a Bangla text for every English one", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(bn)).toEqual(keys(en));
    const same = keys(en).filter((k) => {
      const pick = (o: object) => k.split(".").reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], o);
      return pick(en) === pick(bn);
    });
    // Only what is the same in both languages (the card's "CVC") may repeat.
    expect(same).toEqual(["payment.cvc"]);
  });

  it("translate messages by their code for Bangla pages and leave English ones exactly as the spec writes them", () => {
    const below = message(M.quantity.below_minimum, { min: 100 });
    expect(translate(below, "en")).toBe("You have to buy at least 100");
    expect(translate(below, "bn")).toBe("কমপক্ষে ১০০ পিস কিনতে হবে");
    expect(translate(M.card.declined, "bn")).toBe("আপনার কার্ডটি প্রত্যাখ্যাত হয়েছে।");
    // The spec reuses 'Price Is Required' for the minimum quantity; Bangla can say what is missing. (An admin's
    // message: the admins' pages bring it, as this file does by importing their module.)
    expect(translate(M.product.minimum_required, "en")).toBe("Price Is Required");
    expect(translate(M.product.minimum_required, "bn")).toBe("ন্যূনতম পরিমাণ দিন");
  });

  it("say every message in Bangla, and a server's own wording as it came in English", () => {
    expect(translate(M.order.idempotency_key_invalid, "bn")).toBe("Idempotency-Key হবে ১ থেকে ২৫৫টি দৃশ্যমান ASCII অক্ষর");
    const stripes = { code: M.payment.stripe_refused, message: "Your card's zip code is incorrect." };
    expect(translate(stripes, "en")).toBe("Your card's zip code is incorrect.");
    expect(translate(stripes, "bn")).toBe("কার্ড পেমেন্ট সেবা অনুরোধটি গ্রহণ করেনি।");
  });

  it("render My Orders in Bangla on the server", () => {
    const order: OrderView = UNPAID_ORDER_VIEW;
    const html = renderRoute(MyOrders, myOrdersPage([order]), "/dashboard/orders", "bn");
    expect(html).toContain("আমার অর্ডার");
    expect(html).toContain("৩৫,৬০০৳");
    expect(html).toContain("৪০ পিস");
    expect(html).toContain("আপনি কি নিশ্চিত? Mortise Chisel 10 mm অর্ডারটি বাতিল করতে চান");
  });
});
