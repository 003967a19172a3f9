import { and, eq } from "drizzle-orm";
import { formatMoney } from "@shared/format";
import type { Language } from "@shared/languages";
import { lineTitle, variantLabel } from "@shared/variants";
import type { Db } from "../db/client";
import { product, productVariant, type MailOutboxRow, type ProductRow, type VariantRow } from "../db/schema";
import { compose, SAY, type Line, type MailContent } from "./order-mail";

/** The tool's page, at the variant that came back when the tool has several. */
export function toolLink(baseURL: string, p: Pick<ProductRow, "id" | "options">, variantId: string | null): string {
  const page = `${baseURL}/detail/${p.id}`;
  return p.options.length > 0 && variantId ? `${page}?variant=${variantId}` : page;
}

/**
 * The e-mail to a visitor who asked to be told when a Stock Out tool was back, in the language they asked in: the
 * tool (and the variant that came back), its price, the stock now, and its link.
 */
export function backInStockMail(p: ProductRow, v: VariantRow | null, language: Language, baseURL: string): MailContent {
  const t = SAY[language];
  const name = lineTitle(
    { name: p.name, nameBn: p.nameBn, variant: v ? variantLabel(p.options, v.options) : null },
    language,
  );
  const lines: Line[] = [
    [t("mail.labels.product"), name],
    [t("mail.labels.price"), formatMoney(v?.pricePoisha ?? p.pricePoisha, language)],
  ];
  return compose(
    language,
    `${t("mail.backInStock.subject", { product: name })} · ${t("mail.shop")}`,
    [t("mail.backInStock.lead", { product: name })],
    lines,
    { label: t("mail.backInStock.link"), url: toolLink(baseURL, p, v?.id ?? null) },
    t("mail.backInStock.why"),
  );
}

/** A `back_in_stock` message of the outbox, rendered from the tool as it is now; null when the tool is gone. */
export async function backInStockMailOf(
  db: Db,
  row: Pick<MailOutboxRow, "kind" | "productId" | "variantId" | "language">,
  baseURL: string,
): Promise<MailContent | null> {
  if (row.kind !== "back_in_stock" || !row.productId) return null;
  const [p] = await db.select().from(product).where(eq(product.id, row.productId));
  if (!p) return null;
  const [v] = row.variantId
    ? await db
        .select()
        .from(productVariant)
        .where(and(eq(productVariant.id, row.variantId), eq(productVariant.productId, p.id)))
    : [];
  return backInStockMail(p, v ?? null, row.language, baseURL);
}

/**
 * A mail server's refusal often quotes the address it refused: the outbox logs its failures, and no visitor's
 * address may reach a log line.
 */
export function withoutAddress(err: unknown, address: string): Error {
  const said = err instanceof Error ? err.message : String(err);
  return new Error(
    said
      .split(address)
      .join("[address]")
      .replace(/\S+@\S+/g, "[address]"),
  );
}
