CREATE TYPE "public"."arrival_condition" AS ENUM('good', 'doubtful');--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "arrival_condition" "arrival_condition";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "arrival_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "holding_at_pickup" "holding_kind";--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "container_closed" boolean;--> statement-breakpoint
CREATE INDEX "requests_destination_fulfilled_idx" ON "requests" USING btree ("destination_user_id","fulfilled_at") WHERE "requests"."status" = 'fulfilled';