CREATE TABLE "product_variant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_poisha" integer NOT NULL,
	"availability" integer NOT NULL,
	"minimum_quantity" integer NOT NULL,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"image" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variant_price_positive" CHECK ("product_variant"."price_poisha" > 0),
	CONSTRAINT "product_variant_minimum_positive" CHECK ("product_variant"."minimum_quantity" >= 1),
	CONSTRAINT "product_variant_availability_not_negative" CHECK ("product_variant"."availability" >= 0),
	CONSTRAINT "product_variant_weight_range" CHECK ("product_variant"."weight_grams" between 0 and 100000),
	CONSTRAINT "product_variant_retired_empty" CHECK ("product_variant"."retired_at" is null or "product_variant"."availability" = 0)
);
--> statement-breakpoint
DROP INDEX "cart_line_product";--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "variant_count" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "price_from_poisha" integer;--> statement-breakpoint
UPDATE "product" SET "price_from_poisha" = "price_poisha";--> statement-breakpoint
ALTER TABLE "product" ALTER COLUMN "price_from_poisha" SET NOT NULL;--> statement-breakpoint
-- Every product sold in one form has one variant: its own price, stock, minimum and weight, under a SKU made of its id.
INSERT INTO "product_variant" ("id", "product_id", "position", "sku", "price_poisha", "availability", "minimum_quantity", "weight_grams", "created_at", "updated_at") SELECT gen_random_uuid(), "id", 0, 'RND-' || upper(substr(replace("id"::text, '-', ''), 1, 12)), "price_poisha", "availability", "minimum_quantity", "weight_grams", "created_at", "updated_at" FROM "product";--> statement-breakpoint
ALTER TABLE "stock_entry" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
UPDATE "stock_entry" e SET "variant_id" = v."id" FROM "product_variant" v WHERE v."product_id" = e."product_id";--> statement-breakpoint
ALTER TABLE "stock_entry" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_line" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
UPDATE "cart_line" l SET "variant_id" = v."id" FROM "product_variant" v WHERE v."product_id" = l."product_id";--> statement-breakpoint
ALTER TABLE "cart_line" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variant" ADD CONSTRAINT "product_variant_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variant_sku" ON "product_variant" USING btree (lower("sku")) WHERE "product_variant"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "product_variant_product_idx" ON "product_variant" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_entry" ADD CONSTRAINT "stock_entry_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_variant_id_product_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_line_variant_idx" ON "order_line" USING btree ("variant_id","order_id");--> statement-breakpoint
CREATE INDEX "stock_entry_variant_idx" ON "stock_entry" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_line_variant" ON "cart_line" USING btree ("cart_id","variant_id");--> statement-breakpoint
UPDATE "order_line" l SET "variant_id" = v."id", "sku" = v."sku" FROM "product_variant" v WHERE v."product_id" = l."product_id";
