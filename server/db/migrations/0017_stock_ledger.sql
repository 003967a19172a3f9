CREATE TABLE "stock_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"by" text NOT NULL,
	"by_user_id" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_entry_change_not_zero" CHECK ("stock_entry"."change" <> 0),
	CONSTRAINT "stock_entry_after_not_negative" CHECK ("stock_entry"."after" >= 0),
	CONSTRAINT "stock_entry_reason_known" CHECK ("stock_entry"."reason" in ('opening', 'placed', 'cancelled', 'expired', 'received', 'counted', 'damaged', 'imported')),
	CONSTRAINT "stock_entry_by_known" CHECK ("stock_entry"."by" in ('buyer', 'admin', 'store'))
);
--> statement-breakpoint
ALTER TABLE "stock_entry" ADD CONSTRAINT "stock_entry_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_entry" ADD CONSTRAINT "stock_entry_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_entry_product_idx" ON "stock_entry" USING btree ("product_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_entry_sales_idx" ON "stock_entry" USING btree ("product_id","at") WHERE "stock_entry"."reason" in ('placed', 'cancelled', 'expired');--> statement-breakpoint
-- The ledger begins with what every product holds now: its opening row, so its stock is the sum of its ledger.
INSERT INTO "stock_entry" ("product_id", "change", "after", "reason", "by", "note") SELECT "id", "availability", "availability", 'opening', 'store', 'ledger opened' FROM "product" WHERE "availability" > 0;
