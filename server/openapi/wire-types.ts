import type { OrderEvent, OrderStatus, RefundState } from "@shared/order-flow";

/** The JSON shapes of the store's API: spec §3's field names, money in Tk. Only the API door speaks them. */
export interface ProductJson {
  _id: string;
  name: string;
  image: string;
  price: number;
  minimumQuantity: number;
  Availability: number;
  /** Beyond the spec: the most pieces one order may take; null, half of the stock. */
  maxPerOrder: number | null;
  desc: string;
  details: string;
  /** Beyond the spec: the product's category (GET /api/category names it), Bangla texts, the home page's pick. */
  categoryId: string;
  nameBn: string | null;
  descBn: string | null;
  featured: boolean;
}

export interface CategoryJson {
  _id: string;
  slug: string;
  name: string;
  nameBn: string;
  position: number;
  /** How many products sit on it. */
  products: number;
}

export interface ReviewJson {
  _id: string;
  name: string;
  place: string;
  rating: number;
  comment: string;
}

export interface UserJson {
  _id: string;
  name: string;
  email: string;
  role: "user" | "admin";
}

export type OrderState = OrderStatus;

/** Where an order goes (Bangladeshi mobile number, division and district from the real lists). */
export interface DeliveryJson {
  name: string;
  phone: string;
  division: string;
  district: string;
  address: string;
}

/** Spec §3 Order, with the product it was for and its state (money in Tk). */
export interface OrderJson {
  _id: string;
  buyerEmail: string;
  buyerName: string;
  productId: string | null;
  productName: string;
  image: string;
  price: number;
  quantity: number;
  paybleAmount: number;
  paid: boolean;
  status: OrderState;
  transactionId: string | null;
  /** A payment provider's name, or `cod`; null until the customer chooses. */
  paymentMethod: string | null;
  delivery: DeliveryJson | null;
  createdAt: string;
  /**
   * When an open order's hold on its stock runs out (it then expires): an unpaid order's, or a cash-on-delivery
   * order's while it waits for the shop's confirmation; null when nothing is to expire.
   */
  expiresAt: string | null;
  /** A cash-on-delivery order the shop has not yet confirmed (by phone), shipped or taken the cash of. */
  awaitingConfirmation: boolean;
  /** Money the order received and cannot keep: `due` to be refunded, then `refunded`. */
  refund: RefundState | null;
  /** Why the shop (or the buyer) cancelled it, when they said. */
  cancelReason: string | null;
  history: OrderEventJson[];
}

/** One change of an order: what it became, when, by whom (`buyer`, `admin`, `store`, or a payment provider), why. */
export interface OrderEventJson {
  status: OrderEvent;
  at: string;
  by: string;
  reason: string | null;
}
