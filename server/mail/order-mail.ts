import { formatCount, formatMoney } from "@shared/format";
import { formatDateTime } from "@shared/format-time";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { lineTitle } from "@shared/variants";
import type { Language } from "@shared/languages";
import { lowStockLine } from "@shared/low-stock";
import { bn } from "@shared/words/bn";
import { bnMail } from "@shared/words/bn-mail";
import { isOneOf, sayer, type Catalogue, type Path, type TextValues } from "@shared/words/catalogue";
import { en } from "@shared/words/en";
import { enMail, type MailWords } from "@shared/words/en-mail";
import type { MailOutboxRow, OrderLineRow, OrderRow, ProductRow } from "../db/schema";
import type { BuyerMailKind } from "./outbox";

/** A message's content: the subject, and its body as plain text and as HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type Line = [label: string, value: string];

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The e-mails' words: the pages' catalogue (its order states) with the e-mails' own under `mail`. */
type MailKey = Path<Omit<Catalogue, "messages"> & { mail: MailWords }>;
type Say = (key: MailKey, values?: TextValues) => string;

/** A key with no text comes only through a cast: the message fails, and the outbox logs it and tries again. */
const noText = (key: string): never => {
  throw new Error(`No e-mail text for "${key}"`);
};
export const SAY: Record<Language, Say> = {
  en: sayer<MailKey>("en", { ...en, mail: enMail }, noText),
  bn: sayer<MailKey>("bn", { ...bn, mail: bnMail }, noText),
};

/** The payment methods the e-mails name (`mail.methods`); another provider is written as its name. */
const METHODS = ["cod", "test", "stripe", "sslcommerz"] as const;
const methodName = (t: Say, method: string) => (isOneOf(METHODS, method) ? t(`mail.methods.${method}`) : method);

export const orderLink = (baseURL: string, orderId: string) => `${baseURL}/dashboard/order/${orderId}`;

/** The order's invoice number and where to print it, once it has one. */
const invoiceLine = (o: OrderRow, baseURL: string) =>
  o.invoiceNumber === null
    ? null
    : `${formatInvoiceNumber(o.invoiceNumber)} · ${baseURL}/dashboard/orders/${o.id}/invoice`;

/** What the e-mails say of one line of an order. */
type BoughtLine = Pick<OrderLineRow, "name" | "nameBn" | "pricePoisha" | "quantity" | "amountPoisha"> &
  Partial<Pick<OrderLineRow, "variantLabel">>;

/**
 * The order's lines, the first one first. An order row without lines (none the store writes) is its own first line,
 * as the order row repeats it.
 */
function boughtLines(o: OrderRow, lines: readonly BoughtLine[]): BoughtLine[] {
  if (lines.length > 0) return [...lines];
  const amountPoisha = o.pricePoisha * o.quantity;
  return [
    { name: o.productName, nameBn: o.productNameBn, pricePoisha: o.pricePoisha, quantity: o.quantity, amountPoisha },
  ];
}

/** A line's product as a reader of `language` knows it: in Bangla, its Bangla name where it had one. */
const nameIn = (line: BoughtLine, language: Language) => lineTitle({ ...line, variant: line.variantLabel }, language);

/** What the order is for in a few words: its first line's product, and how many more lines it has. */
function orderTitle(t: Say, language: Language, o: OrderRow, lines: BoughtLine[]): string {
  const first = nameIn(lines[0]!, language);
  const more = Math.max(o.lineCount, lines.length) - 1;
  return more > 0 ? t("mail.andMore", { product: first, n: formatCount(more, language) }) : first;
}

/**
 * The lines as rows: a heading row (product, then quantity × price = amount), one row per line, then the goods'
 * total, the delivery charge and what the order takes in all (`total`'s label).
 */
function lineRows(t: Say, language: Language, o: OrderRow, lines: BoughtLine[], totalLabel: string): Line[] {
  const money = (poisha: number) => formatMoney(poisha, language);
  const pieces = (n: number) => t("mail.pieces", { n: formatCount(n, language) });
  return [
    [
      t("mail.labels.product"),
      `${t("mail.labels.quantity")} × ${t("mail.labels.price")} = ${t("mail.labels.lineAmount")}`,
    ],
    ...lines.map((line): Line => [
      nameIn(line, language),
      `${pieces(line.quantity)} × ${money(line.pricePoisha)} = ${money(line.amountPoisha)}`,
    ]),
    [t("mail.labels.goods"), money(o.payablePoisha)],
    [t("mail.labels.deliveryCharge"), money(o.deliveryChargePoisha)],
    [totalLabel, money(o.totalPoisha)],
  ];
}

function deliveryLine(o: OrderRow): string | null {
  const d = o.delivery;
  return d ? `${d.name}, ${d.phone}, ${d.address}, ${d.district}, ${d.division}` : null;
}

/** The same facts as text lines and as an HTML table; every value escaped in the HTML. */
export function compose(
  language: Language,
  subject: string,
  paragraphs: string[],
  lines: Line[],
  link: { label: string; url: string },
  footer: string,
): MailContent {
  const width = Math.max(...lines.map(([label]) => label.length));
  const text = [
    ...paragraphs,
    "",
    ...lines.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    "",
    `${link.label}: ${link.url}`,
    "",
    footer,
    "",
  ].join("\n");
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:sans-serif;color:#292524;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<table role="presentation" style="border-collapse:collapse">
${rows}
</table>
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#78716c;font-size:small">${escapeHtml(footer)}</p>
</body>
</html>
`;
  return { subject, text, html };
}

/** How the shop works, where a buyer's e-mail depends on it. */
export interface MailSettings {
  /** Cash on delivery is confirmed with a code sent to the buyer's phone (COD_VERIFY_PHONE), not by the shop's call. */
  phoneCodes?: boolean;
}

/** What happened to the order, in the order's language, read from the order as it is now. */
function eventParagraphs(kind: BuyerMailKind, o: OrderRow, language: Language, settings: MailSettings): string[] {
  const t = SAY[language];
  // Cash on delivery whose delivery charge was paid in advance is confirmed already: no call from the shop is awaited.
  const advancePaid = kind === "cod" && o.advancePoisha > 0;
  const said = [
    advancePaid
      ? t("mail.advanceReceived", { amount: formatMoney(o.advancePoisha, language) })
      : kind === "cod" && settings.phoneCodes
        ? t("mail.codByCode")
        : t(`mail.events.${kind}.lead`),
  ];
  if (kind === "placed" && o.status === "unpaid" && o.expiresAt) {
    said.push(t("mail.holdsUntil", { time: formatDateTime(o.expiresAt, language) }));
  }
  // The cash the courier collects: the total, less a delivery charge paid in advance.
  if (kind === "cod") said.push(t("mail.codPay", { amount: formatMoney(o.totalPoisha - o.advancePoisha, language) }));
  if (kind === "cancelled") {
    said.push(t(o.cancelledBy === "admin" ? "mail.cancelledByShop" : "mail.cancelledByYou"));
    if (o.cancelReason) said.push(t("mail.reason", { reason: o.cancelReason }));
    if (o.refund === "due") said.push(t("mail.refundDue"));
  }
  if (kind === "returned" && o.refund === "due") said.push(t("mail.refundDue"));
  return said;
}

/**
 * A buyer's e-mail about an event of their order: in its language, with its facts as they stand at send time:
 * every line, the goods' total, the delivery charge and what the order takes in all.
 */
export function buyerMail(
  kind: BuyerMailKind,
  language: Language,
  o: OrderRow,
  baseURL: string,
  orderLines: readonly BoughtLine[] = [],
  settings: MailSettings = {},
): MailContent {
  const t = SAY[language];
  const bought = boughtLines(o, orderLines);
  const lines: Line[] = [
    [t("mail.labels.orderNumber"), o.id],
    ...lineRows(t, language, o, bought, t("mail.labels.amount")),
  ];
  const delivery = deliveryLine(o);
  if (delivery) lines.push([t("mail.labels.deliverTo"), delivery]);
  if (o.paymentMethod) lines.push([t("mail.labels.payment"), methodName(t, o.paymentMethod)]);
  if (o.transactionId) lines.push([t("mail.labels.transaction"), o.transactionId]);
  const invoice = invoiceLine(o, baseURL);
  if (invoice) lines.push([t("mail.labels.invoice"), invoice]);
  lines.push([t("mail.labels.state"), t(`states.${o.status}`)]);
  const product = orderTitle(t, language, o, bought);
  const subject = `${t(`mail.events.${kind}.subject`, { product })} · ${t("mail.shop")}`;
  const greeting = o.buyerName ? [t("mail.hello", { name: o.buyerName })] : [];
  return compose(
    language,
    subject,
    [...greeting, ...eventParagraphs(kind, o, language, settings)],
    lines,
    { label: t("mail.link"), url: orderLink(baseURL, o.id) },
    t("mail.footer"),
  );
}

/**
 * Admins' news of an order paid (or accepted) online or confirmed for cash on delivery: every line, the delivery
 * charge and the total. In English: the dashboard's admins share one message, and an account keeps no language of
 * its own.
 */
export function newOrderMail(o: OrderRow, baseURL: string, orderLines: readonly BoughtLine[] = []): MailContent {
  const t = SAY.en;
  const bought = boughtLines(o, orderLines);
  const amount = formatMoney(o.totalPoisha);
  // Every piece to pack: the lines' pieces together.
  const quantity = t("mail.pieces", { n: formatCount(bought.reduce((n, line) => n + line.quantity, 0)) });
  const lines: Line[] = [
    [t("mail.labels.orderNumber"), o.id],
    [t("mail.admin.newOrder.buyer"), o.buyerName ? `${o.buyerName} <${o.buyerEmail}>` : o.buyerEmail],
    ...lineRows(t, "en", o, bought, t("mail.admin.newOrder.amount")),
    [t("mail.labels.payment"), o.paymentMethod ? methodName(t, o.paymentMethod) : "—"],
  ];
  if (o.transactionId) lines.push([t("mail.labels.transaction"), o.transactionId]);
  const invoice = invoiceLine(o, baseURL);
  if (invoice) lines.push([t("mail.labels.invoice"), invoice]);
  lines.push([t("mail.labels.deliverTo"), deliveryLine(o) ?? t("mail.admin.newOrder.notGiven")]);
  lines.push([t("mail.labels.state"), t(`states.${o.status}`)]);
  return compose(
    "en",
    `${t("mail.admin.newOrder.subject", { product: orderTitle(t, "en", o, bought), quantity, amount })} · ${t("mail.shop")}`,
    [t(o.paymentMethod === "cod" ? "mail.admin.newOrder.leadCod" : "mail.admin.newOrder.leadOnline")],
    lines,
    { label: t("mail.admin.newOrder.link"), url: orderLink(baseURL, o.id) },
    t("mail.admin.footer"),
  );
}

/** Admins' news that an order took a product below its low-stock line, with its stock as it is now. */
export function lowStockMail(p: ProductRow, o: OrderRow | null, baseURL: string): MailContent {
  const t = SAY.en;
  const pieces = (n: number) => t("mail.pieces", { n: formatCount(n) });
  const line = pieces(lowStockLine(p));
  const lines: Line[] = [
    [t("mail.labels.product"), p.name],
    [t("mail.admin.lowStock.inStock"), pieces(p.availability)],
    [t("mail.admin.lowStock.line"), line],
    [t("mail.admin.lowStock.minimum"), pieces(p.minimumQuantity)],
  ];
  if (o) lines.push([t("mail.admin.lowStock.order"), o.id]);
  return compose(
    "en",
    `${t("mail.admin.lowStock.subject", { product: p.name, left: pieces(p.availability) })} · ${t("mail.shop")}`,
    [t("mail.admin.lowStock.lead", { product: p.name, line })],
    lines,
    { label: t("mail.admin.lowStock.link"), url: `${baseURL}/dashboard/manageproduct/${p.id}` },
    t("mail.admin.footer"),
  );
}

/** What a message in the outbox says, rendered when it is sent; `lines` are the order's, the first one first. */
export function renderOutboxMail(
  row: Pick<MailOutboxRow, "kind" | "audience" | "language">,
  o: OrderRow | null,
  p: ProductRow | null,
  baseURL: string,
  lines: readonly BoughtLine[] = [],
  settings: MailSettings = {},
): MailContent | null {
  if (row.kind === "low_stock") return p ? lowStockMail(p, o, baseURL) : null;
  if (!o) return null;
  if (row.kind === "new_order") return newOrderMail(o, baseURL, lines);
  if (row.kind in enMail.events) return buyerMail(row.kind as BuyerMailKind, row.language, o, baseURL, lines, settings);
  return null;
}
