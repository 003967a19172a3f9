import { averageStars, type Product, type ProductWithVariants } from "@server/catalog";
import { chosenVariant, type VariantView } from "@shared/variants";
import { photoList, photosOf } from "@shared/photos";
import type { OrderDetail, OrderInvoice, OrderLine, OrderWithActions } from "@server/orders";
import { refundNote } from "@shared/order-flow";
import type { Review } from "@server/reviews";
import type { User } from "@server/accounts";
import type { CategoryWithCount } from "@server/catalog";
import type {
  CategoryView,
  EditableProductView,
  InvoiceView,
  OrderDetailView,
  OrderLineView,
  OrderView,
  ProductDetailView,
  ProductView,
  ReviewView,
  StockEntryView,
  ProductReviewView,
  ReviewCornerView,
  UserView,
} from "@shared/views";
import type { Language } from "@shared/languages";
import { formatInvoiceNumber } from "@shared/invoice-number";
import type { ShopIdentity } from "@server/shop-identity";
import type { LedgerEntry } from "@server/stock";
import type { ProductReview, reviewCorner } from "@server/reviews";
import { amountInWords } from "./amount-in-words.server";
import { mushakView } from "./mushak-view.server";

/** What a page is given of the server's entities: the fields it shows, nothing internal. */
export function productView(p: Product): ProductView {
  return {
    id: p.id,
    name: p.name,
    image: p.image,
    pricePoisha: p.pricePoisha,
    minimumQuantity: p.minimumQuantity,
    availability: p.availability,
    maxPerOrder: p.maxPerOrder,
    description: p.description,
    details: p.details,
    rating: { average: averageStars(p), count: p.ratingCount },
    variantCount: p.variantCount,
    priceFromPoisha: p.priceFromPoisha,
  };
}

function variantView(v: ProductWithVariants["variants"][number]): VariantView {
  return {
    id: v.id,
    sku: v.sku,
    options: v.options,
    pricePoisha: v.pricePoisha,
    availability: v.availability,
    minimumQuantity: v.minimumQuantity,
    weightGrams: v.weightGrams,
    image: v.image,
  };
}

/**
 * The product page in `language`: the variant `asked` for (`?variant=`; else the first that can be bought) is what
 * the page shows and sells — its price, stock, minimum and photo — beside every variant to choose from.
 */
export function productDetailView(p: ProductWithVariants, language: Language, asked: string | null): ProductDetailView {
  const view = visitorProductView(p, language);
  const variants = p.variants.map(variantView);
  const chosen = chosenVariant(variants, asked)!;
  const photos = photosOf(p, language, view.name);
  return {
    ...view,
    // The chosen size's own photo leads; the tool's photos follow.
    photos: chosen.image
      ? [{ url: chosen.image, alt: view.name }, ...photos.filter((f) => f.url !== chosen.image)]
      : photos,
    image: chosen.image ?? view.image,
    pricePoisha: chosen.pricePoisha,
    availability: chosen.availability,
    minimumQuantity: chosen.minimumQuantity,
    variantId: chosen.id,
    sku: chosen.sku,
    options: p.options.map((o) => ({ name: o.name, nameBn: o.nameBn, values: o.values })),
    variants,
  };
}

/**
 * A product as a visitor reading `language` sees it: in Bangla, its Bangla name and description where it has
 * them; otherwise the English ones.
 */
export function visitorProductView(p: Product, language: Language): ProductView {
  const view = productView(p);
  if (language !== "bn") return view;
  return { ...view, name: p.nameBn || view.name, description: p.descriptionBn || view.description };
}

/** Add and Edit Product's form: the product with its category, Bangla texts and featured mark. */
export function editableProductView(p: ProductWithVariants): EditableProductView {
  return {
    ...productView(p),
    images: photoList(p),
    options: p.options.map((o) => ({ name: o.name, nameBn: o.nameBn, values: o.values })),
    variants: p.variants.map(variantView),
    categoryId: p.categoryId,
    nameBn: p.nameBn,
    descriptionBn: p.descriptionBn,
    featured: p.featured,
    lowStockThreshold: p.lowStockThreshold,
    weightGrams: p.weightGrams,
  };
}

export function categoryView(c: CategoryWithCount): CategoryView {
  return { id: c.id, slug: c.slug, nameEn: c.nameEn, nameBn: c.nameBn, position: c.position, products: c.products };
}

export function reviewView(r: Review): ReviewView {
  return { id: r.id, name: r.authorName, place: r.authorPlace, rating: r.ratingHalves / 2, comment: r.comment };
}

export function orderLineView(line: OrderLine): OrderLineView {
  return {
    productId: line.productId,
    name: line.name,
    nameBn: line.nameBn,
    variant: line.variantLabel,
    sku: line.sku,
    image: line.image,
    pricePoisha: line.pricePoisha,
    quantity: line.quantity,
    amountPoisha: line.amountPoisha,
  };
}

/** An order as pages show it; with its lines where the use case loaded them (the lists show the first and a count). */
export function orderView({
  order: o,
  actions,
  heldPayment,
  record,
  lines = [],
}: OrderWithActions & { lines?: OrderLine[] }): OrderView {
  const awaitingConfirmation = o.status === "cod" && o.confirmedAt === null;
  const expiring = o.status === "unpaid" || o.status === "expired" || awaitingConfirmation;
  return {
    id: o.id,
    buyerEmail: o.buyerEmail,
    buyerName: o.buyerName,
    productName: o.productName,
    productNameBn: o.productNameBn,
    image: o.image,
    pricePoisha: o.pricePoisha,
    quantity: o.quantity,
    payablePoisha: o.payablePoisha,
    deliveryChargePoisha: o.deliveryChargePoisha,
    totalPoisha: o.totalPoisha,
    advancePoisha: o.advancePoisha,
    lineCount: o.lineCount,
    lines: lines.map(orderLineView),
    status: o.status,
    paid: o.transactionId !== null,
    transactionId: o.transactionId,
    paymentMethod: o.paymentMethod,
    delivery: o.delivery,
    heldPayment,
    actions,
    expiresAt: expiring ? (o.expiresAt?.toISOString() ?? null) : null,
    awaitingConfirmation,
    record: record ?? null,
    refund: o.refund,
    refundNote: refundNote({ status: o.status, refund: o.refund, paid: o.transactionId !== null }),
    cancelReason: o.cancelReason,
    cancelledBy: o.status === "cancelled" ? o.cancelledBy : null,
    createdAt: o.createdAt.toISOString(),
  };
}

export function orderDetailView(detail: OrderDetail): OrderDetailView {
  return {
    order: orderView(detail),
    history: detail.history.map((e) => ({ status: e.status, at: e.at.toISOString(), by: e.by, reason: e.reason })),
  };
}

export function invoiceView(
  { detail, mushak }: OrderInvoice,
  shop: ShopIdentity,
  language: Language,
  viewerId: string | undefined,
): InvoiceView {
  const { invoiceNumber, invoicedAt, totalPoisha, buyerId, buyerBin } = detail.order;
  const view = orderDetailView(detail);
  return {
    ...view,
    number: invoiceNumber === null ? null : formatInvoiceNumber(invoiceNumber),
    issuedAt: invoicedAt?.toISOString() ?? null,
    amountInWords: amountInWords(totalPoisha, language),
    shop,
    mine: buyerId === viewerId,
    mushak: mushak ? mushakView(view.order, mushak, buyerBin) : null,
  };
}

export function userView(u: Pick<User, "id" | "name" | "email" | "role">): UserView {
  return { id: u.id, name: u.name, email: u.email, role: u.role };
}

export function stockEntryView(e: LedgerEntry): StockEntryView {
  return {
    id: String(e.id),
    variant: e.variant,
    sku: e.sku,
    change: e.change,
    after: e.after,
    reason: e.reason,
    orderId: e.orderId,
    by: e.by,
    byName: e.by === "store" ? null : e.byName,
    note: e.note,
    at: e.at.toISOString(),
  };
}

export function productReviewView(r: ProductReview): ProductReviewView {
  return {
    id: r.id,
    name: r.authorName,
    rating: r.ratingHalves / 2,
    comment: r.comment,
    helpful: r.helpful,
    hiddenReason: r.hiddenReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    // A change a minute or more after it was written shows as one.
    edited: r.updatedAt.getTime() - r.createdAt.getTime() > 60_000,
  };
}

export function reviewCornerView(c: Awaited<ReturnType<typeof reviewCorner>>): ReviewCornerView {
  return {
    distribution: c.distribution,
    own: c.own ? productReviewView(c.own) : null,
    mayWrite: c.mayWrite,
    signedIn: c.signedIn,
    isAdmin: c.isAdmin,
    hidden: c.hidden.map(productReviewView),
  };
}
