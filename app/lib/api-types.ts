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

export type OrderState = "unpaid" | "paid" | "cod" | "shipped" | "delivered" | "cancelled";

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

/** What the Pay Order page needs to show the payment provider's card form. Never a secret. */
export type BrowserPaymentConfig = { provider: "test" } | { provider: "stripe"; publishableKey: string };
