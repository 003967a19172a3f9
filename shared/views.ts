import type { MessageCode } from "./messages";
import type { OrderAction, OrderEvent, OrderStatus, RefundState } from "./order-flow";
import type { Delivery } from "./schemas/delivery";
import type { StockActor, StockReason } from "./stock-ledger";
import type { OptionView, VariantView } from "./variants";
import type { Photo, PhotoView } from "./photos";

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
  /** Its buyers' reviews: the average in stars (to one decimal; null without any) and how many. */
  rating: { average: number | null; count: number };
  /** How many variants it sells (sizes), and the lowest price among them: the shop's "from Tk X". */
  variantCount: number;
  priceFromPoisha: number;
}

/**
 * The product page: the product with the variant chosen (`?variant=`), whose price, stock, minimum and photo the
 * page shows and sells; its options in the page's language, and every variant to choose from.
 */
export interface ProductDetailView extends ProductView {
  /** Its photos in the page's language, the chosen variant's own first when it has one. */
  photos: PhotoView[];
  variantId: string;
  sku: string;
  options: OptionView[];
  variants: VariantView[];
}

/** What Add and Edit Product fill their form with: the shown fields, and those only admins see. */
export interface EditableProductView extends ProductView {
  categoryId: string;
  nameBn: string | null;
  descriptionBn: string | null;
  featured: boolean;
  /** Below this many pieces it is running low; null: twice the minimum order (shared/low-stock.ts). */
  lowStockThreshold: number | null;
  /** Grams one piece weighs packed: the delivery charge counts it. */
  weightGrams: number;
  /** Its photos as stored (its one image when it has no list), for the photos editor. */
  images: Photo[];
  /** Its options and live variants, for the variants editor. */
  options: OptionView[];
  variants: VariantView[];
}

/** A category as pages show it: both names (the page shows its language's), its slug for links, its products. */
export interface CategoryView {
  id: string;
  slug: string;
  nameEn: string;
  nameBn: string;
  position: number;
  products: number;
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
  /** The first line's Bangla name, where it had one. */
  productNameBn: string | null;
  image: string;
  pricePoisha: number;
  quantity: number;
  /** The goods' total, every line together (the spec's payble amount). */
  payablePoisha: number;
  /** What delivering the parcel costs, reckoned when it was placed (0 for the spec's one-product orders). */
  deliveryChargePoisha: number;
  /** What the order costs in all: the goods and the delivery. */
  totalPoisha: number;
  /**
   * Of the total, what cash on delivery pays online first (the delivery charge, where the zone asks for it in
   * advance); 0 otherwise. While the order is unpaid, a payment takes this.
   */
  advancePoisha: number;
  /** How many lines the order has; `productName`, `image`, `pricePoisha` and `quantity` are the first one's. */
  lineCount: number;
  /**
   * Every line, the first one first, where the page shows them (the order view, Pay Order, the invoice); empty in
   * the lists, which show the first line and how many more (`orderLines` in app/components/order/order-lines.tsx).
   */
  lines: OrderLineView[];
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
  /**
   * ISO time an unpaid order's hold runs out (or ran out, when expired), or until when a cash-on-delivery order
   * waits for the shop's confirmation; null when nothing is to expire.
   */
  expiresAt: string | null;
  /** A cash-on-delivery order the shop has not yet confirmed (by phone), shipped or taken the cash of. */
  awaitingConfirmation: boolean;
  /** Given to admins for an order awaiting confirmation: how its buyer's and its phone's other orders ended. */
  record: BuyerRecordView | null;
  refund: RefundState | null;
  /** Why money is owed back, or was given back, in the buyer's words (shared/order-flow.ts refundNote). */
  refundNote: MessageCode | null;
  cancelReason: string | null;
  /** Who cancelled it, when it is cancelled. */
  cancelledBy: "buyer" | "admin" | null;
  createdAt: string;
}

/** One product of an order, as it was bought: its names then, image, unit price, pieces and amount. */
export interface OrderLineView {
  /** Null once the product was deleted. */
  productId: string | null;
  name: string;
  nameBn: string | null;
  /** The variant's values when it was bought, "12 mm"; null without options. */
  variant: string | null;
  sku: string | null;
  image: string;
  pricePoisha: number;
  quantity: number;
  amountPoisha: number;
}

/** How some orders ended (server/orders/sql/order-outcomes.ts). */
export interface OutcomesView {
  delivered: number;
  cancelled: number;
  cancelledByShop: number;
  expired: number;
  /** Cash-on-delivery orders the shop never confirmed. */
  expiredCod: number;
  /** Other orders not closed yet. */
  open: number;
}

/** The buyer's other orders by account, and the other orders to the delivery phone by any account. */
export interface BuyerRecordView {
  account: OutcomesView;
  phone: OutcomesView | null;
}

/** One change in an order's history. `reason` is a person's words, or a message code (`isMessageCode`). */
export interface OrderEventView {
  status: OrderEvent;
  at: string;
  by: string;
  reason: string | null;
}

/** The order view: an order with its whole history. */
export interface OrderDetailView {
  order: OrderView;
  history: OrderEventView[];
}

/** An order's invoice: the order, its history, its number once paid or confirmed, and who the shop is. */
export interface InvoiceView extends OrderDetailView {
  /** `INV-000042`; null until the order is paid or confirmed for cash on delivery. */
  number: string | null;
  issuedAt: string | null;
  /** The order's total (goods and delivery) written out in the page's language. */
  amountInWords: string;
  shop: { name: string; address: string | null; tradeLicence: string | null; bin: string | null };
  /** The viewer is the order's buyer. */
  mine: boolean;
  /** The order's Mushak-6.3, when a VAT-registered shop issued one with the invoice; else null. */
  mushak: MushakView | null;
}

/** An amount of a Mushak-6.3 split: its value without VAT and the VAT in it, in poisha. */
export interface VatSplitView {
  amountPoisha: number;
  valuePoisha: number;
  vatPoisha: number;
}

/** What a Mushak-6.3 adds to the invoice (docs/decisions/0037-mushak-6-3.md). */
export interface MushakView {
  /** "2026-27/000042": the financial year and the serial in it. */
  serial: string;
  /** When it was issued (ISO); shown in the shop's time. */
  issuedAt: string;
  /** The VAT rate it was issued at, in percent: 15, 7.5. */
  ratePercent: number;
  /** The buyer's BIN, as they gave it at checkout; null when they gave none. */
  buyerBin: string | null;
  /** Each line's split, in the order of the invoice's lines. */
  lines: VatSplitView[];
  delivery: VatSplitView;
  total: VatSplitView;
}

export interface UserView {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
}

/** What the Pay Order page needs to show the payment provider's card form. Never a secret. */
export type BrowserPaymentConfig = { provider: "test" } | { provider: "stripe"; publishableKey: string };

/** One row of a product's stock ledger, as /dashboard/stock shows it. */
export interface StockEntryView {
  id: string;
  /** The variant's values, "12 mm"; null without options. */
  variant: string | null;
  sku: string;
  change: number;
  after: number;
  reason: StockReason;
  orderId: string | null;
  by: StockActor;
  byName: string | null;
  note: string | null;
  at: string;
}

/** A buyer's review of a tool, as the product page shows it. */
export interface ProductReviewView {
  id: string;
  name: string;
  rating: number;
  comment: string;
  helpful: number;
  /** Why an admin hid it: shown to its author and to admins only. */
  hiddenReason: string | null;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
}

/** The product page's reviews beside their list: the spread of stars and the visitor's own part. */
export interface ReviewCornerView {
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
  own: ProductReviewView | null;
  mayWrite: boolean;
  signedIn: boolean;
  isAdmin: boolean;
  hidden: ProductReviewView[];
}
