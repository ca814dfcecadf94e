ALTER TABLE "users" ADD COLUMN "email_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
-- Notifications from before email existed are not mailed later.
UPDATE "notifications" SET "emailed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."emailed_at" is null;