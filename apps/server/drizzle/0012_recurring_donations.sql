CREATE TABLE "donation_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"template" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rrule" text NOT NULL,
	"time_of_day" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"next_occurrence_at" timestamp with time zone,
	"needs_confirmation" boolean DEFAULT false NOT NULL,
	"kept_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_series_status_valid" CHECK ("donation_series"."status" in ('active', 'paused', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "series_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"occurrence_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"donation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_occurrences_series_at_key" UNIQUE("series_id","occurrence_at"),
	CONSTRAINT "series_occurrences_outcome_valid" CHECK ("series_occurrences"."outcome" in ('posted', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "volunteer_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"home_lat" double precision,
	"home_lng" double precision,
	"radius_km" double precision NOT NULL,
	"max_pickups_per_day" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_availability_radius_positive" CHECK ("volunteer_availability"."radius_km" > 0),
	CONSTRAINT "volunteer_availability_cap_positive" CHECK ("volunteer_availability"."max_pickups_per_day" is null or "volunteer_availability"."max_pickups_per_day" >= 1)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_key" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "donation_series" ADD CONSTRAINT "donation_series_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_occurrences" ADD CONSTRAINT "series_occurrences_series_id_donation_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."donation_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_occurrences" ADD CONSTRAINT "series_occurrences_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_availability" ADD CONSTRAINT "volunteer_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_series_donor_idx" ON "donation_series" USING btree ("donor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donation_series_due_idx" ON "donation_series" USING btree ("next_occurrence_at") WHERE "donation_series"."status" = 'active';