/** The JSON shapes of the store's API (spec §3 field names; money in Tk). Shared by server and screens. */
export interface ProductJson {
  _id: string;
  name: string;
  image: string;
  price: number;
  minimumQuantity: number;
  Availability: number;
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

export type OrderState = "unpaid" | "paid" | "cancelled";

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
  createdAt: string;
}

/** What the Pay Order page needs to show the payment provider's card form. Never a secret. */
export type BrowserPaymentConfig = { provider: "test" } | { provider: "stripe"; publishableKey: string };
