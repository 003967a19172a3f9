CREATE TABLE "invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_one_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"order_id" uuid,
	"product_id" uuid,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_known" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_audience_known" CHECK ("mail_outbox"."audience" in ('buyer', 'admins'))
);
--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_order_idx" ON "mail_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoice_number" ON "order" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "payment_succeeded_created_idx" ON "payment" USING btree ("created_at") WHERE "payment"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_language_known" CHECK ("order"."language" in ('en', 'bn'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_invoiced_together" CHECK (("order"."invoice_number" is null) = ("order"."invoiced_at" is null));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_low_stock_threshold_not_negative" CHECK ("product"."low_stock_threshold" is null or "product"."low_stock_threshold" >= 0);--> statement-breakpoint
INSERT INTO "invoice_counter" ("id", "last") VALUES (1, 0);--> statement-breakpoint
-- Orders paid or confirmed for cash on delivery before invoices existed get their numbers in the order they were
-- paid or confirmed, so the shop's books start without a gap.
WITH "invoiced" AS (
	SELECT "order_id", min("at") AS "at", row_number() OVER (ORDER BY min("at"), "order_id") AS "number"
	FROM "order_event" WHERE "status" IN ('paid', 'accepted', 'cod') GROUP BY "order_id"
)
UPDATE "order" SET "invoice_number" = "invoiced"."number", "invoiced_at" = "invoiced"."at"
FROM "invoiced" WHERE "order"."id" = "invoiced"."order_id";--> statement-breakpoint
UPDATE "invoice_counter" SET "last" = (SELECT coalesce(max("invoice_number"), 0) FROM "order");
