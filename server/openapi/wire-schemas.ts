import { z } from "zod";
import { ORDER_EVENTS, ORDER_STATUSES } from "@shared/order-flow";
import type {
  CategoryJson,
  DeliveryJson,
  OrderEventJson,
  OrderJson,
  OrderState,
  ProductJson,
  ReviewJson,
  UserJson,
} from "./wire-types";

/**
 * What the API answers, as it travels: the JSON shapes of `server/openapi/wire-types.ts` and the small answers the
 * handlers build themselves. `satisfies z.ZodType<…>` makes a field renamed or added in wire-types.ts a compile
 * error here. The keys of `wireSchemas` are the schemas' names in the OpenAPI document.
 */
const uuid = () => z.string().meta({ format: "uuid" });
const dateTime = () => z.string().meta({ format: "date-time" });
const count = (description: string) => z.number().int().min(0).meta({ description });

const ProductJsonSchema = z.object({
  _id: uuid(),
  name: z.string(),
  image: z
    .string()
    .meta({ description: "Address of the product's image: a path on this store, or under S3_PUBLIC_URL." }),
  price: z.number().meta({ description: "Price of one piece in Tk (two decimals at most)." }),
  minimumQuantity: z.number().int().meta({ description: "The fewest pieces one order may take." }),
  Availability: z.number().int().meta({ description: "Pieces in stock." }),
  maxPerOrder: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The most pieces one order may take; null: half of the stock (never under the minimum)." }),
  desc: z.string(),
  details: z.string(),
  categoryId: uuid().meta({ description: "The product's category; GET /api/category names it." }),
  nameBn: z.string().nullable().meta({ description: "The name in Bangla; null: the English name is shown." }),
  descBn: z.string().nullable().meta({ description: "The description in Bangla; null: the English one is shown." }),
  featured: z.boolean().meta({ description: "Shown on the home page." }),
}) satisfies z.ZodType<ProductJson>;

const CategoryJsonSchema = z.object({
  _id: uuid(),
  slug: z.string().meta({ description: "The category in URLs: `/shop?category={slug}`, `?category=` in the API." }),
  name: z.string().meta({ description: "The English name." }),
  nameBn: z.string().meta({ description: "The Bangla name." }),
  position: z.number().int().meta({ description: "Where it stands in the shop's list, lowest first." }),
  products: count("How many products it holds."),
}) satisfies z.ZodType<CategoryJson>;

const ReviewJsonSchema = z.object({
  _id: uuid(),
  name: z.string().meta({ description: "The author's name; their email is never shown." }),
  place: z.string(),
  rating: z.number().min(0).max(5).meta({ description: "0 to 5 in steps of 0.5." }),
  comment: z.string(),
}) satisfies z.ZodType<ReviewJson>;

const ORDER_STATES = ORDER_STATUSES satisfies readonly OrderState[];

const OrderEventJsonSchema = z.object({
  status: z.enum(ORDER_EVENTS),
  at: dateTime(),
  by: z.string().meta({
    description: "Who: `buyer`, `admin`, `store` (the clock) or a payment provider (`stripe`, `sslcommerz`, `test`).",
  }),
  reason: z.string().nullable().meta({ description: "Why, when it was said: a person's words or a message code." }),
}) satisfies z.ZodType<OrderEventJson>;

const DeliveryJsonSchema = z.object({
  name: z.string(),
  phone: z.string().meta({ description: "Bangladeshi mobile number, 01XXXXXXXXX." }),
  division: z.string(),
  district: z.string(),
  address: z.string(),
}) satisfies z.ZodType<DeliveryJson>;

const OrderJsonSchema = z.object({
  _id: uuid(),
  buyerEmail: z.string(),
  buyerName: z.string(),
  productId: uuid().nullable().meta({ description: "Null once the product was deleted." }),
  productName: z.string(),
  image: z.string(),
  price: z.number().meta({ description: "Price of one piece in Tk when the order was placed." }),
  quantity: z.number().int(),
  paybleAmount: z.number().meta({ description: "What the order costs in Tk (the spec's spelling)." }),
  paid: z.boolean().meta({ description: "Whether the money was received." }),
  status: z.enum(ORDER_STATES),
  transactionId: z.string().nullable(),
  paymentMethod: z.string().nullable().meta({ description: "A payment provider's name, or `cod`." }),
  delivery: DeliveryJsonSchema.nullable(),
  createdAt: dateTime(),
  expiresAt: dateTime()
    .nullable()
    .meta({
      description:
        "When an open order's hold on its stock runs out and it expires: unpaid (ORDER_HOLD_MINUTES), or cash on " +
        "delivery awaiting the shop's confirmation (COD_CONFIRM_HOURS).",
    }),
  awaitingConfirmation: z.boolean().meta({
    description: "A cash-on-delivery order the shop has not yet confirmed (by phone), shipped or taken the cash of.",
  }),
  refund: z
    .enum(["due", "refunded"])
    .nullable()
    .meta({ description: "Money the order received and cannot keep: due to be refunded, then refunded." }),
  cancelReason: z.string().nullable().meta({ description: "Why it was cancelled, when the canceller said." }),
  history: z.array(OrderEventJsonSchema).meta({ description: "Every change of the order, oldest first." }),
}) satisfies z.ZodType<OrderJson>;

const UserJsonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["user", "admin"]),
}) satisfies z.ZodType<UserJson>;

/** Better Auth's user and session as its endpoints answer them (with the store's `role` field). */
const AuthUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  role: z.enum(["user", "admin"]),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

const AuthSessionSchema = z.object({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  expiresAt: dateTime(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
});

export const wireSchemas = {
  Error: z.object({
    message: z.string().meta({ description: "In English, for people." }),
    code: z.string().meta({ description: "Stable, for programs.", examples: ["order.not_yours"] }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({ description: "The values in the message, when it has any.", examples: [{ min: 20 }] }),
  }),
  RateLimited: z.object({ message: z.string() }),

  ProductJson: ProductJsonSchema,
  ProductList: z.array(ProductJsonSchema),
  CategoryJson: CategoryJsonSchema,
  CategoryList: z.array(CategoryJsonSchema),
  ReviewJson: ReviewJsonSchema,
  ReviewList: z.array(ReviewJsonSchema),
  DeliveryJson: DeliveryJsonSchema,
  OrderJson: OrderJsonSchema,
  OrderList: z.array(OrderJsonSchema),

  InsertedId: z.object({ insertedId: uuid() }),
  DeletedCount: z.object({ deletedCount: count("1 when it was removed.") }),
  ModifiedCount: z.object({ modifiedCount: count("1 when something changed, 0 when it already was so.") }),
  Acknowledged: z.object({ acknowledged: z.literal(true) }),
  ProductUpdated: z.object({ acknowledged: z.literal(true), modifiedCount: count("1 when the product changed.") }),
  CategoryRenamed: z.object({ acknowledged: z.literal(true), modifiedCount: count("1 when the category changed.") }),
  OrderRefunded: z.object({
    modifiedCount: count("1 when this call gave money back."),
    refund: z.literal("refunded"),
  }),
  OrderPaid: z.object({
    modifiedCount: count("1 when this call made the order paid, 0 when it already was."),
    paid: z.literal(true),
    transactionId: z.string(),
  }),
  CashOnDelivery: z.object({ modifiedCount: count("1 when the order was confirmed."), status: z.literal("cod") }),
  PaymentRecorded: z.object({ modifiedCount: count("1 when the payment was recorded."), transactionId: z.string() }),
  PaymentStarted: z.union([
    z.object({ clientSecret: z.string().meta({ description: "For the card form (test processor or Stripe)." }) }),
    z.object({ url: z.string().meta({ description: "The hosted gateway's page to send the customer to." }) }),
  ]),
  GatewaySession: z.object({ url: z.string().nullable() }),
  TestCardPaid: z.object({ paymentIntent: z.object({ id: z.string(), status: z.literal("succeeded") }) }),
  Received: z.object({ received: z.literal(true) }),
  Uploaded: z.object({ success: z.literal(true), data: z.object({ url: z.string() }) }),
  UserList: z.array(UserJsonSchema),
  IsAdmin: z.object({ admin: z.boolean() }),
  BearerToken: z.object({ token: z.string().meta({ description: "Send it as `Authorization: Bearer <token>`." }) }),
  Profile: z.object({
    name: z.string(),
    email: z.string(),
    education: z.string(),
    number: z.string(),
    location: z.string(),
  }),
  Health: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
  Readiness: z.object({ status: z.enum(["ready", "starting", "draining", "database unreachable"]) }),
  OpenApiDocument: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),

  AuthUser: AuthUserSchema,
  AuthSession: AuthSessionSchema,
  SignedUp: z.object({ token: z.string().nullable(), user: AuthUserSchema }),
  SignedIn: z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: AuthUserSchema }),
  CurrentSession: z.object({ session: AuthSessionSchema, user: AuthUserSchema }).nullable(),
  SignedOut: z.object({ success: z.boolean() }),
  PasswordChanged: z.object({
    token: z.string().meta({ description: "The caller's renewed session token, for `Authorization: Bearer`." }),
    user: AuthUserSchema,
  }),
  StatusTrue: z.object({ status: z.boolean(), message: z.string().optional() }),
  SocialRedirect: z.object({ url: z.string(), redirect: z.boolean() }),
} satisfies Record<string, z.ZodType>;
