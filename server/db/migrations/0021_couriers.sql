CREATE TABLE "consignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"state" text DEFAULT 'booking' NOT NULL,
	"consignment_ref" text,
	"tracking_code" text,
	"courier_status" text,
	"cod_poisha" bigint NOT NULL,
	"collected_poisha" bigint,
	"fee_poisha" bigint,
	"booked_by" text,
	"last_error" text,
	"news_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consignment_courier_known" CHECK ("consignment"."courier" in ('steadfast', 'pathao')),
	CONSTRAINT "consignment_state_known" CHECK ("consignment"."state" in ('booking', 'booked', 'in_transit', 'hold', 'delivered', 'partly_delivered', 'returned', 'cancelled')),
	CONSTRAINT "consignment_booked_whole" CHECK (("consignment"."state" = 'booking') = ("consignment"."consignment_ref" is null)),
	CONSTRAINT "consignment_cod_not_negative" CHECK ("consignment"."cod_poisha" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consignment_step" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consignment_id" uuid NOT NULL,
	"state" text,
	"courier_status" text NOT NULL,
	"message" text,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consignment_step_source_known" CHECK ("consignment_step"."source" in ('booking', 'webhook', 'check'))
);
--> statement-breakpoint
ALTER TABLE "consignment" ADD CONSTRAINT "consignment_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment" ADD CONSTRAINT "consignment_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_step" ADD CONSTRAINT "consignment_step_consignment_id_consignment_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_order_idx" ON "consignment" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_courier_ref_idx" ON "consignment" USING btree ("courier","consignment_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_tracking_code_idx" ON "consignment" USING btree ("tracking_code");--> statement-breakpoint
CREATE INDEX "consignment_step_parcel_idx" ON "consignment_step" USING btree ("consignment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_step_once_idx" ON "consignment_step" USING btree ("consignment_id","courier_status","at");