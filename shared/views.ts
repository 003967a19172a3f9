import type { OrderAction, OrderStatus } from "./order-flow";
import type { Delivery } from "./schemas/delivery";

/** What the pages show, in the store's own names; money in poisha, formatted only where it is shown. */
export interface ProductView {
  id: string;
  name: string;
  image: string;
  pricePoisha: number;
  minimumQuantity: number;
  availability: number;
  /** The admin's most per order, or null (half of the stock: shared/quantity.ts). */
  maxPerOrder: number | null;
  description: string;
  details: string;
}

export interface ReviewView {
  id: string;
  name: string;
  place: string;
  rating: number;
  comment: string;
}

export interface OrderView {
  id: string;
  buyerEmail: string;
  buyerName: string;
  productName: string;
  image: string;
  pricePoisha: number;
  quantity: number;
  payablePoisha: number;
  status: OrderStatus;
  /** Money was received (a settled payment or collected cash). */
  paid: boolean;
  transactionId: string | null;
  paymentMethod: string | null;
  delivery: Delivery | null;
  /** A gateway's payment waits for an admin's review. */
  heldPayment: boolean;
  /** What the viewer may do to it now (shared/order-flow.ts): the page offers exactly these. */
  actions: OrderAction[];
}

export interface UserView {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
}

/** What the Pay Order page needs to show the payment provider's card form. Never a secret. */
export type BrowserPaymentConfig = { provider: "test" } | { provider: "stripe"; publishableKey: string };
