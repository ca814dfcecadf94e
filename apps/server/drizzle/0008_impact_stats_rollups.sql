CREATE TABLE "stats_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"meals" numeric DEFAULT '0' NOT NULL,
	"kg" numeric DEFAULT '0' NOT NULL,
	"co2" numeric DEFAULT '0' NOT NULL,
	"completed_donations" integer DEFAULT 0 NOT NULL,
	"completed_meals" numeric DEFAULT '0' NOT NULL,
	"completed_kg" numeric DEFAULT '0' NOT NULL,
	"completed_co2" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily_cuisines" (
	"day" date NOT NULL,
	"cuisine" text NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_cuisines_pkey" PRIMARY KEY("day","cuisine")
);
--> statement-breakpoint
CREATE TABLE "stats_role_counts" (
	"role" "user_role" PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "donations_completed_at_idx" ON "donations" USING btree ("completed_at") WHERE "donations"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "donations_created_live_idx" ON "donations" USING btree ("created_at") WHERE "donations"."deleted_at" is null;--> statement-breakpoint
-- Impact statistics kept by triggers (see docs/decisions/0016-impact-statistics-rollups.md):
-- every change to donations or users adjusts stats_daily, stats_daily_cuisines and
-- stats_role_counts in the same transaction. Names are schema-qualified so the functions also
-- work under an empty search_path (pg_restore).
--
-- What one donation adds: to the day it was posted (if not deleted) and to the day it was
-- completed (if completed). The only definition of a donation's contribution.
CREATE FUNCTION public.stats_donation_days(d public.donations)
RETURNS TABLE (
  day date, donations integer, completed integer, meals numeric, kg numeric, co2 numeric,
  completed_donations integer, completed_meals numeric, completed_kg numeric, completed_co2 numeric
) LANGUAGE sql STABLE AS $$
  SELECT (d.created_at AT TIME ZONE 'UTC')::date, 1, (d.status = 'completed')::integer,
         d.meals_donated::numeric, d.kg_donated::numeric, d.co2_saved::numeric,
         0, 0::numeric, 0::numeric, 0::numeric
  WHERE d.deleted_at IS NULL
  UNION ALL
  SELECT (d.completed_at AT TIME ZONE 'UTC')::date, 0, 0, 0::numeric, 0::numeric, 0::numeric,
         1, d.meals_donated::numeric, d.kg_donated::numeric, d.co2_saved::numeric
  WHERE d.status = 'completed' AND d.completed_at IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_donation_cuisine(d public.donations)
RETURNS TABLE (day date, cuisine text, donations integer) LANGUAGE sql STABLE AS $$
  SELECT (d.created_at AT TIME ZONE 'UTC')::date, d.cuisine, 1
  WHERE d.deleted_at IS NULL AND lower(trim(d.cuisine)) <> 'other'
$$;--> statement-breakpoint
-- Adds the rows in `added` and takes away those in `removed`. Days in key order, so two
-- transactions touching the same days lock them in the same order; nothing is written for a
-- day whose figures do not change.
CREATE FUNCTION public.stats_apply_donations(added public.donations[], removed public.donations[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.stats_daily AS s (day, donations, completed, meals, kg, co2,
    completed_donations, completed_meals, completed_kg, completed_co2)
  SELECT c.day, sum(x.sign * c.donations), sum(x.sign * c.completed), sum(x.sign * c.meals),
         sum(x.sign * c.kg), sum(x.sign * c.co2), sum(x.sign * c.completed_donations),
         sum(x.sign * c.completed_meals), sum(x.sign * c.completed_kg), sum(x.sign * c.completed_co2)
  FROM (SELECT 1 AS sign, a AS d FROM unnest(added) a
        UNION ALL SELECT -1, r FROM unnest(removed) r) x
  CROSS JOIN LATERAL public.stats_donation_days(x.d) c
  GROUP BY c.day
  HAVING sum(x.sign * c.donations) <> 0 OR sum(x.sign * c.completed) <> 0
      OR sum(x.sign * c.meals) <> 0 OR sum(x.sign * c.kg) <> 0 OR sum(x.sign * c.co2) <> 0
      OR sum(x.sign * c.completed_donations) <> 0 OR sum(x.sign * c.completed_meals) <> 0
      OR sum(x.sign * c.completed_kg) <> 0 OR sum(x.sign * c.completed_co2) <> 0
  ORDER BY c.day
  ON CONFLICT (day) DO UPDATE SET
    donations = s.donations + excluded.donations,
    completed = s.completed + excluded.completed,
    meals = s.meals + excluded.meals,
    kg = s.kg + excluded.kg,
    co2 = s.co2 + excluded.co2,
    completed_donations = s.completed_donations + excluded.completed_donations,
    completed_meals = s.completed_meals + excluded.completed_meals,
    completed_kg = s.completed_kg + excluded.completed_kg,
    completed_co2 = s.completed_co2 + excluded.completed_co2;

  INSERT INTO public.stats_daily_cuisines AS s (day, cuisine, donations)
  SELECT c.day, c.cuisine, sum(x.sign * c.donations)
  FROM (SELECT 1 AS sign, a AS d FROM unnest(added) a
        UNION ALL SELECT -1, r FROM unnest(removed) r) x
  CROSS JOIN LATERAL public.stats_donation_cuisine(x.d) c
  GROUP BY c.day, c.cuisine
  HAVING sum(x.sign * c.donations) <> 0
  ORDER BY c.day, c.cuisine
  ON CONFLICT (day, cuisine) DO UPDATE SET donations = s.donations + excluded.donations;
END
$$;--> statement-breakpoint
-- Inserts are counted per statement (a bulk insert is one aggregate, not a call per row).
CREATE FUNCTION public.stats_donations_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.stats_apply_donations(ARRAY(SELECT n::public.donations FROM new_rows n), '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_donation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM public.stats_apply_donations(ARRAY[NEW], ARRAY[OLD]);
  ELSE
    PERFORM public.stats_apply_donations('{}', ARRAY[OLD]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_donations_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.stats_daily;
  DELETE FROM public.stats_daily_cuisines;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stats_donations_insert AFTER INSERT ON donations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_donations_inserted();--> statement-breakpoint
-- Only updates that change what a donation contributes (an expiry, a new volunteer or a
-- touched updated_at does not).
CREATE TRIGGER stats_donations_update AFTER UPDATE ON donations FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
     OR (OLD.status = 'completed') IS DISTINCT FROM (NEW.status = 'completed')
     OR OLD.created_at IS DISTINCT FROM NEW.created_at
     OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
     OR OLD.cuisine IS DISTINCT FROM NEW.cuisine
     OR OLD.meals_donated IS DISTINCT FROM NEW.meals_donated
     OR OLD.kg_donated IS DISTINCT FROM NEW.kg_donated
     OR OLD.co2_saved IS DISTINCT FROM NEW.co2_saved)
  EXECUTE FUNCTION public.stats_donation_changed();--> statement-breakpoint
CREATE TRIGGER stats_donations_delete AFTER DELETE ON donations
  FOR EACH ROW EXECUTE FUNCTION public.stats_donation_changed();--> statement-breakpoint
CREATE TRIGGER stats_donations_truncate AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_donations_truncated();--> statement-breakpoint
-- Accounts per role that are not suspended.
CREATE FUNCTION public.stats_users_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.stats_role_counts AS s (role, users)
  SELECT role, count(*) FROM new_rows WHERE suspended_at IS NULL GROUP BY role ORDER BY role
  ON CONFLICT (role) DO UPDATE SET users = s.users + excluded.users;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.stats_role_counts AS s (role, users)
  SELECT role, sum(delta) FROM (
    SELECT OLD.role AS role, -1 AS delta WHERE OLD.suspended_at IS NULL
    UNION ALL
    SELECT NEW.role, 1 WHERE TG_OP = 'UPDATE' AND NEW.suspended_at IS NULL
  ) x
  GROUP BY role HAVING sum(delta) <> 0 ORDER BY role
  ON CONFLICT (role) DO UPDATE SET users = s.users + excluded.users;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION public.stats_users_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.stats_role_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER stats_users_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_users_inserted();--> statement-breakpoint
CREATE TRIGGER stats_users_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
     OR (OLD.suspended_at IS NULL) IS DISTINCT FROM (NEW.suspended_at IS NULL))
  EXECUTE FUNCTION public.stats_user_changed();--> statement-breakpoint
CREATE TRIGGER stats_users_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION public.stats_user_changed();--> statement-breakpoint
CREATE TRIGGER stats_users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION public.stats_users_truncated();--> statement-breakpoint
-- Existing rows, counted once the triggers (and their table locks) are in place.
INSERT INTO stats_daily (day, donations, completed, meals, kg, co2,
    completed_donations, completed_meals, completed_kg, completed_co2)
  SELECT c.day, sum(c.donations), sum(c.completed), sum(c.meals), sum(c.kg), sum(c.co2),
         sum(c.completed_donations), sum(c.completed_meals), sum(c.completed_kg), sum(c.completed_co2)
  FROM donations d CROSS JOIN LATERAL public.stats_donation_days(d) c
  GROUP BY c.day;--> statement-breakpoint
INSERT INTO stats_daily_cuisines (day, cuisine, donations)
  SELECT c.day, c.cuisine, sum(c.donations)
  FROM donations d CROSS JOIN LATERAL public.stats_donation_cuisine(d) c
  GROUP BY c.day, c.cuisine;--> statement-breakpoint
INSERT INTO stats_role_counts (role, users)
  SELECT role, count(*) FROM users WHERE suspended_at IS NULL GROUP BY role;
