CREATE TABLE "product_review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"rating_halves" smallint NOT NULL,
	"comment" text NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_review_rating_range" CHECK ("product_review"."rating_halves" between 2 and 10),
	CONSTRAINT "product_review_helpful_not_negative" CHECK ("product_review"."helpful" >= 0),
	CONSTRAINT "product_review_hidden_together" CHECK (("product_review"."hidden_reason" is null) = ("product_review"."hidden_at" is null))
);
--> statement-breakpoint
CREATE TABLE "product_review_vote" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_review_vote_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "rating_halves_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_review" ADD CONSTRAINT "product_review_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_review" ADD CONSTRAINT "product_review_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_review" ADD CONSTRAINT "product_review_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_review_vote" ADD CONSTRAINT "product_review_vote_review_id_product_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."product_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_review_vote" ADD CONSTRAINT "product_review_vote_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_review_one_per_buyer" ON "product_review" USING btree ("product_id","author_id");--> statement-breakpoint
CREATE INDEX "product_review_newest_idx" ON "product_review" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "product_review"."hidden_reason" is null;--> statement-breakpoint
CREATE INDEX "product_review_helpful_idx" ON "product_review" USING btree ("product_id","helpful" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "product_review"."hidden_reason" is null;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_rating_counts_not_negative" CHECK ("product"."rating_count" >= 0 and "product"."rating_halves_total" >= 0);