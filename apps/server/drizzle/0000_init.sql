CREATE TYPE "public"."capacity" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."collection_status" AS ENUM('collected', 'delivered');--> statement-breakpoint
CREATE TYPE "public"."delivery_method" AS ENUM('volunteer', 'self');--> statement-breakpoint
CREATE TYPE "public"."destination_type" AS ENUM('foodbank', 'nursery', 'poultry');--> statement-breakpoint
CREATE TYPE "public"."donation_status" AS ENUM('pending', 'accepted', 'rejected', 'completed', 'expired');--> statement-breakpoint
CREATE TYPE "public"."ui_language" AS ENUM('en', 'hi', 'pa', 'bn', 'te', 'kn');--> statement-breakpoint
CREATE TYPE "public"."quality" AS ENUM('good', 'bad');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('pending', 'accepted', 'rejected', 'fulfilled', 'collected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."unit" AS ENUM('meals', 'kg', 'liters', 'packs');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('restaurant', 'individual', 'foodbank', 'volunteer', 'nursery', 'poultry', 'mess', 'admin');--> statement-breakpoint
CREATE TYPE "public"."veg_type" AS ENUM('veg', 'nonveg', 'mixed');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"organization_name" text,
	"cuisine" text,
	"capacity" "capacity" DEFAULT 'medium' NOT NULL,
	"description" text,
	"language" "ui_language" DEFAULT 'en' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"suspended_at" timestamp with time zone,
	"rating" double precision DEFAULT 0 NOT NULL,
	"total_donations" integer DEFAULT 0 NOT NULL,
	"total_requests" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_coordinates_pair" CHECK (("users"."lat" IS NULL) = ("users"."lng" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"persistent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" uuid NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"donor_phone" text NOT NULL,
	"donor_address" text NOT NULL,
	"donor_lat" double precision,
	"donor_lng" double precision,
	"status" "donation_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"expiry_time" timestamp with time zone NOT NULL,
	"is_expired" boolean DEFAULT false NOT NULL,
	"total_requests" integer DEFAULT 0 NOT NULL,
	"accepted_requests" integer DEFAULT 0 NOT NULL,
	"food_type" text NOT NULL,
	"cuisine" text NOT NULL,
	"veg_type" "veg_type" NOT NULL,
	"quantity" double precision NOT NULL,
	"unit" "unit" DEFAULT 'meals' NOT NULL,
	"notes" text,
	"prep_date" date NOT NULL,
	"prep_time" time NOT NULL,
	"pickup_address" text NOT NULL,
	"pickup_lat" double precision NOT NULL,
	"pickup_lng" double precision NOT NULL,
	"delivery_method" "delivery_method" NOT NULL,
	"expiry_hours" integer NOT NULL,
	"volunteer_id" uuid,
	"volunteer_name" text,
	"co2_saved" double precision DEFAULT 0 NOT NULL,
	"meals_donated" double precision DEFAULT 0 NOT NULL,
	"kg_donated" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "donations_quantity_positive" CHECK ("donations"."quantity" > 0),
	CONSTRAINT "donations_expiry_hours_positive" CHECK ("donations"."expiry_hours" >= 1),
	CONSTRAINT "donations_pickup_lat_range" CHECK ("donations"."pickup_lat" between -90 and 90),
	CONSTRAINT "donations_pickup_lng_range" CHECK ("donations"."pickup_lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"requester_phone" text NOT NULL,
	"requester_address" text NOT NULL,
	"requester_lat" double precision,
	"requester_lng" double precision,
	"status" "request_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"food_type" text NOT NULL,
	"notes" text,
	"quantity" double precision NOT NULL,
	"unit" "unit" NOT NULL,
	"donor_id" uuid NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"donor_address" text NOT NULL,
	"is_volunteer_request" boolean DEFAULT false NOT NULL,
	"is_routed_by_volunteer" boolean DEFAULT false NOT NULL,
	"is_self_delivery" boolean DEFAULT false NOT NULL,
	"volunteer_id" uuid,
	"volunteer_name" text,
	"volunteer_email" text,
	"destination_user_id" uuid,
	"destination_name" text,
	"destination_email" text,
	"destination_address" text,
	"destination_phone" text,
	"destination_type" "destination_type",
	"destination_accepted" boolean DEFAULT false NOT NULL,
	"destination_notified" boolean DEFAULT false NOT NULL,
	"quality" "quality",
	"condition" text,
	"co2_saved" double precision DEFAULT 0 NOT NULL,
	"collected_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"volunteer_name" text NOT NULL,
	"volunteer_email" text NOT NULL,
	"photo_url" text,
	"quality" "quality" NOT NULL,
	"destination_type" "destination_type" NOT NULL,
	"destination_user_id" uuid NOT NULL,
	"status" "collection_status" DEFAULT 'collected' NOT NULL,
	"co2_saved" double precision DEFAULT 0 NOT NULL,
	"notes" text,
	"received_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_destination_user_id_users_id_fk" FOREIGN KEY ("destination_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_destination_user_id_users_id_fk" FOREIGN KEY ("destination_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "donations_donor_created_idx" ON "donations" USING btree ("donor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donations_status_created_idx" ON "donations" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "donations_pending_location_idx" ON "donations" USING btree ("pickup_lat","pickup_lng") WHERE "donations"."status" = 'pending' and "donations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "donations_volunteer_feed_idx" ON "donations" USING btree ("created_at" DESC NULLS LAST) WHERE "donations"."delivery_method" = 'volunteer' and "donations"."volunteer_id" is null and "donations"."status" in ('pending', 'accepted') and "donations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "donations_pending_expiry_idx" ON "donations" USING btree ("expiry_time") WHERE "donations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "donations_volunteer_idx" ON "donations" USING btree ("volunteer_id");--> statement-breakpoint
CREATE INDEX "requests_requester_created_idx" ON "requests" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_volunteer_created_idx" ON "requests" USING btree ("volunteer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_donation_idx" ON "requests" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "requests_donor_created_idx" ON "requests" USING btree ("donor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_destination_status_idx" ON "requests" USING btree ("destination_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_open_per_requester_key" ON "requests" USING btree ("donation_id","requester_id") WHERE "requests"."status" in ('pending', 'accepted') and "requests"."is_volunteer_request" = false and "requests"."is_self_delivery" = false;--> statement-breakpoint
CREATE INDEX "collections_volunteer_created_idx" ON "collections" USING btree ("volunteer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "collections_request_key" ON "collections" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "collections_donation_idx" ON "collections" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_actor_idx" ON "events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");