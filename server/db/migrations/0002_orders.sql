CREATE TABLE "order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"image" text NOT NULL,
	"price_poisha" integer NOT NULL,
	"quantity" integer NOT NULL,
	"payable_poisha" bigint NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"transaction_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_quantity_positive" CHECK ("order"."quantity" > 0),
	CONSTRAINT "order_price_positive" CHECK ("order"."price_poisha" > 0),
	CONSTRAINT "order_payable_is_price_times_quantity" CHECK ("order"."payable_poisha" = "order"."price_poisha"::bigint * "order"."quantity"),
	CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'paid', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_buyer_idempotency_key" ON "order" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "order_buyer_created_idx" ON "order" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_product_idx" ON "order" USING btree ("product_id");