DROP INDEX "order_expiry_idx";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_open_by_buyer_idx" ON "order" USING btree ("buyer_id","product_id") WHERE "order"."status" = 'unpaid' or ("order"."status" = 'cod' and "order"."confirmed_at" is null);--> statement-breakpoint
CREATE INDEX "order_cod_awaiting_by_phone_idx" ON "order" USING btree (("delivery" ->> 'phone'),"product_id") WHERE "order"."status" = 'cod' and "order"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "order_expiry_idx" ON "order" USING btree ("expires_at") WHERE "order"."status" in ('unpaid', 'cod') and "order"."expires_at" is not null;--> statement-breakpoint
-- Cash-on-delivery orders the shop already shipped or took the cash of are confirmed. Those still waiting get the
-- default COD_CONFIRM_HOURS (24) from now to be confirmed in Manage Orders, as unpaid orders got a fresh hold in 0009.
UPDATE "order" SET "confirmed_at" = "updated_at"
  WHERE "payment_method" = 'cod' AND ("status" IN ('shipped', 'delivered') OR ("status" = 'cod' AND "transaction_id" IS NOT NULL));--> statement-breakpoint
UPDATE "order" SET "expires_at" = now() + interval '24 hours'
  WHERE "status" = 'cod' AND "confirmed_at" IS NULL;
