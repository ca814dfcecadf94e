CREATE TYPE "public"."holding_kind" AS ENUM('hot', 'chilled', 'room', 'packaged');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fssai_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fssai_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fssai_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "holding" "holding_kind";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "use_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "allergens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "food_safe_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_fssai_number_digits" CHECK ("users"."fssai_number" ~ '^[0-9]{14}$');--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_use_by_packaged" CHECK (("donations"."use_by" IS NULL) OR ("donations"."holding" = 'packaged'));