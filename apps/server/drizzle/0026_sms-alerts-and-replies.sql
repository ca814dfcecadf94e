CREATE TABLE "reply_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"action" text NOT NULL,
	"donation_id" uuid NOT NULL,
	"destination_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_on" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "texted_at" timestamp with time zone;--> statement-breakpoint
-- Notifications made before SMS existed are not texted: nobody had asked for SMS then.
UPDATE "notifications" SET "texted_at" = "created_at";--> statement-breakpoint
ALTER TABLE "reply_codes" ADD CONSTRAINT "reply_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_codes" ADD CONSTRAINT "reply_codes_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_codes" ADD CONSTRAINT "reply_codes_destination_user_id_users_id_fk" FOREIGN KEY ("destination_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_codes_user_idx" ON "reply_codes" USING btree ("user_id","expires_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_untexted_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."texted_at" is null;