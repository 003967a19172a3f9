DROP INDEX "payment_one_settled_per_order";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "advance_poisha" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_settled_per_order" ON "payment" USING btree ("order_id") WHERE "payment"."status" = 'succeeded' and "payment"."provider" <> 'cod';--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_advance_within_charge" CHECK ("order"."advance_poisha" between 0 and "order"."delivery_charge_poisha");