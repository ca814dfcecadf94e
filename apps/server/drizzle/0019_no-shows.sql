ALTER TABLE "users" ADD COLUMN "no_shows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "grabbed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "collect_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "no_show_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "donations_no_show_check_idx" ON "donations" USING btree ("no_show_check_at") WHERE "donations"."no_show_check_at" is not null;