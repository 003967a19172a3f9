import { formatCount, formatMoney } from "@shared/format";
import { formatDateTime } from "@shared/format-time";
import { formatInvoiceNumber } from "@shared/invoice-number";
import type { Language } from "@shared/languages";
import { lowStockLine } from "@shared/low-stock";
import { bn } from "@shared/words/bn";
import { bnMail } from "@shared/words/bn-mail";
import { isOneOf, sayer, type Catalogue, type Path, type TextValues } from "@shared/words/catalogue";
import { en } from "@shared/words/en";
import { enMail, type MailWords } from "@shared/words/en-mail";
import type { MailOutboxRow, OrderRow, ProductRow } from "../db/schema";
import type { BuyerMailKind } from "./outbox";

/** A message's content: the subject, and its body as plain text and as HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

type Line = [label: string, value: string];

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The e-mails' words: the pages' catalogue (its order states) with the e-mails' own under `mail`. */
type MailKey = Path<Omit<Catalogue, "messages"> & { mail: MailWords }>;
type Say = (key: MailKey, values?: TextValues) => string;

/** A key with no text comes only through a cast: the message fails, and the outbox logs it and tries again. */
const noText = (key: string): never => {
  throw new Error(`No e-mail text for "${key}"`);
};
const SAY: Record<Language, Say> = {
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

function deliveryLine(o: OrderRow): string | null {
  const d = o.delivery;
  return d ? `${d.name}, ${d.phone}, ${d.address}, ${d.district}, ${d.division}` : null;
}

/** The same facts as text lines and as an HTML table; every value escaped in the HTML. */
function compose(
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

/** What happened to the order, in the order's language, read from the order as it is now. */
function eventParagraphs(kind: BuyerMailKind, o: OrderRow, language: Language): string[] {
  const t = SAY[language];
  const amount = formatMoney(o.payablePoisha, language);
  const said = [t(`mail.events.${kind}.lead`)];
  if (kind === "placed" && o.status === "unpaid" && o.expiresAt) {
    said.push(t("mail.holdsUntil", { time: formatDateTime(o.expiresAt, language) }));
  }
  if (kind === "cod") said.push(t("mail.codPay", { amount }));
  if (kind === "cancelled") {
    said.push(t(o.cancelledBy === "admin" ? "mail.cancelledByShop" : "mail.cancelledByYou"));
    if (o.cancelReason) said.push(t("mail.reason", { reason: o.cancelReason }));
    if (o.refund === "due") said.push(t("mail.refundDue"));
  }
  return said;
}

/** A buyer's e-mail about an event of their order: in its language, with its facts as they stand at send time. */
export function buyerMail(kind: BuyerMailKind, language: Language, o: OrderRow, baseURL: string): MailContent {
  const t = SAY[language];
  const lines: Line[] = [
    [t("mail.labels.orderNumber"), o.id],
    [t("mail.labels.product"), o.productName],
    [t("mail.labels.price"), formatMoney(o.pricePoisha, language)],
    [t("mail.labels.quantity"), t("mail.pieces", { n: formatCount(o.quantity, language) })],
    [t("mail.labels.amount"), formatMoney(o.payablePoisha, language)],
  ];
  const delivery = deliveryLine(o);
  if (delivery) lines.push([t("mail.labels.deliverTo"), delivery]);
  if (o.paymentMethod) lines.push([t("mail.labels.payment"), methodName(t, o.paymentMethod)]);
  if (o.transactionId) lines.push([t("mail.labels.transaction"), o.transactionId]);
  const invoice = invoiceLine(o, baseURL);
  if (invoice) lines.push([t("mail.labels.invoice"), invoice]);
  lines.push([t("mail.labels.state"), t(`states.${o.status}`)]);
  const subject = `${t(`mail.events.${kind}.subject`, { product: o.productName })} · ${t("mail.shop")}`;
  const greeting = o.buyerName ? [t("mail.hello", { name: o.buyerName })] : [];
  return compose(
    language,
    subject,
    [...greeting, ...eventParagraphs(kind, o, language)],
    lines,
    { label: t("mail.link"), url: orderLink(baseURL, o.id) },
    t("mail.footer"),
  );
}

/**
 * Admins' news of an order paid (or accepted) online or confirmed for cash on delivery. In English: the
 * dashboard's admins share one message, and an account keeps no language of its own.
 */
export function newOrderMail(o: OrderRow, baseURL: string): MailContent {
  const t = SAY.en;
  const amount = formatMoney(o.payablePoisha);
  const quantity = t("mail.pieces", { n: formatCount(o.quantity) });
  const lines: Line[] = [
    [t("mail.labels.orderNumber"), o.id],
    [t("mail.admin.newOrder.buyer"), o.buyerName ? `${o.buyerName} <${o.buyerEmail}>` : o.buyerEmail],
    [t("mail.labels.product"), o.productName],
    [t("mail.labels.quantity"), quantity],
    [t("mail.admin.newOrder.amount"), amount],
    [t("mail.labels.payment"), o.paymentMethod ? methodName(t, o.paymentMethod) : "—"],
  ];
  if (o.transactionId) lines.push([t("mail.labels.transaction"), o.transactionId]);
  const invoice = invoiceLine(o, baseURL);
  if (invoice) lines.push([t("mail.labels.invoice"), invoice]);
  lines.push([t("mail.labels.deliverTo"), deliveryLine(o) ?? t("mail.admin.newOrder.notGiven")]);
  lines.push([t("mail.labels.state"), t(`states.${o.status}`)]);
  return compose(
    "en",
    `${t("mail.admin.newOrder.subject", { product: o.productName, quantity, amount })} · ${t("mail.shop")}`,
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

/** What a message in the outbox says, rendered when it is sent. */
export function renderOutboxMail(
  row: Pick<MailOutboxRow, "kind" | "audience" | "language">,
  o: OrderRow | null,
  p: ProductRow | null,
  baseURL: string,
): MailContent | null {
  if (row.kind === "low_stock") return p ? lowStockMail(p, o, baseURL) : null;
  if (!o) return null;
  if (row.kind === "new_order") return newOrderMail(o, baseURL);
  if (row.kind in enMail.events) return buyerMail(row.kind as BuyerMailKind, row.language, o, baseURL);
  return null;
}
