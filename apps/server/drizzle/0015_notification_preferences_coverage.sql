CREATE TABLE "coverage_alerts" (
	"donation_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_alerts_donation_id_volunteer_id_pk" PRIMARY KEY("donation_id","volunteer_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_off" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_from" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_to" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "escalate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "escalation_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "realert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coverage_alerts" ADD CONSTRAINT "coverage_alerts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_alerts" ADD CONSTRAINT "coverage_alerts_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coverage_alerts_volunteer_created_idx" ON "coverage_alerts" USING btree ("volunteer_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_escalate_at_idx" ON "donations" USING btree ("escalate_at") WHERE "donations"."escalate_at" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quiet_hours_pair" CHECK (("users"."quiet_from" IS NULL) = ("users"."quiet_to" IS NULL));--> statement-breakpoint
-- Hand-written: donations already waiting for a volunteer enter coverage escalation too.
UPDATE "donations" SET "escalate_at" = now() WHERE "delivery_method" = 'volunteer' AND "volunteer_id" IS NULL AND "deleted_at" IS NULL AND "status" IN ('pending', 'accepted') AND "expiry_time" > now();
