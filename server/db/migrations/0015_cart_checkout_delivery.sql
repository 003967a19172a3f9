CREATE TABLE "order_line" (
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"name_bn" text,
	"image" text NOT NULL,
	"price_poisha" integer NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"amount_poisha" bigint NOT NULL,
	CONSTRAINT "order_line_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_line_quantity_positive" CHECK ("order_line"."quantity" > 0),
	CONSTRAINT "order_line_price_positive" CHECK ("order_line"."price_poisha" > 0),
	CONSTRAINT "order_line_amount_is_price_times_quantity" CHECK ("order_line"."amount_poisha" = "order_line"."price_poisha"::bigint * "order_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_has_an_owner" CHECK ("cart"."user_id" is not null or "cart"."token_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "cart_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price_poisha_seen" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_line_quantity_positive" CHECK ("cart_line"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zone" (
	"id" text PRIMARY KEY NOT NULL,
	"position" smallint NOT NULL,
	"first_kg_poisha" bigint NOT NULL,
	"per_kg_poisha" bigint NOT NULL,
	"free_above_poisha" bigint,
	"cod_available" boolean DEFAULT true NOT NULL,
	"advance_delivery_charge" boolean DEFAULT false NOT NULL,
	"districts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fallback" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zone_known" CHECK ("delivery_zone"."id" in ('dhaka_city', 'dhaka_suburbs', 'outside_dhaka')),
	CONSTRAINT "delivery_zone_charges_not_negative" CHECK ("delivery_zone"."first_kg_poisha" >= 0 and "delivery_zone"."per_kg_poisha" >= 0),
	CONSTRAINT "delivery_zone_free_above_positive" CHECK ("delivery_zone"."free_above_poisha" is null or "delivery_zone"."free_above_poisha" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"delivery" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_payable_is_price_times_quantity";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "delivery_charge_poisha" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "total_poisha" bigint GENERATED ALWAYS AS (payable_poisha + delivery_charge_poisha) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "line_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_address" ADD CONSTRAINT "saved_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_product_idx" ON "order_line" USING btree ("product_id","order_id");--> statement-breakpoint
CREATE INDEX "order_line_name_trgm_idx" ON "order_line" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_line_name_bn_trgm_idx" ON "order_line" USING gin ("name_bn" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "cart_user" ON "cart" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_token_hash" ON "cart" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cart_updated_idx" ON "cart" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_line_product" ON "cart_line" USING btree ("cart_id","product_id");--> statement-breakpoint
CREATE INDEX "cart_line_product_idx" ON "cart_line" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "saved_address_user_idx" ON "saved_address" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_address_one_default" ON "saved_address" USING btree ("user_id") WHERE "saved_address"."is_default";--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_payable_covers_first_line" CHECK ("order"."payable_poisha" >= "order"."price_poisha"::bigint * "order"."quantity");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_delivery_charge_not_negative" CHECK ("order"."delivery_charge_poisha" >= 0);--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_line_count_positive" CHECK ("order"."line_count" between 1 and 50);--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_weight_range" CHECK ("product"."weight_grams" between 0 and 100000);--> statement-breakpoint
-- Every order placed before carts had one line: its own product, as the order row recorded it.
INSERT INTO "order_line" ("order_id", "position", "product_id", "name", "name_bn", "image", "price_poisha", "weight_grams", "quantity", "amount_poisha")
  SELECT o."id", 0, o."product_id", o."product_name", p."name_bn", o."image", o."price_poisha", 0, o."quantity", o."payable_poisha"
  FROM "order" o LEFT JOIN "product" p ON p."id" = o."product_id";--> statement-breakpoint
-- The couriers' public rate cards: inside Dhaka city 70 Tk up to 1 kg and 15 Tk per further kg, the rest of Dhaka
-- division 100 + 20, everywhere else 130 + 25. Cash on delivery everywhere; admins change it at /dashboard/delivery.
INSERT INTO "delivery_zone" ("id", "position", "first_kg_poisha", "per_kg_poisha", "districts", "fallback") VALUES
  ('dhaka_city', 0, 7000, 1500, '["Dhaka"]'::jsonb, false),
  ('dhaka_suburbs', 1, 10000, 2000, '["Faridpur","Gazipur","Gopalganj","Kishoreganj","Madaripur","Manikganj","Munshiganj","Narayanganj","Narsingdi","Rajbari","Shariatpur","Tangail"]'::jsonb, false),
  ('outside_dhaka', 2, 13000, 2500, '[]'::jsonb, true)
  ON CONFLICT ("id") DO NOTHING;
