import { formatCount, formatMoney } from "@shared/format";
import type { Language } from "@shared/languages";
import { fitsSms } from "@shared/sms-segments";
import { lineTitle } from "@shared/variants";
import { bnSms } from "@shared/words/bn-sms";
import { fill, sayer, type Path } from "@shared/words/catalogue";
import { enSms, type SmsWords } from "@shared/words/en-sms";
import { ORDER_SMS_KINDS, type OrderSmsKind, type SmsKind } from "./queue";

type SmsKey = Path<{ sms: SmsWords }>;

/** A key with no text comes only through a cast: the message fails, and the outbox notes it and tries again. */
const noText = (key: string): never => {
  throw new Error(`No SMS text for "${key}"`);
};
const SAY: Record<Language, (key: SmsKey) => string> = {
  en: sayer<SmsKey>("en", { sms: enSms }, noText),
  bn: sayer<SmsKey>("bn", { sms: bnSms }, noText),
};

/** What a message names: an order's first line, or the tool (and size) back in stock. */
export interface SmsItem {
  name: string;
  nameBn: string | null;
  variant?: string | null;
}

/** What a message is rendered from, read when it is sent. */
export interface SmsFacts {
  kind: SmsKind | (string & {});
  language: Language;
  order: { totalPoisha: number; advancePoisha: number; lineCount: number } | null;
  item: SmsItem | null;
  /** The courier's tracking code of a shipped order's parcel; null when it was shipped by hand. */
  trackingCode: string | null;
  productId: string | null;
  variantId: string | null;
  params: Record<string, string> | null;
}

/** A product's name is cut no shorter than this while a fuller text may still carry it. */
const SHORTEST_NAME = 12;
const CUT = "...";
/** How long a phone code is valid unless its row says (server/phone-codes/). */
const CODE_MINUTES = "10";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** A name cut to its first `n` letters as a reader sees them (a Bangla conjunct stays whole), marked as cut. */
function cutName(name: string, n: number): string {
  const letters = [...graphemes.segment(name)].map((s) => s.segment);
  return letters.length <= n ? name : `${letters.slice(0, n).join("").trimEnd()}${CUT}`;
}

/**
 * The first of `templates` that goes in two messages, filled with `values` and, where it names the product, with its
 * name as long as fits (whole, else cut, never shorter than SHORTEST_NAME but in the last). The last template is the
 * barest, and each kind's barest is short enough for any value the store allows (tests/integration/sms-render.test.ts).
 */
function firstThatFits(
  templates: string[],
  values: Record<string, string>,
  product: ((name: string) => string) | null,
  name: string,
): string {
  for (const [i, template] of templates.entries()) {
    const last = i === templates.length - 1;
    if (!template.includes("{{product}}")) {
      const text = fill(template, values);
      if (last || fitsSms(text)) return text;
      continue;
    }
    if (!product) continue;
    const length = [...graphemes.segment(name)].length;
    const withName = (n: number) => fill(template, { ...values, product: product(cutName(name, n)) });
    if (fitsSms(withName(length))) return withName(length);
    // The longest cut that fits, found by halving: a shorter name never makes a longer text.
    let [low, high] = [last ? 0 : Math.min(SHORTEST_NAME, length), length - 1];
    if (!fitsSms(withName(low))) {
      if (last) return withName(0);
      continue;
    }
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fitsSms(withName(mid))) low = mid;
      else high = mid - 1;
    }
    return withName(low);
  }
  return fill(templates.at(-1)!, values);
}

const isOrderKind = (kind: string): kind is OrderSmsKind => (ORDER_SMS_KINDS as readonly string[]).includes(kind);

/** The order's templates, the fullest first: a shipped parcel's tracking code and link when a courier has it. */
function orderTemplates(t: (key: SmsKey) => string, kind: OrderSmsKind, tracked: boolean): string[] {
  const names =
    kind === "shipped" && tracked
      ? (["tracked", "trackedPlain", "codeOnly"] as const)
      : (["product", "plain"] as const);
  return names.map((name) => t(`sms.events.${kind}.${name}` as SmsKey));
}

/**
 * What a message in the outbox says, in its language, within two messages: an order's news (its first tool and
 * how many more, the amount, a shipped parcel's tracking code and link), a phone code, or a tool back in stock with
 * its link. Null when it has nothing to tell of (its order or product is gone, a code is missing).
 */
export function renderSms(facts: SmsFacts, baseURL: string): string | null {
  const { kind, language, order, item } = facts;
  const t = SAY[language];
  // The name as the reader knows it, to be cut if need be; its size stays whole after it.
  const name = item ? (language === "bn" && item.nameBn) || item.name : "";
  const titled = (cut: string) => lineTitle({ name: cut, nameBn: cut, variant: item?.variant }, language);
  if (kind === "phone_code") {
    const code = facts.params?.["code"];
    if (!code) return null;
    const minutes = formatCount(Number(facts.params?.["minutes"] ?? CODE_MINUTES), language);
    return fill(t("sms.phoneCode"), { code, minutes });
  }
  if (kind === "back_in_stock") {
    if (!item || !facts.productId) return null;
    const query = facts.variantId ? `?variant=${facts.variantId}` : "";
    const link = `${baseURL}/detail/${facts.productId}${query}`;
    return firstThatFits([t("sms.backInStock.withLink"), t("sms.backInStock.product")], { link }, titled, name);
  }
  if (!isOrderKind(kind) || !order) return null;
  const more = Math.max(order.lineCount, 1) - 1;
  const product = item
    ? (cut: string) =>
        more > 0 ? fill(t("sms.andMore"), { product: titled(cut), n: formatCount(more, language) }) : titled(cut)
    : null;
  // What the buyer pays: the whole order, and for cash on delivery what the courier collects.
  const amount = formatMoney(order.totalPoisha - (kind === "confirmed" ? order.advancePoisha : 0), language);
  const code = facts.trackingCode;
  const values = { amount, code: code ?? "", link: code ? `${baseURL}/track/${encodeURIComponent(code)}` : "" };
  return firstThatFits(orderTemplates(t, kind, code !== null), values, product, name);
}
