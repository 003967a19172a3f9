DROP INDEX "payment_one_settled_per_order";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "product_name_bn" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "advance_poisha" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_settled_per_order" ON "payment" USING btree ("order_id") WHERE "payment"."status" = 'succeeded' and "payment"."provider" <> 'cod';--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_advance_within_charge" CHECK ("order"."advance_poisha" between 0 and "order"."delivery_charge_poisha");--> statement-breakpoint
-- Orders placed before: the first line's Bangla name, which order_line kept.
UPDATE "order" SET "product_name_bn" = "order_line"."name_bn" FROM "order_line" WHERE "order_line"."order_id" = "order"."id" AND "order_line"."position" = 0 AND "order_line"."name_bn" IS NOT NULL;
