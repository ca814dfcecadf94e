-- Nearby feeds on the rounded pickup point (docs/decisions/0037-feeds-on-the-rounded-point.md):
-- the point rounded to 0.01 degree, by the same arithmetic as the presenter's approximatePoint,
-- is stored beside the exact one, and the feeds' radius filter and nearest-first order use it,
-- so moving a search centre reveals nothing finer than the rounded point every stranger sees.
ALTER TABLE "donations" ADD COLUMN "pickup_lat_approx" double precision GENERATED ALWAYS AS (floor("pickup_lat" * 100 + 0.5) / 100) STORED;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "pickup_lng_approx" double precision GENERATED ALWAYS AS (floor("pickup_lng" * 100 + 0.5) / 100) STORED;--> statement-breakpoint
-- Hand-written from here: the indexes of migrations 0007 and 0009, redefined on the rounded point.
DROP INDEX "donations_pending_geo_idx";--> statement-breakpoint
DROP INDEX "donations_volunteer_geo_idx";--> statement-breakpoint
DROP INDEX "donations_pending_newest_idx";--> statement-breakpoint
DROP INDEX "donations_volunteer_newest_idx";--> statement-breakpoint
CREATE INDEX "donations_pending_geo_idx" ON "donations" USING gist (public.geo_unit_vector("pickup_lat_approx", "pickup_lng_approx")) WHERE "status" = 'pending' AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "donations_volunteer_geo_idx" ON "donations" USING gist (public.geo_unit_vector("pickup_lat_approx", "pickup_lng_approx")) WHERE "delivery_method" = 'volunteer' AND "volunteer_id" IS NULL AND "status" IN ('pending', 'accepted') AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "donations_pending_newest_idx" ON "donations" ("created_at" DESC, "id" DESC) INCLUDE ("pickup_lat_approx", "pickup_lng_approx", "expiry_time", "donor_id") WHERE "status" = 'pending' AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "donations_volunteer_newest_idx" ON "donations" ("created_at" DESC, "id" DESC) INCLUDE ("pickup_lat_approx", "pickup_lng_approx", "expiry_time") WHERE "delivery_method" = 'volunteer' AND "volunteer_id" IS NULL AND "status" IN ('pending', 'accepted') AND "deleted_at" IS NULL;
