ALTER TABLE "order" DROP CONSTRAINT "order_status_known";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'paid', 'cod', 'shipped', 'delivered', 'cancelled'));