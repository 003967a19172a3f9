CREATE TABLE "courier_payout" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"amount_poisha" bigint NOT NULL,
	"collected_poisha" bigint NOT NULL,
	"fee_poisha" bigint NOT NULL,
	"reference" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_payout_courier_known" CHECK ("courier_payout"."courier" in ('steadfast', 'pathao')),
	CONSTRAINT "courier_payout_adds_up" CHECK ("courier_payout"."amount_poisha" = "courier_payout"."collected_poisha" - "courier_payout"."fee_poisha")
);
--> statement-breakpoint
CREATE TABLE "cod_phone_code" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_phone_code_tries_not_negative" CHECK ("cod_phone_code"."tries" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"product_id" uuid,
	"variant_id" uuid,
	"phone" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"params" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"provider_ref" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_status_known" CHECK ("sms_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "sms_outbox_phone_shape" CHECK ("sms_outbox"."phone" ~ '^8801[3-9][0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "stock_watch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_watch_channel_known" CHECK ("stock_watch"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "mushak_counter" (
	"fiscal_year" smallint PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mushak_invoice" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"serial" integer NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mushak_invoice_serial_positive" CHECK ("mushak_invoice"."serial" > 0),
	CONSTRAINT "mushak_invoice_rate_known" CHECK ("mushak_invoice"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_audience_known";--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_status_known";--> statement-breakpoint
ALTER TABLE "stock_entry" DROP CONSTRAINT "stock_entry_reason_known";--> statement-breakpoint
ALTER TABLE "consignment" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consignment" ADD COLUMN "payout_id" bigint;--> statement-breakpoint
ALTER TABLE "consignment" ADD COLUMN "received_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consignment" ADD COLUMN "received_back_by" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_bin" text;--> statement-breakpoint
ALTER TABLE "courier_payout" ADD CONSTRAINT "courier_payout_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_phone_code" ADD CONSTRAINT "cod_phone_code_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_watch" ADD CONSTRAINT "stock_watch_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_watch" ADD CONSTRAINT "stock_watch_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mushak_invoice" ADD CONSTRAINT "mushak_invoice_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_payout_newest_idx" ON "courier_payout" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sms_outbox_order_idx" ON "sms_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_watch_once_idx" ON "stock_watch" USING btree ("product_id",coalesce("variant_id", '00000000-0000-0000-0000-000000000000'::uuid),"channel","contact");--> statement-breakpoint
CREATE INDEX "stock_watch_created_idx" ON "stock_watch" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mushak_invoice_serial_idx" ON "mushak_invoice" USING btree ("fiscal_year","serial");--> statement-breakpoint
ALTER TABLE "consignment" ADD CONSTRAINT "consignment_payout_id_courier_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."courier_payout"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment" ADD CONSTRAINT "consignment_received_back_by_user_id_fk" FOREIGN KEY ("received_back_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignment_unsettled_idx" ON "consignment" USING btree ("courier","collected_at") WHERE "consignment"."collected_at" is not null and "consignment"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "consignment_payout_idx" ON "consignment" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_address_given" CHECK (("mail_outbox"."audience" = 'address') = ("mail_outbox"."to_address" is not null));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_audience_known" CHECK ("mail_outbox"."audience" in ('buyer', 'admins', 'address'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'paid', 'cod', 'shipped', 'delivered', 'returned', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "stock_entry" ADD CONSTRAINT "stock_entry_reason_known" CHECK ("stock_entry"."reason" in ('opening', 'placed', 'cancelled', 'expired', 'received', 'counted', 'damaged', 'imported', 'returned'));