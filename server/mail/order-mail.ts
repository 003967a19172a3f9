import { formatCount, formatMoney } from "@shared/format";
import { formatDateTime } from "@shared/format-time";
import { formatInvoiceNumber } from "@shared/invoice-number";
import type { Language } from "@shared/languages";
import { lowStockLine } from "@shared/low-stock";
import type { MailOutboxRow, OrderRow, ProductRow } from "../db/schema";
import { BUYER_WORDS } from "./order-mail-words";
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

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

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
  const w = BUYER_WORDS[language];
  const amount = formatMoney(o.payablePoisha, language);
  const said = [w.events[kind].lead];
  if (kind === "placed" && o.status === "unpaid" && o.expiresAt) {
    said.push(fill(w.holdsUntil, { time: formatDateTime(o.expiresAt, language) }));
  }
  if (kind === "cod") said.push(fill(w.codPay, { amount }));
  if (kind === "cancelled") {
    said.push(o.cancelledBy === "admin" ? w.cancelledByShop : w.cancelledByYou);
    if (o.cancelReason) said.push(fill(w.reason, { reason: o.cancelReason }));
    if (o.refund === "due") said.push(w.refundDue);
  }
  return said;
}

/** A buyer's e-mail about an event of their order: in its language, with its facts as they stand at send time. */
export function buyerMail(kind: BuyerMailKind, language: Language, o: OrderRow, baseURL: string): MailContent {
  const w = BUYER_WORDS[language];
  const lines: Line[] = [
    [w.labels.orderNumber, o.id],
    [w.labels.product, o.productName],
    [w.labels.price, formatMoney(o.pricePoisha, language)],
    [w.labels.quantity, `${formatCount(o.quantity, language)} ${w.pieces}`],
    [w.labels.amount, formatMoney(o.payablePoisha, language)],
  ];
  const delivery = deliveryLine(o);
  if (delivery) lines.push([w.labels.deliverTo, delivery]);
  if (o.paymentMethod) lines.push([w.labels.payment, w.methods[o.paymentMethod] ?? o.paymentMethod]);
  if (o.transactionId) lines.push([w.labels.transaction, o.transactionId]);
  const invoice = invoiceLine(o, baseURL);
  if (invoice) lines.push([w.labels.invoice, invoice]);
  lines.push([w.labels.state, w.states[o.status]]);
  const subject = `${fill(w.events[kind].subject, { product: o.productName })} · ${w.shop}`;
  const greeting = o.buyerName ? [fill(w.hello, { name: o.buyerName })] : [];
  return compose(
    language,
    subject,
    [...greeting, ...eventParagraphs(kind, o, language)],
    lines,
    { label: w.link, url: orderLink(baseURL, o.id) },
    w.footer,
  );
}

const ADMIN_METHODS: Record<string, string> = BUYER_WORDS.en.methods;

/**
 * Admins' news of an order paid (or accepted) online or confirmed for cash on delivery. In English: the
 * dashboard's admins share one message, and an account keeps no language of its own.
 */
export function newOrderMail(o: OrderRow, baseURL: string): MailContent {
  const amount = formatMoney(o.payablePoisha);
  const how = o.paymentMethod === "cod" ? "to be paid in cash on delivery" : "paid online";
  const lines: Line[] = [
    ["Order number", o.id],
    ["Buyer", o.buyerName ? `${o.buyerName} <${o.buyerEmail}>` : o.buyerEmail],
    ["Product", o.productName],
    ["Quantity", `${formatCount(o.quantity)} Pis`],
    ["Amount", amount],
    ["Payment", o.paymentMethod ? (ADMIN_METHODS[o.paymentMethod] ?? o.paymentMethod) : "—"],
  ];
  if (o.transactionId) lines.push(["Transaction Id", o.transactionId]);
  const invoice = invoiceLine(o, baseURL);
  if (invoice) lines.push(["Invoice", invoice]);
  lines.push(["Deliver to", deliveryLine(o) ?? "Not given"]);
  lines.push(["State now", BUYER_WORDS.en.states[o.status]]);
  return compose(
    "en",
    `New order: ${o.productName}, ${formatCount(o.quantity)} Pis, ${amount} · Randa`,
    [`A new order, ${how}, is ready to ship.`],
    lines,
    { label: "Open the order", url: orderLink(baseURL, o.id) },
    "You receive this e-mail because you are an admin of Randa.",
  );
}

/** Admins' news that an order took a product below its low-stock line, with its stock as it is now. */
export function lowStockMail(p: ProductRow, o: OrderRow | null, baseURL: string): MailContent {
  const line = lowStockLine(p);
  const lines: Line[] = [
    ["Product", p.name],
    ["In stock now", `${formatCount(p.availability)} Pis`],
    ["Low-stock line", `${formatCount(line)} Pis`],
    ["Minimum order", `${formatCount(p.minimumQuantity)} Pis`],
  ];
  if (o) lines.push(["Order that took it low", o.id]);
  return compose(
    "en",
    `Running low: ${p.name}, ${formatCount(p.availability)} Pis left · Randa`,
    [`${p.name} is below its low-stock line of ${formatCount(line)} Pis. Restock it before it runs out.`],
    lines,
    { label: "Edit the product", url: `${baseURL}/dashboard/manageproduct/${p.id}` },
    "You receive this e-mail because you are an admin of Randa.",
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
  if (row.kind in BUYER_WORDS.en.events) return buyerMail(row.kind as BuyerMailKind, row.language, o, baseURL);
  return null;
}
