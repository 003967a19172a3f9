import { z } from "zod";
import { LoginSchema, RegisterSchema } from "@shared/schemas/auth";
import { CategorySchema } from "@shared/schemas/category";
import { DeliverySchema } from "@shared/schemas/delivery";
import { CancelSchema, OrderSchema, OrderStatusSchema } from "@shared/schemas/order";
import { ChangePasswordSchema } from "@shared/schemas/password-change";
import { ForgotPasswordSchema, ResetPasswordSchema } from "@shared/schemas/password-reset";
import { PaymentIntentSchema, PaymentProofSchema, TestCardConfirmSchema } from "@shared/schemas/payment";
import { ProductFields } from "@shared/schemas/product";
import { ProfileSchema } from "@shared/schemas/profile";
import { ReviewSchema } from "@shared/schemas/review";
import { UserUpdateSchema } from "@shared/schemas/user";
import { MAX_UPLOAD_BYTES } from "../images/process-upload";

/**
 * The product body on the wire: the shared schema's fields, three of them under the spec's names
 * (`productFromJson` in serialize.ts maps them back before the schema parses the body).
 */
const { availability, description, descriptionBn, ...productFields } = ProductFields.shape;
const ProductWire = z.object({
  ...productFields,
  Availability: availability,
  desc: description,
  descBn: descriptionBn,
});

/**
 * What the API reads, by the name each has in the OpenAPI document: the shared schemas the handlers parse with,
 * and the few bodies that no shared schema describes (Better Auth's, the payment providers', the upload).
 */
export const requestBodies = {
  ProductInput: ProductWire,
  ProductUpdate: ProductWire.partial(),
  OrderInput: OrderSchema,
  OrderStatusInput: OrderStatusSchema,
  DeliveryInput: DeliverySchema,
  PaymentIntentInput: PaymentIntentSchema,
  PaymentProofInput: PaymentProofSchema,
  CancelInput: CancelSchema,
  TestCardConfirmInput: TestCardConfirmSchema,
  ReviewInput: ReviewSchema,
  CategoryInput: CategorySchema,
  ProfileInput: ProfileSchema,
  UserUpdateInput: UserUpdateSchema,

  ImageUpload: z.object({
    image: z
      .file()
      .max(MAX_UPLOAD_BYTES)
      .mime(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"])
      .meta({ description: "The picture; the store turns it into WebP in several widths." }),
  }),
  StripeEvent: z
    .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
    .meta({ description: "A Stripe event, read exactly as sent (the signature covers the raw body)." }),
  SslcommerzNotification: z
    .looseObject({
      val_id: z.string().optional().meta({ description: "The only field read: validated with SSLCommerz." }),
    })
    .meta({ description: "SSLCommerz's IPN form; every other field is ignored." }),
  SslcommerzReturn: z.looseObject({
    val_id: z.string().optional(),
    value_a: z.string().optional().meta({ description: "The order's id, as the store gave it to the gateway." }),
    status: z
      .string()
      .optional()
      .meta({ examples: ["VALID", "FAILED", "CANCELLED"] }),
  }),

  SignUpInput: RegisterSchema,
  SignInInput: LoginSchema,
  SignOutInput: z.object({}),
  PasswordResetRequestInput: ForgotPasswordSchema.extend({
    redirectTo: z
      .string()
      .optional()
      .meta({ description: "Where the mailed link leads; the store sends /reset-password." }),
  }),
  // Better Auth names the new password `newPassword`; the store's form calls it `password`.
  PasswordResetInput: z.object({
    token: ResetPasswordSchema.shape.token,
    newPassword: ResetPasswordSchema.shape.password,
  }),
  PasswordChangeInput: ChangePasswordSchema.extend({
    revokeOtherSessions: z
      .boolean()
      .optional()
      .meta({ description: "Read as true whatever is sent: a change always ends the account's other sessions." }),
  }),
  SocialSignInInput: z.object({
    provider: z.literal("google"),
    callbackURL: z.string().meta({ description: "Where the browser lands after signing in." }),
    newUserCallbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
  }),
} satisfies Record<string, z.ZodType>;
