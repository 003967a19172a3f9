import type { OrderStatus } from "@shared/order-flow";

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
}
