-- Nearby feeds, newest first (see docs/decisions/0017-nearby-feed-indexes.md): covering indexes
-- read newest-first without touching the table (id breaks ties; the pickup point, expiry time and
-- donor answer the feed's filters). They replace the plain (lat, lng) box index and the volunteer
-- feed's time index: nearest-first and box searches use the GiST indexes of migration 0007.
DROP INDEX "donations_pending_location_idx";--> statement-breakpoint
DROP INDEX "donations_volunteer_feed_idx";--> statement-breakpoint
CREATE INDEX "donations_pending_newest_idx" ON "donations" ("created_at" DESC, "id" DESC) INCLUDE ("pickup_lat", "pickup_lng", "expiry_time", "donor_id") WHERE "status" = 'pending' AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "donations_volunteer_newest_idx" ON "donations" ("created_at" DESC, "id" DESC) INCLUDE ("pickup_lat", "pickup_lng", "expiry_time") WHERE "delivery_method" = 'volunteer' AND "volunteer_id" IS NULL AND "status" IN ('pending', 'accepted') AND "deleted_at" IS NULL;
