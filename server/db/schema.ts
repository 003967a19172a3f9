import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LANGUAGES } from "@shared/languages";
import { MAX_WEIGHT_GRAMS } from "@shared/weight";
import { MAX_CART_LINES } from "@shared/cart";
import { ORDER_EVENTS, ORDER_STATUSES, type OrderStatus } from "@shared/order-flow";
import { STOCK_ACTORS, STOCK_REASONS } from "@shared/stock-ledger";
import { COURIERS, PARCEL_STATES } from "@shared/parcels";
import type { Delivery } from "@shared/schemas/delivery";
import { user } from "./auth-schema";
import { outboxColumns, timestamps } from "./columns";

export * from "./auth-schema";
export * from "./cart-schema";
export * from "./delivery-schema";
export * from "./notice-schema";
export * from "./mushak-schema";

/** PostgreSQL's text-search document type, for the product's generated search column. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Where a product sits when no category was chosen for it (the spec's `POST /api/product` names none): "Other
 * tools". It can be renamed, never removed.
 */
export const OTHER_CATEGORY_ID = "00000000-0000-4000-8000-0000000000aa";

/**
 * A shelf of the shop (chisels, planes, saws, …), named in English and Bangla. Every product sits on one; a
 * category with products cannot be removed. `position` orders the shelves in the shop's filters.
 */
export const category = pgTable(
  "category",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The category in URLs (`/shop?category=chisels`): lower-case words joined by hyphens. */
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameBn: text("name_bn").notNull(),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("category_slug").on(t.slug),
    uniqueIndex("category_name_en").on(sql`lower(${t.nameEn})`),
    uniqueIndex("category_name_bn").on(t.nameBn),
  ],
);

/**
 * What the shop's search reads: the product's names and descriptions in both languages, as words ('simple': no
 * stemming, so Bangla and English words are kept as written, lower-cased).
 */
const SEARCH_DOCUMENT = sql`to_tsvector('simple'::regconfig, name || ' ' || coalesce(name_bn, '') || ' ' || description || ' ' || coalesce(description_bn, ''))`;

/** Money columns hold poisha (1 Tk = 100 poisha). */
export const product = pgTable(
  "product",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    pricePoisha: integer("price_poisha").notNull(),
    minimumQuantity: integer("minimum_quantity").notNull(),
    availability: integer("availability").notNull(),
    /** The most pieces one order may take; null: half of the stock (shared/quantity.ts, `perOrderLimit`). */
    maxPerOrder: integer("max_per_order"),
    description: text("description").notNull().default(""),
    details: text("details").notNull().default(""),
    categoryId: uuid("category_id")
      .notNull()
      .default(OTHER_CATEGORY_ID)
      .references(() => category.id, { onDelete: "restrict" }),
    /** The product's name and description in Bangla, shown to visitors reading in Bangla; null: the English. */
    nameBn: text("name_bn"),
    descriptionBn: text("description_bn"),
    /** An admin's pick for the home page; with none picked, the home page shows the newest. */
    featured: boolean("featured").notNull().default(false),
    /**
     * Below this many pieces the product is running low (the overview lists it, admins get an e-mail when an order
     * takes it below); null: twice the minimum order (shared/low-stock.ts).
     */
    lowStockThreshold: integer("low_stock_threshold"),
    /** What one piece weighs, packed, in grams: the delivery charge is reckoned from an order's weight. */
    weightGrams: integer("weight_grams").notNull().default(0),
    /**
     * Its shown reviews (product_review, hidden ones left out): how many, and their ratings summed in half stars,
     * kept with every review written, edited, hidden or shown again, so lists and the product's JSON read no join.
     */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingHalvesTotal: integer("rating_halves_total").notNull().default(0),
    /**
     * Its photos in the order shown (at most 8: shared/photos.ts), each with its alt text in both languages; the
     * first is `image`, the spec's one photo. Empty for a product that has only that one (its alt: its name).
     */
    images: jsonb("images").$type<ProductPhoto[]>().notNull().default([]),
    /** Its options (at most two: shared/variants.ts); none for a product sold in one form. */
    options: jsonb("options").$type<ProductOption[]>().notNull().default([]),
    /** Its live variants: how many, and the lowest price among them (the shop's "from Tk X"). */
    variantCount: smallint("variant_count").notNull().default(1),
    priceFromPoisha: integer("price_from_poisha").notNull(),
    searchDocument: tsvector("search_document").generatedAlwaysAs(SEARCH_DOCUMENT),
    ...timestamps,
  },
  (t) => [
    // The shop's lists: newest first (the catalog's order), by price, by name, within a category or all.
    index("product_newest_idx").on(t.createdAt.desc(), t.id),
    index("product_price_idx").on(t.pricePoisha, t.id),
    index("product_name_idx").on(t.name, t.id),
    index("product_category_newest_idx").on(t.categoryId, t.createdAt.desc(), t.id),
    index("product_featured_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.featured}`),
    // Search: words and their prefixes, and names that are close to what was typed ("chisle").
    index("product_search_idx").using("gin", t.searchDocument),
    index("product_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("product_name_bn_trgm_idx").using("gin", sql`${t.nameBn} gin_trgm_ops`),
    check("product_price_positive", sql`${t.pricePoisha} > 0`),
    check("product_minimum_positive", sql`${t.minimumQuantity} >= 1`),
    check("product_availability_not_negative", sql`${t.availability} >= 0`),
    check("product_rating_counts_not_negative", sql`${t.ratingCount} >= 0 and ${t.ratingHalvesTotal} >= 0`),
    check(
      "product_low_stock_threshold_not_negative",
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`,
    ),
    check("product_weight_range", sql`${t.weightGrams} between 0 and ${sql.raw(String(MAX_WEIGHT_GRAMS))}`),
    check(
      "product_max_per_order_at_least_minimum",
      sql`${t.maxPerOrder} is null or ${t.maxPerOrder} >= ${t.minimumQuantity}`,
    ),
  ],
);

/** One of a product's photos: the address of an image of the store's own, and what it shows in each language. */
export interface ProductPhoto {
  url: string;
  alt: string | null;
  altBn: string | null;
}

/** One of a product's options (Width, Length…): its name in both languages and its values, in the order shown. */
export interface ProductOption {
  name: string;
  nameBn: string | null;
  values: string[];
}

/**
 * What a buyer picks and the shop stocks: one size of a tool (decision 0033). Every product has at least one; a
 * product without options has exactly one, named by no option. Its stock, price, minimum order and weight are its
 * own; the product row repeats the first live variant's price, minimum and weight and holds the sum of their stock,
 * kept in the same statement as every change (stock moves lock the product row first, then its variants). A variant
 * that orders name is never deleted: it is retired (`retired_at`), its stock written off through the ledger.
 */
export const productVariant = pgTable(
  "product_variant",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    sku: text("sku").notNull(),
    /** Its value of each of the product's options, by the option's English name: `{"Width": "12 mm"}`. */
    options: jsonb("options").$type<Record<string, string>>().notNull().default({}),
    pricePoisha: integer("price_poisha").notNull(),
    availability: integer("availability").notNull(),
    minimumQuantity: integer("minimum_quantity").notNull(),
    weightGrams: integer("weight_grams").notNull().default(0),
    /** Its own photo, shown when it is chosen; null: the product's. */
    image: text("image"),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // A SKU names one live variant in the shop, whatever its case.
    uniqueIndex("product_variant_sku")
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.retiredAt} is null`),
    index("product_variant_product_idx").on(t.productId, t.position),
    check("product_variant_price_positive", sql`${t.pricePoisha} > 0`),
    check("product_variant_minimum_positive", sql`${t.minimumQuantity} >= 1`),
    check("product_variant_availability_not_negative", sql`${t.availability} >= 0`),
    check("product_variant_weight_range", sql`${t.weightGrams} between 0 and ${sql.raw(String(MAX_WEIGHT_GRAMS))}`),
    check("product_variant_retired_empty", sql`${t.retiredAt} is null or ${t.availability} = 0`),
  ],
);

/** An order's statuses and what may happen to it: shared/order-flow.ts. Money received is `transaction_id`. */
export { ORDER_STATUSES, type OrderStatus };

/**
 * An order is a parcel of one or more lines (`order_line`), each a snapshot of a product as it was bought: deleting
 * or repricing the product never rewrites it. The order row repeats its first line (`product_id` … `quantity`) for
 * the spec's order JSON and for lists that read one row per order; `payable_poisha` is the goods' total over every
 * line, `delivery_charge_poisha` what the parcel's delivery costs, and `total_poisha` what a payment takes. A
 * cancelled order stays as the shop's record; customers no longer see it.
 */
export const order = pgTable(
  "order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A customer with orders cannot be deleted: the orders are the shop's records.
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    buyerEmail: text("buyer_email").notNull(),
    buyerName: text("buyer_name").notNull().default(""),
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** The first line's Bangla name when it was bought, if it had one: a list in Bangla names the order by it. */
    productNameBn: text("product_name_bn"),
    image: text("image").notNull(),
    pricePoisha: integer("price_poisha").notNull(),
    quantity: integer("quantity").notNull(),
    payablePoisha: bigint("payable_poisha", { mode: "number" }).notNull(),
    /** What delivering the parcel costs, reckoned on the server from its zone and weight when it was placed. */
    deliveryChargePoisha: bigint("delivery_charge_poisha", { mode: "number" }).notNull().default(0),
    /** What a payment of the order takes: the goods and the delivery. */
    totalPoisha: bigint("total_poisha", { mode: "number" })
      .notNull()
      .generatedAlwaysAs(sql`payable_poisha + delivery_charge_poisha`),
    /**
     * What cash on delivery takes online before the parcel leaves: the delivery charge, where the order's zone asks
     * for it in advance; 0 otherwise. While it is above 0 and the order unpaid, a payment takes this; the cash the
     * courier collects is the rest.
     */
    advancePoisha: bigint("advance_poisha", { mode: "number" }).notNull().default(0),
    /** How many lines the order has (My Orders' "and 2 more"), and what the parcel weighs. */
    lineCount: smallint("line_count").notNull().default(1),
    weightGrams: integer("weight_grams").notNull().default(0),
    /** The delivery zone the charge was reckoned for; null for orders placed without delivery details. */
    deliveryZone: text("delivery_zone"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("unpaid"),
    transactionId: text("transaction_id"),
    /** How the customer pays: a payment provider's name, or `cod` for cash on delivery. */
    paymentMethod: text("payment_method"),
    delivery: jsonb("delivery").$type<Delivery>(),
    /** The client's Idempotency-Key: a retried request finds the order it already made. */
    idempotencyKey: text("idempotency_key"),
    /**
     * When the order's hold on its stock runs out: an unpaid order's ORDER_HOLD_MINUTES, a cash-on-delivery order's
     * COD_CONFIRM_HOURS while the shop has not confirmed it; null once nothing is to expire.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the shop confirmed a cash-on-delivery order (by phone, in Manage Orders), shipped it or took its cash. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Money the order received and can no longer keep: `due` to be refunded, then `refunded`. */
    refund: text("refund", { enum: ["due", "refunded"] }),
    /** Who cancelled it; an order its buyer cancelled leaves their list unless money is owed back on it. */
    cancelledBy: text("cancelled_by", { enum: ["buyer", "admin"] }),
    cancelReason: text("cancel_reason"),
    /** The language its buyer was reading in when they placed it: the order's e-mails speak it. */
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    /**
     * The shop's invoice number, given once when the order is paid or confirmed for cash on delivery: taken from
     * `invoice_counter` in the same transaction, so numbers run without gaps or repeats.
     */
    invoiceNumber: integer("invoice_number"),
    invoicedAt: timestamp("invoiced_at", { withTimezone: true }),
    /** The buyer's own VAT registration (BIN), when they gave one at checkout: their Mushak-6.3 names it. */
    buyerBin: text("buyer_bin"),
    ...timestamps,
  },
  (t) => [
    check("order_quantity_positive", sql`${t.quantity} > 0`),
    check("order_price_positive", sql`${t.pricePoisha} > 0`),
    // The first line's own amount is part of the goods' total; order_line checks each line's.
    check("order_payable_covers_first_line", sql`${t.payablePoisha} >= ${t.pricePoisha}::bigint * ${t.quantity}`),
    check("order_delivery_charge_not_negative", sql`${t.deliveryChargePoisha} >= 0`),
    check("order_advance_within_charge", sql`${t.advancePoisha} between 0 and ${t.deliveryChargePoisha}`),
    check("order_line_count_positive", sql`${t.lineCount} between 1 and ${sql.raw(String(MAX_CART_LINES))}`),
    check(
      "order_status_known",
      sql`${t.status} in ('unpaid', 'paid', 'cod', 'shipped', 'delivered', 'returned', 'cancelled', 'expired')`,
    ),
    check("order_refund_known", sql`${t.refund} is null or ${t.refund} in ('due', 'refunded')`),
    check("order_language_known", sql`${t.language} in ('en', 'bn')`),
    check("order_invoiced_together", sql`(${t.invoiceNumber} is null) = (${t.invoicedAt} is null)`),
    uniqueIndex("order_buyer_idempotency_key").on(t.buyerId, t.idempotencyKey),
    uniqueIndex("order_invoice_number").on(t.invoiceNumber),
    index("order_buyer_created_idx").on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index("order_product_idx").on(t.productId),
    // Manage Orders: all or one status, newest or oldest first, or by amount; found by buyer e-mail or phone.
    index("order_newest_idx").on(t.createdAt.desc(), t.id.desc()),
    index("order_status_newest_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("order_amount_idx").on(t.payablePoisha.desc(), t.id.desc()),
    index("order_buyer_email_idx").on(sql`lower(${t.buyerEmail}) text_pattern_ops`),
    index("order_phone_idx").on(sql`(${t.delivery} ->> 'phone')`),
    // Manage Orders' "refund due" tab: few orders among many.
    index("order_refund_due_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.refund} = 'due'`),
    // The overview's cash on delivery still to collect: confirmed, shipped or delivered, its cash never recorded.
    index("order_cod_to_collect_idx")
      .on(t.createdAt)
      .where(
        sql`${t.paymentMethod} = 'cod' and ${t.status} in ('cod', 'shipped', 'delivered') and ${t.transactionId} is null`,
      ),
    // What the expiry job looks for: open orders (unpaid, or cash on delivery awaiting the shop) by when their hold
    // runs out. A confirmed cash-on-delivery order has no expires_at; a closed one keeps its own, not indexed.
    index("order_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} in ('unpaid', 'cod') and ${t.expiresAt} is not null`),
    // No hoarding (decision 0026): what one buyer's open orders hold of a product, and what cash-on-delivery orders
    // awaiting the shop hold for one phone number. Few rows among many.
    index("order_open_by_buyer_idx")
      .on(t.buyerId, t.productId)
      .where(sql`${t.status} = 'unpaid' or (${t.status} = 'cod' and ${t.confirmedAt} is null)`),
    index("order_cod_awaiting_by_phone_idx")
      .on(sql`(${t.delivery} ->> 'phone')`, t.productId)
      .where(sql`${t.status} = 'cod' and ${t.confirmedAt} is null`),
  ],
);

/**
 * One product of an order, as it was bought: its names in both languages, image, unit price and weight then, and
 * the pieces taken. `position` 0 is the line the order row repeats. Stock goes back line by line when the order is
 * cancelled or expires.
 */
export const orderLine = pgTable(
  "order_line",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    position: smallint("position").notNull(),
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    /** The variant bought; its SKU and option values as they were ("12 mm · 300 mm"; null for a product without options). */
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    sku: text("sku"),
    variantLabel: text("variant_label"),
    name: text("name").notNull(),
    nameBn: text("name_bn"),
    image: text("image").notNull(),
    pricePoisha: integer("price_poisha").notNull(),
    weightGrams: integer("weight_grams").notNull().default(0),
    quantity: integer("quantity").notNull(),
    amountPoisha: bigint("amount_poisha", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check("order_line_quantity_positive", sql`${t.quantity} > 0`),
    check("order_line_price_positive", sql`${t.pricePoisha} > 0`),
    check(
      "order_line_amount_is_price_times_quantity",
      sql`${t.amountPoisha} = ${t.pricePoisha}::bigint * ${t.quantity}`,
    ),
    // A buyer's open lines of a product (no hoarding), the overview's top products, Manage Orders' search by product.
    index("order_line_product_idx").on(t.productId, t.orderId),
    // A buyer's open lines of a variant (no hoarding, per variant).
    index("order_line_variant_idx").on(t.variantId, t.orderId),
    index("order_line_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("order_line_name_bn_trgm_idx").using("gin", sql`${t.nameBn} gin_trgm_ops`),
  ],
);

/**
 * A product's stock ledger: one row per change of its stock, with why, who, the order it was for and the stock after
 * it, written in the same transaction as the change (server/stock). A product's `availability` is the sum of its
 * rows' `change`; its opening row holds what it had when the ledger began (migration 0017) or when it was added.
 */
export const stockEntry = pgTable(
  "stock_entry",
  {
    // A sequence: several changes in one transaction share `at`, and the ledger keeps their order.
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    /** The variant whose shelf moved; its stock is the sum of its rows, the product's the sum of all of them. */
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    change: integer("change").notNull(),
    after: integer("after").notNull(),
    reason: text("reason", { enum: STOCK_REASONS }).notNull(),
    orderId: uuid("order_id").references(() => order.id, { onDelete: "restrict" }),
    by: text("by", { enum: STOCK_ACTORS }).notNull(),
    byUserId: text("by_user_id"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_entry_product_idx").on(t.productId, t.id.desc()),
    index("stock_entry_variant_idx").on(t.variantId),
    // The overview's sales rate: a product's pieces taken by orders lately, less those given back.
    index("stock_entry_sales_idx")
      .on(t.productId, t.at)
      .where(sql`${t.reason} in ('placed', 'cancelled', 'expired')`),
    check("stock_entry_change_not_zero", sql`${t.change} <> 0`),
    check("stock_entry_after_not_negative", sql`${t.after} >= 0`),
    check("stock_entry_reason_known", sql`${t.reason} in (${sql.raw(STOCK_REASONS.map((r) => `'${r}'`).join(", "))})`),
    check("stock_entry_by_known", sql`${t.by} in (${sql.raw(STOCK_ACTORS.map((r) => `'${r}'`).join(", "))})`),
  ],
);

/**
 * An order's history: one row per change, with who made it (`buyer`, `admin`, `store` for the clock, or the payment
 * provider's name) and why. Written in the same transaction as the change itself.
 */
export const orderEvent = pgTable(
  "order_event",
  {
    // A sequence, not a random id: two changes in one transaction share `at`, and the history keeps their order.
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_EVENTS }).notNull(),
    by: text("by").notNull(),
    byUserId: text("by_user_id"),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_event_order").on(t.orderId, t.id)],
);

export const PAYMENT_PROVIDERS = ["test", "stripe", "sslcommerz", "cod"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATUSES = ["succeeded", "held", "refund_due", "refunded"] as const;

/**
 * A payment the store has verified with its provider. One row per provider reference and at most one
 * settled payment per order: the database itself refuses to count a payment twice or to pay an order twice.
 * Status: `succeeded` (the order's money), `held` (a gateway's risky payment, for an admin), `refund_due` (money
 * the order could not take, or gave up when cancelled), `refunded` (given back, under `refund_ref`).
 */
export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref").notNull(),
    amountPoisha: bigint("amount_poisha", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("succeeded"),
    /** The provider's second handle on the payment, where its refunds need one (SSLCommerz's bank_tran_id). */
    gatewayRef: text("gateway_ref"),
    /** The provider's id for the refund that gave this payment back. */
    refundRef: text("refund_ref"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payment_provider_ref").on(t.provider, t.providerRef),
    // An order's payments: the held ones Manage Orders offers to accept, the due ones a refund gives back.
    index("payment_order_idx").on(t.orderId),
    // The overview's revenue per day: the money kept, by when it came.
    index("payment_succeeded_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'succeeded'`),
    check("payment_status_known", sql`${t.status} in ('succeeded', 'held', 'refund_due', 'refunded')`),
    // One online payment settles an order (all of it, or a cash-on-delivery order's advance); the cash collected
    // for the rest is the order's own step, refused twice by the order rules.
    uniqueIndex("payment_one_settled_per_order")
      .on(t.orderId)
      .where(sql`${t.status} = 'succeeded' and ${t.provider} <> 'cod'`),
    check("payment_amount_positive", sql`${t.amountPoisha} > 0`),
  ],
);

/**
 * The built-in test-card provider's own records, kept the way a card processor keeps PaymentIntents.
 * The store trusts them only through the provider interface, exactly as it trusts Stripe's.
 */
export const testPaymentIntent = pgTable("test_payment_intent", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  orderId: uuid("order_id").notNull(),
  amountPoisha: bigint("amount_poisha", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: ["requires_payment_method", "succeeded", "canceled"] })
    .notNull()
    .default("requires_payment_method"),
  lastError: text("last_error"),
  /** The refund that gave the payment back, made once per idempotency key as Stripe's refunds are. */
  refundId: text("refund_id").unique(),
  refundKey: text("refund_key").unique(),
  ...timestamps,
});

/**
 * A payment started for an order: one row per attempt, under the provider's reference (a PaymentIntent's id) or the
 * transaction id the store made for a hosted gateway (SSLCommerz), whose word about a transaction counts only for the
 * order and amount recorded here. When an order is cancelled or expires, its attempts are cancelled where the
 * provider allows it.
 */
export const paymentAttempt = pgTable("payment_attempt", {
  reference: text("reference").primaryKey(),
  provider: text("provider").notNull(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => order.id, { onDelete: "cascade" }),
  amountPoisha: bigint("amount_poisha", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  ...timestamps,
});

/** Ratings are stored in half stars (0–10) so 4.5 is the integer 9. */
export const review = pgTable(
  "review",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    authorName: text("author_name").notNull(),
    authorPlace: text("author_place").notNull().default(""),
    ratingHalves: smallint("rating_halves").notNull(),
    comment: text("comment").notNull(),
    ...timestamps,
  },
  (t) => [
    check("review_rating_range", sql`${t.ratingHalves} between 0 and 10`),
    index("review_newest_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A buyer's review of a tool they bought: one per buyer and product, from a buyer with a delivered order of it
 * (`order_id`, the latest then). Ratings in half stars (2–10: one to five stars). An admin may hide one with a reason
 * its author is shown; `helpful` counts other customers' votes (product_review_vote).
 */
export const productReview = pgTable(
  "product_review",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    ratingHalves: smallint("rating_halves").notNull(),
    comment: text("comment").notNull(),
    helpful: integer("helpful").notNull().default(0),
    hiddenReason: text("hidden_reason"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_review_one_per_buyer").on(t.productId, t.authorId),
    check("product_review_rating_range", sql`${t.ratingHalves} between 2 and 10`),
    check("product_review_helpful_not_negative", sql`${t.helpful} >= 0`),
    check("product_review_hidden_together", sql`(${t.hiddenReason} is null) = (${t.hiddenAt} is null)`),
    // The product page's two orders of its shown reviews.
    index("product_review_newest_idx")
      .on(t.productId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenReason} is null`),
    index("product_review_helpful_idx")
      .on(t.productId, t.helpful.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenReason} is null`),
  ],
);

/** One customer's "helpful" on one review: at most one each, never their own. */
export const productReviewVote = pgTable(
  "product_review_vote",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => productReview.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** Spec §3 Profile: what a customer tells us about themselves. Phone is 'Number' in the form. */
export const profile = pgTable("profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  education: text("education").notNull().default(""),
  number: text("number").notNull().default(""),
  location: text("location").notNull().default(""),
  ...timestamps,
});

/** Facts about the database itself, such as whether the demo data was ever seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  ...timestamps,
});

export type CategoryRow = typeof category.$inferSelect;
export type ProductRow = typeof product.$inferSelect;
export type NewProductRow = typeof product.$inferInsert;
export type VariantRow = typeof productVariant.$inferSelect;
export type ReviewRow = typeof review.$inferSelect;
export type ProductReviewRow = typeof productReview.$inferSelect;
export type OrderRow = typeof order.$inferSelect;
export type ProfileRow = typeof profile.$inferSelect;
export type PaymentRow = typeof payment.$inferSelect;
export type TestPaymentIntentRow = typeof testPaymentIntent.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempt.$inferSelect;
export type OrderEventRow = typeof orderEvent.$inferSelect;
export type OrderLineRow = typeof orderLine.$inferSelect;

/**
 * The counters behind the store's rate limits (server/limits/), kept in the database so that every copy of the
 * server counts the same requests. One row per limited thing: an operation by one account or from one address.
 */
export const requestLimit = pgTable(
  "request_limit",
  {
    key: text("key").primaryKey(),
    /** When the current window began; a window that has passed starts again at the next hit. */
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    /** A back-off: nothing under this key is allowed before this time. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  },
  (t) => [index("request_limit_window_start").on(t.windowStart)],
);

/** The last invoice number the shop gave: one row, moved on in the transaction that gives the next. */
export const invoiceCounter = pgTable(
  "invoice_counter",
  {
    id: smallint("id").primaryKey().default(1),
    last: integer("last").notNull().default(0),
  },
  (t) => [check("invoice_counter_one_row", sql`${t.id} = 1`)],
);

/** Who an outbox message goes to: the order's buyer, or every admin of the shop. */
export const MAIL_AUDIENCES = ["buyer", "admins", "address"] as const;
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * E-mails waiting to leave (server/mail/): written in the transaction of the change they tell of, so a message is
 * there exactly when its change is, and sent by a job on any copy of the server. A copy takes a message with a
 * lease (`lease_until`), so two copies never send the same one at once; a failed send waits `next_attempt_at`
 * (growing back-off) and after its last attempt is `failed`. What a message says is rendered when it is sent, from
 * `kind` and the order or product it names.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** An order event (`placed`, `paid`, …) for the buyer, `new_order` or `low_stock` for admins. */
    kind: text("kind").notNull(),
    audience: text("audience", { enum: MAIL_AUDIENCES }).notNull(),
    orderId: uuid("order_id").references(() => order.id, { onDelete: "restrict" }),
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    /** Audience `address`: the one address it goes to (a visitor waiting for a tool to be back in stock). */
    toAddress: text("to_address"),
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    ...outboxColumns(MAIL_STATUSES),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("mail_outbox_status_known", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("mail_outbox_audience_known", sql`${t.audience} in ('buyer', 'admins', 'address')`),
    check("mail_outbox_address_given", sql`(${t.audience} = 'address') = (${t.toAddress} is not null)`),
    // What the job looks for: pending messages by when they are due.
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_outbox_order_idx").on(t.orderId),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * An order's parcel with a courier (server/couriers/): one per order, written before the courier is asked, so two
 * bookings of one order ask the courier once. `booking` until the courier answers; then its consignment id and
 * tracking code, the state the courier last reported, and for cash on delivery what it collected and charged.
 */
export const consignment = pgTable(
  "consignment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "restrict" }),
    courier: text("courier", { enum: COURIERS }).notNull(),
    state: text("state", { enum: PARCEL_STATES }).notNull().default("booking"),
    /** The courier's id for the consignment and the code a buyer tracks it by; null while booking. */
    consignmentRef: text("consignment_ref"),
    trackingCode: text("tracking_code"),
    /** The courier's own word for where the parcel is. */
    courierStatus: text("courier_status"),
    /** What the courier is to collect (the order's total for cash on delivery, else 0), in poisha. */
    codPoisha: bigint("cod_poisha", { mode: "number" }).notNull(),
    /** What the courier reports it collected, and its charge; null until it says. */
    collectedPoisha: bigint("collected_poisha", { mode: "number" }),
    feePoisha: bigint("fee_poisha", { mode: "number" }),
    bookedBy: text("booked_by").references(() => user.id, { onDelete: "set null" }),
    /** Why the last booking try failed, for the admin who tries again. */
    lastError: text("last_error"),
    /** When the store last heard of the parcel (a webhook or a check): polling asks about the quiet ones. */
    newsAt: timestamp("news_at", { withTimezone: true }),
    /** When the courier reported the cash collected (cash on delivery): the courier holds it until a payout. */
    collectedAt: timestamp("collected_at", { withTimezone: true }),
    /** The courier's payout that settled this parcel's cash, once an admin records it. */
    payoutId: bigint("payout_id", { mode: "number" }).references(() => courierPayout.id, { onDelete: "restrict" }),
    /** A returned parcel back on the shop's shelf: when, and by whom (its stock went back then, once). */
    receivedBackAt: timestamp("received_back_at", { withTimezone: true }),
    receivedBackBy: text("received_back_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("consignment_order_idx").on(t.orderId),
    uniqueIndex("consignment_courier_ref_idx").on(t.courier, t.consignmentRef),
    uniqueIndex("consignment_tracking_code_idx").on(t.trackingCode),
    check("consignment_courier_known", sql`${t.courier} in (${sql.raw(COURIERS.map((c) => `'${c}'`).join(", "))})`),
    check("consignment_state_known", sql`${t.state} in (${sql.raw(PARCEL_STATES.map((s) => `'${s}'`).join(", "))})`),
    check("consignment_booked_whole", sql`(${t.state} = 'booking') = (${t.consignmentRef} is null)`),
    check("consignment_cod_not_negative", sql`${t.codPoisha} >= 0`),
    // Cash held by couriers (the overview) and parcels a payout may cover: collected, not yet paid out.
    index("consignment_unsettled_idx")
      .on(t.courier, t.collectedAt)
      .where(sql`${t.collectedAt} is not null and ${t.payoutId} is null`),
    index("consignment_payout_idx").on(t.payoutId),
  ],
);

/**
 * A courier's payout of the cash it collected, as an admin recorded it from the courier's statement: one covers many
 * parcels (`consignment.payout_id`). `amount_poisha` is what arrived; `expected_poisha` what the parcels' collected
 * cash less the courier's fees comes to. They are equal: a payout that does not add up is refused, with the difference.
 */
export const courierPayout = pgTable(
  "courier_payout",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    courier: text("courier", { enum: COURIERS }).notNull(),
    amountPoisha: bigint("amount_poisha", { mode: "number" }).notNull(),
    collectedPoisha: bigint("collected_poisha", { mode: "number" }).notNull(),
    feePoisha: bigint("fee_poisha", { mode: "number" }).notNull(),
    /** The courier's own reference for the payout (its invoice or transfer id), if the admin gave one. */
    reference: text("reference"),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("courier_payout_courier_known", sql`${t.courier} in (${sql.raw(COURIERS.map((c) => `'${c}'`).join(", "))})`),
    check("courier_payout_adds_up", sql`${t.amountPoisha} = ${t.collectedPoisha} - ${t.feePoisha}`),
    index("courier_payout_newest_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

export type CourierPayoutRow = typeof courierPayout.$inferSelect;

export type ConsignmentRow = typeof consignment.$inferSelect;

/**
 * What a parcel went through, as the courier told it: the booking, each webhook and each check that brought news,
 * with the courier's time. The buyer's tracking page shows these steps; a webhook sent again finds its step there
 * (the same status at the same time) and changes nothing.
 */
export const consignmentStep = pgTable(
  "consignment_step",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    consignmentId: uuid("consignment_id")
      .notNull()
      .references(() => consignment.id, { onDelete: "cascade" }),
    /** The state it moved the parcel to; null for a message on the way that moves none. */
    state: text("state", { enum: PARCEL_STATES }),
    courierStatus: text("courier_status").notNull(),
    message: text("message"),
    source: text("source", { enum: ["booking", "webhook", "check"] }).notNull(),
    /** When it happened by the courier's clock (or when the store heard, when the courier gives no time). */
    at: timestamp("at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consignment_step_parcel_idx").on(t.consignmentId, t.at),
    uniqueIndex("consignment_step_once_idx").on(t.consignmentId, t.courierStatus, t.at),
    check("consignment_step_source_known", sql`${t.source} in ('booking', 'webhook', 'check')`),
  ],
);
