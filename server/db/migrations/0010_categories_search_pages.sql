-- Trigram similarity for the shop's search ("chisle" finds chisels); a trusted extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_buyer_created_idx";--> statement-breakpoint
-- Products made before categories, and those made with none chosen, sit on "Other tools" (a fixed id, the
-- column's default); the demo seed adds the other categories.
INSERT INTO "category" ("id", "slug", "name_en", "name_bn", "position") VALUES ('00000000-0000-4000-8000-0000000000aa', 'other', 'Other tools', 'অন্যান্য সরঞ্জাম', 1000);--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "category_id" uuid DEFAULT '00000000-0000-4000-8000-0000000000aa' NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "description_bn" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || coalesce(name_bn, '') || ' ' || description || ' ' || coalesce(description_bn, ''))) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "category_slug" ON "category" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "category_name_en" ON "category" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "category_name_bn" ON "category" USING btree ("name_bn");--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_newest_idx" ON "order" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_status_newest_idx" ON "order" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_amount_idx" ON "order" USING btree ("payable_poisha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_buyer_email_idx" ON "order" USING btree (lower("buyer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_phone_idx" ON "order" USING btree (("delivery" ->> 'phone'));--> statement-breakpoint
CREATE INDEX "product_newest_idx" ON "product" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "product_price_idx" ON "product" USING btree ("price_poisha","id");--> statement-breakpoint
CREATE INDEX "product_name_idx" ON "product" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "product_category_newest_idx" ON "product" USING btree ("category_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "product_featured_idx" ON "product" USING btree ("created_at" DESC NULLS LAST) WHERE "product"."featured";--> statement-breakpoint
CREATE INDEX "product_search_idx" ON "product" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_name_bn_trgm_idx" ON "product" USING gin ("name_bn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "review_newest_idx" ON "review" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_newest_idx" ON "user" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_buyer_created_idx" ON "order" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The shop's pages show categories (filters, names): a change to one is a catalog change for every copy.
CREATE TRIGGER category_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
