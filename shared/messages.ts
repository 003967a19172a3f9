/**
 * Every message the store can answer with — validation, refusals, confirmations — under a stable code, with its
 * English text (the spec's words exactly, typos and reused wordings included). Schemas, use cases and domain code
 * name a message by its code (`M.order.not_yours`); the API answers `{message, code}`; pages translate the code
 * through the store's translator (app/i18n/translator.ts: English from this object, Bangla in
 * app/i18n/bn-messages.ts). Placeholders are written `{{min}}`.
 */
export const MESSAGES = {
  request: {
    invalid: "Invalid request",
    not_json: "The request body must be JSON.",
    not_form: "The request body must be a form.",
    unstorable_text: "Text cannot contain NUL characters or unpaired surrogates.",
    cross_site: "This request came from another site and was refused.",
    too_many: "Too many requests. Please try again in {{seconds}} seconds.",
    too_many_minutes: "Too many requests. Please try again in {{minutes}} minutes.",
    too_large: "The request is too large.",
    unknown_action: "Unknown action",
    no_such_call: "No such API call: {{method}} {{path}}",
    server_error: "Something went wrong on our side. Please try again.",
    failed: "Something went wrong. Please try again.",
    network: "We could not reach the store. Check your connection and try again.",
  },
  auth: {
    sign_in_required: "Please sign in first.",
    admins_only: "Only an admin can do that.",
    admin_pages_only: "This page is for the store's admins.",
    not_yours: "You can only do that for your own account.",
    email_required: "Email Is Required",
    email_invalid: "Please put valid email",
    password_required: "Password Is Required",
    password_too_short: "Password must be six characters or long",
    password_too_long: "Password must be at most 128 characters",
    name_required: "Name Is Required",
    invalid_credentials: "Invalid email or password",
    too_many_attempts: "Too many attempts. Please try again in {{seconds}} seconds.",
    too_many_attempts_minutes: "Too many attempts. Please try again in {{minutes}} minutes.",
    /** Better Auth refused with a message of its own; the English text is Better Auth's. */
    failed: "Something went wrong. Please try again.",
    password_changed: "Your password was changed. Please sign in with the new one.",
    google_failed: "Google sign-in did not complete. Please try again.",
    google_not_configured: "Google sign-in is not configured on this store.",
    reset_link_invalid: "This reset link is not valid. Please ask for a new one.",
  },
  user: {
    not_found: "No user with that email",
    name_too_long: "Name must be at most 100 characters",
    has_orders: "This customer has orders; their account is kept with the shop's records.",
    cannot_delete_self: "You cannot delete your own account here.",
    cannot_delete_admin: "Admins cannot be deleted.",
    promoted: "Made an admin successfully",
    promote_failed: "Failed making an admin",
    demoted: "Admin role removed",
    not_admin: "This user is not an admin.",
    cannot_demote_self: "You cannot remove your own admin role here.",
    last_admin: "The store must keep at least one admin.",
    deleted: "User deleted",
  },
  profile: {
    education_not_text: "Education must be text",
    education_too_long: "Education must be at most 200 characters",
    number_not_text: "Number must be text",
    number_too_long: "Number must be at most 200 characters",
    location_not_text: "Location must be text",
    location_too_long: "Location must be at most 200 characters",
    updated: "Profile Updated",
  },
  category: {
    not_found: "Category not found",
    name_en_required: "English Name Is Required",
    name_bn_required: "Bangla Name Is Required",
    name_too_long: "A category name can be at most 60 characters",
    position_invalid: "Position must be a whole number from 0 to 1000",
    name_taken: "A category already has that name",
    not_empty: "This category still has {{count}} products: move them to another category first",
    keeps_other: "Other tools stays: products without a category sit there",
    unknown: "Choose a category",
    added: "Category added",
    renamed: "Category renamed",
    removed: "Category removed",
  },
  list: {
    page_invalid: "page must be a whole number from 1",
    limit_invalid: "limit must be a whole number from 1 to 100",
    too_deep: "Pages reach only the first 10,000 items: narrow the search, or follow the Link header's next page",
    query_too_long: "Search text can be at most 200 characters",
    sort_unknown: "Unknown sort order",
    status_unknown: "Unknown order status",
    category_unknown: "No category is called that",
    date_invalid: "Dates are written YYYY-MM-DD",
    dates_reversed: "The from date must not be after the to date",
    cursor_invalid: "This page link is not valid; start again from the first page",
    in_stock_invalid: "inStock must be true or false",
    days_invalid: "days must be 7, 30 or 90",
  },
  product: {
    not_found: "Product not found",
    name_required: "Name Is Required",
    name_too_long: "Product Name can be at most 200 characters",
    price_required: "Price Is Required",
    price_not_number: "Price must be a number",
    price_not_positive: "Price must be more than Tk 0",
    price_below_poisha: "Price must be at least Tk 0.01 (one poisha)",
    price_too_high: "Price can be at most Tk 1,00,00,000",
    price_decimals: "Price can have at most two decimals (poisha)",
    availability_required: "Quantity Is Required",
    availability_not_number: "Availability must be a number of pieces",
    availability_not_whole: "Availability must be a whole number of pieces",
    availability_negative: "Availability cannot be negative",
    availability_too_high: "Availability can be at most 1,00,00,00,000 Pis",
    // Spec §5: the minimum quantity reuses the price's message, the description the quantity's.
    minimum_required: "Price Is Required",
    minimum_not_number: "Minimum Quantity must be a number of pieces",
    minimum_not_whole: "Minimum Quantity must be a whole number of pieces",
    minimum_too_low: "Minimum Quantity must be at least 1",
    minimum_too_high: "Minimum Quantity can be at most 10,00,000 Pis",
    max_per_order_not_number: "Most Per Order must be a number of pieces",
    max_per_order_not_whole: "Most Per Order must be a whole number of pieces",
    max_per_order_too_low: "Most Per Order must be at least 1",
    max_per_order_too_high: "Most Per Order can be at most 10,00,000 Pis",
    max_per_order_below_minimum: "Most Per Order cannot be less than the Minimum Quantity",
    low_stock_not_number: "Low stock below must be a number of pieces",
    low_stock_not_whole: "Low stock below must be a whole number of pieces",
    low_stock_negative: "Low stock below cannot be negative",
    low_stock_too_high: "Low stock below can be at most 1,00,00,00,000 Pis",
    description_required: "Quantity Is Required",
    description_too_long: "Description can be at most 5000 characters",
    details_not_text: "Details must be text",
    details_too_long: "Details can be at most 5000 characters",
    image_required: "Image Is Required",
    image_not_ours: "Upload the image through the store",
    name_bn_not_text: "Bangla Name must be text",
    name_bn_too_long: "Bangla Name can be at most 200 characters",
    description_bn_not_text: "Bangla Description must be text",
    description_bn_too_long: "Bangla Description can be at most 5000 characters",
    featured_invalid: "Featured must be true or false",
    nothing_to_change: "Nothing to change: send the fields to update, such as Availability.",
    added: "Product added succefully",
    add_failed: "Failed to add product",
    updated: "Product updated",
    update_failed: "Failed to update product",
    // Spec §8: the message of an order's removal is reused for a product's.
    removed: "Removed Order",
  },
  upload: {
    image_required: "Image Is Required",
    too_large: "The image is larger than 5 MB. Please choose a smaller file.",
    not_an_image: "That file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF file.",
    too_many_pixels: "The image has too many pixels (at most 40 megapixels). Please choose a smaller one.",
    failed: "The image could not be uploaded.",
    store_unreachable: "The image could not be stored just now. Please try again in a minute.",
  },
  quantity: {
    required: "Quantity Is Required",
    not_number: "Quantity must be a number of pieces",
    not_whole: "Quantity must be a whole number of pieces",
    too_low: "Quantity must be at least 1",
    too_high: "One order can be at most 10,00,000 Pis",
    below_minimum: "You have to buy at least {{min}}",
  },
  stock: {
    too_low: "Order Quantity Must Be Smaller Than Available Quantity",
    over_per_order: "One order can take at most {{max}} Pis of this tool",
  },
  order: {
    not_found: "Order not found",
    product_required: "Product Is Required",
    not_yours: "You can only do that for your own orders.",
    not_yours_to_cancel: "You can only cancel your own orders.",
    not_yours_to_pay: "You can only pay for your own orders.",
    paid_not_cancellable: "This order is paid and cannot be cancelled.",
    shipped_not_cancellable: "This order has been shipped and cannot be cancelled.",
    held_not_cancellable: "This order has a payment waiting for the store's review and cannot be cancelled.",
    delivery_locked: "Delivery details can be changed only before the order is paid or confirmed.",
    delivery_required: "Please add the delivery details before paying or confirming the order.",
    not_placed: "Only an order that is neither paid nor confirmed can be confirmed for cash on delivery.",
    not_cash_on_delivery: "Only a cash-on-delivery order's cash can be collected.",
    cash_already_collected: "The cash for this order was already collected.",
    cannot_ship: "Only a paid or cash-on-delivery order can be shipped.",
    cannot_deliver: "Only a shipped order can be marked delivered.",
    status_invalid: "Status must be shipped or delivered",
    already_paid: "This order is already paid.",
    cancelled_not_payable: "This order was cancelled and cannot be paid.",
    cash_on_delivery: "This order is to be paid in cash on delivery.",
    no_held_payment: "This order has no payment waiting for review.",
    too_many_open: "You already have {{max}} unpaid orders. Pay or cancel one before ordering again.",
    idempotency_key_reused: "This Idempotency-Key was already used for a different order.",
    idempotency_key_invalid: "Idempotency-Key must be 1 to 255 visible ASCII characters",
    placed: "Order Placed",
    removed: "Removed Order",
    cash_collected: "Cash collected",
    shipped: "Order shipped",
    delivered: "Order delivered",
    payment_accepted: "Payment accepted",
    cancelled: "This order was cancelled.",
    expired: "This order expired: its hold on the stock ran out.",
    expired_not_payable: "This order expired and can no longer be paid. Please order again.",
    no_refund_due: "This order has no payment to refund.",
    reason_too_long: "Reason can be at most 500 characters",
    cancelled_by_shop: "Order cancelled",
    refunded: "Payment refunded",
  },
  refund: {
    after_cancel: "We received your payment after this order was cancelled; it will be refunded.",
    cancelled_after_payment: "This order was cancelled after you paid; your payment will be refunded.",
    after_expiry: "We received your payment after this order expired; it will be refunded.",
    paid_twice: "This order was already paid; we received a second payment, and it will be refunded.",
    cash_on_delivery: "This order is paid in cash on delivery; the payment we received will be refunded.",
    wrong_amount: "The payment we received did not match this order's amount; it will be refunded.",
    refunded: "Your payment for this order was refunded.",
    provider_missing: "This store no longer takes payments that way, so the refund cannot be made here.",
    failed: "The payment provider refused the refund. Please try again later.",
  },
  delivery: {
    name_required: "Delivery Name Is Required",
    name_too_long: "Delivery Name can be at most 100 characters",
    phone_invalid: "Enter a Bangladeshi mobile number: 11 digits starting 01, e.g. 01712345678",
    division_required: "Choose a division",
    district_required: "Choose a district of the chosen division",
    address_required: "Address Is Required",
    address_too_long: "Address can be at most 300 characters",
  },
  payment: {
    order_required: "Order Is Required",
    order_too_long: "Order is too long",
    transaction_required: "Transaction Id Is Required",
    transaction_too_long: "Transaction Id is too long",
    client_secret_required: "Client Secret Is Required",
    client_secret_too_long: "Client Secret is too long",
    not_found: "No payment with that transaction id was found.",
    not_succeeded: "That payment has not succeeded.",
    other_order: "That payment was not made for this order.",
    amount_mismatch: "That payment's amount or currency does not match this order.",
    no_such_provider: "This store does not take payments that way.",
    cards_not_set_up: "Card payment is not set up in this store. Please choose another way to pay.",
    gateway_unreachable: "The payment gateway could not be reached. Please try again.",
    stripe_unreachable: "The card payment service could not be reached. Please try again.",
    /** Stripe refused a request with a message of its own; the English text is Stripe's. */
    stripe_refused: "The card payment service refused the request.",
    bad_webhook_signature: "The webhook signature could not be verified.",
    unreadable_event: "The webhook event could not be read.",
    no_such_intent: "No such payment intent.",
    intent_already_succeeded: "This payment has already succeeded.",
    intent_canceled: "This payment was cancelled: its order was cancelled or expired.",
    completed: "Congrates, Your Payment Is Completed",
  },
  card: {
    required: "Card Is Required",
    number_required: "Card Number Is Required",
    number_too_long: "Card Number is too long",
    cvc_required: "CVC Is Required",
    cvc_too_long: "CVC is too long",
    month_not_number: "Expiry month must be a number",
    month_not_whole: "Expiry month must be a whole number",
    month_out_of_range: "Expiry month is out of range",
    year_not_number: "Expiry year must be a number",
    year_not_whole: "Expiry year must be a whole number",
    year_out_of_range: "Expiry year is out of range",
    name_too_long: "Name is too long",
    email_too_long: "Email is too long",
    number_incomplete: "Your card number is incomplete.",
    number_invalid: "Your card number is invalid.",
    expiry_incomplete: "Your card's expiration date is incomplete.",
    expiry_invalid: "Your card's expiration month is invalid.",
    expiry_past: "Your card's expiration date is in the past.",
    cvc_incomplete: "Your card's security code is incomplete.",
    declined: "Your card was declined.",
    insufficient_funds: "Your card has insufficient funds.",
    expired: "Your card has expired.",
    cvc_incorrect: "Your card's security code is incorrect.",
    processing_error: "An error occurred while processing your card. Try again in a little bit.",
    not_a_test_card: "Your card was declined. This store is in test mode and takes test cards only.",
    charge_failed: "Your card could not be charged. Please try another card.",
  },
  review: {
    rating_required: "Rating Is Required",
    rating_range: "Rating must be a number from 0 to 5 in steps of 0.5",
    comment_required: "Comment Is Required",
    comment_too_long: "Comment must be at most 1,000 characters",
    thanks: "Thanks For A Comment",
  },
} as const;

type Catalogue = typeof MESSAGES;

/** `"order.not_yours"`: the dotted path of every message. */
export type MessageCode = {
  [Area in keyof Catalogue]: `${Area & string}.${keyof Catalogue[Area] & string}`;
}[keyof Catalogue];

export type MessageParams = Record<string, string | number>;

/** A message as it travels to the browser: its code, the values in it, and its English text. */
export interface Message {
  code: MessageCode;
  params?: MessageParams;
  message: string;
}

/** `M.order.not_yours === "order.not_yours"`: codes with the compiler's help. */
export const M = Object.fromEntries(
  Object.entries(MESSAGES).map(([area, texts]) => [
    area,
    Object.fromEntries(Object.keys(texts).map((key) => [key, `${area}.${key}`])),
  ]),
) as { [Area in keyof Catalogue]: { [Key in keyof Catalogue[Area]]: `${Area & string}.${Key & string}` } };

export function isMessageCode(value: unknown): value is MessageCode {
  if (typeof value !== "string") return false;
  const [area, key, ...rest] = value.split(".");
  return rest.length === 0 && Object.hasOwn(MESSAGES, area!) && Object.hasOwn(MESSAGES[area as keyof Catalogue], key!);
}

/** The English text of a message, its placeholders filled. */
export function english(code: MessageCode, params: MessageParams = {}): string {
  const [area, key] = code.split(".") as [keyof Catalogue, string];
  const template = (MESSAGES[area] as Record<string, string>)[key]!;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function message(code: MessageCode, params?: MessageParams): Message {
  return params ? { code, params, message: english(code, params) } : { code, message: english(code) };
}
