import type { CategoryJson, OrderEventJson, OrderJson, ProductJson, ReviewJson, UserJson } from "./wire-types";
import type { CategoryWithCount } from "../catalog";
import type { OrderEventRow } from "../db/schema";
import { poishaToTk } from "@shared/money";
import type { Product } from "../catalog";
import type { Order } from "../orders";
import type { Review } from "../reviews";
import type { User } from "../accounts";

/** The spec's wire names (`_id`, `Availability`, `desc`, `paybleAmount`) live here and nowhere else. */
export function productJson(p: Product): ProductJson {
  return {
    _id: p.id,
    name: p.name,
    image: p.image,
    price: poishaToTk(p.pricePoisha),
    minimumQuantity: p.minimumQuantity,
    Availability: p.availability,
    maxPerOrder: p.maxPerOrder,
    desc: p.description,
    details: p.details,
    categoryId: p.categoryId,
    nameBn: p.nameBn,
    descBn: p.descriptionBn,
    featured: p.featured,
  };
}

export function categoryJson(c: CategoryWithCount): CategoryJson {
  return { _id: c.id, slug: c.slug, name: c.nameEn, nameBn: c.nameBn, position: c.position, products: c.products };
}

/** A product body in the spec's names, as the product use cases read it. Nothing else is renamed or kept back. */
export function productFromJson(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const { Availability, desc, descBn, ...rest } = body as Record<string, unknown>;
  return { ...rest, availability: Availability, description: desc, descriptionBn: descBn };
}

/** Reviews show who wrote them by name only; an email never leaves the server. */
export function reviewJson(r: Review): ReviewJson {
  return {
    _id: r.id,
    name: r.authorName,
    place: r.authorPlace,
    rating: r.ratingHalves / 2,
    comment: r.comment,
  };
}

export function orderEventJson(e: OrderEventRow): OrderEventJson {
  return { status: e.status, at: e.at.toISOString(), by: e.by, reason: e.reason };
}

export function orderJson(o: Order, history: OrderEventRow[] = []): OrderJson {
  const awaiting = o.status === "cod" && o.confirmedAt === null;
  return {
    _id: o.id,
    buyerEmail: o.buyerEmail,
    buyerName: o.buyerName,
    productId: o.productId,
    productName: o.productName,
    image: o.image,
    price: poishaToTk(o.pricePoisha),
    quantity: o.quantity,
    paybleAmount: poishaToTk(o.payablePoisha),
    paid: o.transactionId !== null,
    status: o.status,
    transactionId: o.transactionId,
    paymentMethod: o.paymentMethod,
    delivery: o.delivery,
    createdAt: o.createdAt.toISOString(),
    expiresAt:
      o.status === "unpaid" || o.status === "expired" || awaiting ? (o.expiresAt?.toISOString() ?? null) : null,
    awaitingConfirmation: awaiting,
    refund: o.refund,
    cancelReason: o.cancelReason,
    history: history.map(orderEventJson),
  };
}

export function userJson(u: User): UserJson {
  return { _id: u.id, name: u.name, email: u.email, role: u.role };
}
