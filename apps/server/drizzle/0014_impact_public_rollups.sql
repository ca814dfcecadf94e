CREATE TABLE "stats_daily_cells" (
	"day" date NOT NULL,
	"cell_lat" integer NOT NULL,
	"cell_lng" integer NOT NULL,
	"rescues" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_cells_pkey" PRIMARY KEY("day","cell_lat","cell_lng")
);
--> statement-breakpoint
CREATE TABLE "stats_daily_quality" (
	"day" date NOT NULL,
	"quality" "quality" NOT NULL,
	"destination_type" "destination_type" NOT NULL,
	"collections" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_quality_pkey" PRIMARY KEY("day","quality","destination_type")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_slug" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_public_slug_key" ON "users" USING btree ("public_slug");--> statement-breakpoint
CREATE INDEX "requests_outcome_at_idx" ON "requests" USING btree (coalesce("collected_at", "fulfilled_at")) WHERE "requests"."quality" is not null;--> statement-breakpoint
-- Public impact figures (docs/decisions/0033-public-impact-and-open-data.md), kept like the rollups
-- of decision 0016: in the same transaction as every change, by triggers.
--
-- What one donation adds to the public map: one rescue, on the UTC day it was completed, in the
-- 0.05-degree cell of its pickup point (IMPACT_GRID_CELLS_PER_DEGREE = 20 in the domain package).
CREATE FUNCTION public.stats_donation_cell(d public.donations)
RETURNS TABLE (day date, cell_lat integer, cell_lng integer, rescues integer)
LANGUAGE sql STABLE AS $$
  SELECT (d.completed_at AT TIME ZONE 'UTC')::date, floor(d.pickup_lat * 20)::integer,
         floor(d.pickup_lng * 20)::integer, 1
  WHERE d.status = 'completed' AND d.completed_at IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_apply_donation_cells(added public.donations[], removed public.donations[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.stats_daily_cells AS s (day, cell_lat, cell_lng, rescues)
  SELECT c.day, c.cell_lat, c.cell_lng, sum(x.sign * c.rescues)
  FROM (SELECT 1 AS sign, a AS d FROM unnest(added) a
        UNION ALL SELECT -1, r FROM unnest(removed) r) x
  CROSS JOIN LATERAL public.stats_donation_cell(x.d) c
  GROUP BY c.day, c.cell_lat, c.cell_lng
  HAVING sum(x.sign * c.rescues) <> 0
  ORDER BY c.day, c.cell_lat, c.cell_lng
  ON CONFLICT (day, cell_lat, cell_lng) DO UPDATE SET rescues = s.rescues + excluded.rescues;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_donations_cells_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.stats_apply_donation_cells(ARRAY(SELECT n::public.donations FROM new_rows n), '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_donation_cells_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM public.stats_apply_donation_cells(ARRAY[NEW], ARRAY[OLD]);
  ELSE
    PERFORM public.stats_apply_donation_cells('{}', ARRAY[OLD]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_donations_cells_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.stats_daily_cells;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stats_donations_cells_insert AFTER INSERT ON donations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_donations_cells_inserted();--> statement-breakpoint
CREATE TRIGGER stats_donations_cells_update AFTER UPDATE ON donations FOR EACH ROW
  WHEN ((OLD.status = 'completed') IS DISTINCT FROM (NEW.status = 'completed')
     OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
     OR OLD.pickup_lat IS DISTINCT FROM NEW.pickup_lat
     OR OLD.pickup_lng IS DISTINCT FROM NEW.pickup_lng)
  EXECUTE FUNCTION public.stats_donation_cells_changed();--> statement-breakpoint
CREATE TRIGGER stats_donations_cells_delete AFTER DELETE ON donations
  FOR EACH ROW EXECUTE FUNCTION public.stats_donation_cells_changed();--> statement-breakpoint
CREATE TRIGGER stats_donations_cells_truncate AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_donations_cells_truncated();--> statement-breakpoint
-- What one request adds to the quality split: its recorded quality and destination type, on the
-- UTC day of its collection (a self delivery: of its receipt, when the destination checks it).
CREATE FUNCTION public.stats_request_outcome(r public.requests)
RETURNS TABLE (day date, quality public.quality, destination_type public.destination_type,
               collections integer)
LANGUAGE sql STABLE AS $$
  SELECT (coalesce(r.collected_at, r.fulfilled_at) AT TIME ZONE 'UTC')::date, r.quality,
         r.destination_type, 1
  WHERE r.quality IS NOT NULL AND r.destination_type IS NOT NULL
    AND coalesce(r.collected_at, r.fulfilled_at) IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_apply_request_outcomes(added public.requests[], removed public.requests[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.stats_daily_quality AS s (day, quality, destination_type, collections)
  SELECT c.day, c.quality, c.destination_type, sum(x.sign * c.collections)
  FROM (SELECT 1 AS sign, a AS r FROM unnest(added) a
        UNION ALL SELECT -1, o FROM unnest(removed) o) x
  CROSS JOIN LATERAL public.stats_request_outcome(x.r) c
  GROUP BY c.day, c.quality, c.destination_type
  HAVING sum(x.sign * c.collections) <> 0
  ORDER BY c.day, c.quality, c.destination_type
  ON CONFLICT (day, quality, destination_type)
    DO UPDATE SET collections = s.collections + excluded.collections;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_requests_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.stats_apply_request_outcomes(ARRAY(SELECT n::public.requests FROM new_rows n), '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_request_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM public.stats_apply_request_outcomes(ARRAY[NEW], ARRAY[OLD]);
  ELSE
    PERFORM public.stats_apply_request_outcomes('{}', ARRAY[OLD]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_requests_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.stats_daily_quality;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stats_requests_insert AFTER INSERT ON requests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_requests_inserted();--> statement-breakpoint
-- Only updates that change a request's outcome (most moves, pending to accepted, do not).
CREATE TRIGGER stats_requests_update AFTER UPDATE ON requests FOR EACH ROW
  WHEN (OLD.quality IS DISTINCT FROM NEW.quality
     OR OLD.destination_type IS DISTINCT FROM NEW.destination_type
     OR OLD.collected_at IS DISTINCT FROM NEW.collected_at
     OR OLD.fulfilled_at IS DISTINCT FROM NEW.fulfilled_at)
  EXECUTE FUNCTION public.stats_request_changed();--> statement-breakpoint
CREATE TRIGGER stats_requests_delete AFTER DELETE ON requests
  FOR EACH ROW EXECUTE FUNCTION public.stats_request_changed();--> statement-breakpoint
CREATE TRIGGER stats_requests_truncate AFTER TRUNCATE ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_requests_truncated();--> statement-breakpoint
-- Existing rows, counted once the triggers are in place.
INSERT INTO stats_daily_cells (day, cell_lat, cell_lng, rescues)
  SELECT c.day, c.cell_lat, c.cell_lng, sum(c.rescues)
  FROM donations d CROSS JOIN LATERAL public.stats_donation_cell(d) c
  GROUP BY c.day, c.cell_lat, c.cell_lng;--> statement-breakpoint
INSERT INTO stats_daily_quality (day, quality, destination_type, collections)
  SELECT c.day, c.quality, c.destination_type, sum(c.collections)
  FROM requests r CROSS JOIN LATERAL public.stats_request_outcome(r) c
  GROUP BY c.day, c.quality, c.destination_type;
