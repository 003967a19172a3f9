import type { OrderJson, ProductJson, ReviewJson } from "~/lib/api-types";
import type { Product } from "../domain/catalog";
import { poishaToTk } from "../domain/money";
import type { Order } from "../domain/orders";
import type { Review } from "../domain/reviews";

export function productJson(p: Product): ProductJson {
  return {
    _id: p.id,
    name: p.name,
    image: p.image,
    price: poishaToTk(p.pricePoisha),
    minimumQuantity: p.minimumQuantity,
    Availability: p.availability,
    desc: p.description,
    details: p.details,
  };
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

export function orderJson(o: Order): OrderJson {
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
  };
}
