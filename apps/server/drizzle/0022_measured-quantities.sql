CREATE TYPE "public"."impact_basis" AS ENUM('estimate', 'picked', 'received');--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "impact_basis" "impact_basis" DEFAULT 'estimate' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "measured_quantity" double precision;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "picked_quantity" double precision;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "received_quantity" double precision;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "picked_quantity" double precision;