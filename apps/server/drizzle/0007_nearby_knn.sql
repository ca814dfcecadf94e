-- Nearby feeds by nearest-first index scan (see docs/decisions/0017-nearby-feed-indexes.md).
-- A pickup point becomes a unit vector on the sphere (a 3-D cube point): straight-line distance
-- between unit vectors orders points exactly as great-circle distance does, and the cube GiST
-- index answers "nearest first" (<->) and "inside this box" (<@) without reading the whole radius.
-- cube is a trusted contrib extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;--> statement-breakpoint
-- Schema-qualified so it also resolves during pg_restore (empty search_path); SQL and immutable
-- so the planner inlines it and index expressions match the queries.
CREATE OR REPLACE FUNCTION public.geo_unit_vector(lat double precision, lng double precision)
RETURNS public.cube LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT public.cube(ARRAY[
    pg_catalog.cos(pg_catalog.radians(lat)) * pg_catalog.cos(pg_catalog.radians(lng)),
    pg_catalog.cos(pg_catalog.radians(lat)) * pg_catalog.sin(pg_catalog.radians(lng)),
    pg_catalog.sin(pg_catalog.radians(lat))])
$$;--> statement-breakpoint
-- Receivers' feed: pending donations.
CREATE INDEX "donations_pending_geo_idx" ON "donations" USING gist (public.geo_unit_vector("pickup_lat", "pickup_lng")) WHERE "status" = 'pending' AND "deleted_at" IS NULL;--> statement-breakpoint
-- Volunteers' feed: volunteer delivery, nobody carrying it yet.
CREATE INDEX "donations_volunteer_geo_idx" ON "donations" USING gist (public.geo_unit_vector("pickup_lat", "pickup_lng")) WHERE "delivery_method" = 'volunteer' AND "volunteer_id" IS NULL AND "status" IN ('pending', 'accepted') AND "deleted_at" IS NULL;
