CREATE TABLE "order_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by" text NOT NULL,
	"by_user_id" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_status_known";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "refund" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "gateway_ref" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "refund_key" text;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_event_order" ON "order_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_expiry_idx" ON "order" USING btree ("expires_at") WHERE "order"."status" = 'unpaid' and "order"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD CONSTRAINT "test_payment_intent_refund_id_unique" UNIQUE("refund_id");--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD CONSTRAINT "test_payment_intent_refund_key_unique" UNIQUE("refund_key");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_refund_known" CHECK ("order"."refund" is null or "order"."refund" in ('due', 'refunded'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'paid', 'cod', 'shipped', 'delivered', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_status_known" CHECK ("payment"."status" in ('succeeded', 'held', 'refund_due', 'refunded'));--> statement-breakpoint
-- Orders placed before holds existed get a full hold from now (ORDER_HOLD_MINUTES' default), unless a payment
-- waits for review on them; and every order's history starts with its placing.
UPDATE "order" SET "expires_at" = now() + interval '60 minutes'
  WHERE "status" = 'unpaid' AND NOT EXISTS (SELECT 1 FROM "payment" p WHERE p."order_id" = "order"."id" AND p."status" = 'held');--> statement-breakpoint
INSERT INTO "order_event" ("order_id", "status", "by", "by_user_id", "at")
  SELECT "id", 'placed', 'buyer', "buyer_id", "created_at" FROM "order" ORDER BY "created_at";
