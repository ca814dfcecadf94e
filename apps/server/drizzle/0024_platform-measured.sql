ALTER TABLE "stats_daily" ADD COLUMN "completed_measured" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Which completed donations are counted from a measured quantity (impact_basis 'picked' or
-- 'received', migration 0022) rather than the donor's estimate: the platform and public figures
-- say how many (decision 0064). The rollup function of migration 0008 gains one column; its
-- return type changes, so it is dropped and created again, with the function that calls it.
DROP FUNCTION public.stats_donation_days(public.donations);--> statement-breakpoint
CREATE FUNCTION public.stats_donation_days(d public.donations)
RETURNS TABLE (
  day date, donations integer, completed integer, meals numeric, kg numeric, co2 numeric,
  completed_donations integer, completed_meals numeric, completed_kg numeric, completed_co2 numeric,
  completed_measured integer
) LANGUAGE sql STABLE AS $$
  SELECT (d.created_at AT TIME ZONE 'UTC')::date, 1, (d.status = 'completed')::integer,
         d.meals_donated::numeric, d.kg_donated::numeric, d.co2_saved::numeric,
         0, 0::numeric, 0::numeric, 0::numeric, 0
  WHERE d.deleted_at IS NULL
  UNION ALL
  SELECT (d.completed_at AT TIME ZONE 'UTC')::date, 0, 0, 0::numeric, 0::numeric, 0::numeric,
         1, d.meals_donated::numeric, d.kg_donated::numeric, d.co2_saved::numeric,
         (d.impact_basis <> 'estimate')::integer
  WHERE d.status = 'completed' AND d.completed_at IS NOT NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.stats_apply_donations(added public.donations[], removed public.donations[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.stats_daily AS s (day, donations, completed, meals, kg, co2,
    completed_donations, completed_meals, completed_kg, completed_co2, completed_measured)
  SELECT c.day, sum(x.sign * c.donations), sum(x.sign * c.completed), sum(x.sign * c.meals),
         sum(x.sign * c.kg), sum(x.sign * c.co2), sum(x.sign * c.completed_donations),
         sum(x.sign * c.completed_meals), sum(x.sign * c.completed_kg), sum(x.sign * c.completed_co2),
         sum(x.sign * c.completed_measured)
  FROM (SELECT 1 AS sign, a AS d FROM unnest(added) a
        UNION ALL SELECT -1, r FROM unnest(removed) r) x
  CROSS JOIN LATERAL public.stats_donation_days(x.d) c
  GROUP BY c.day
  HAVING sum(x.sign * c.donations) <> 0 OR sum(x.sign * c.completed) <> 0
      OR sum(x.sign * c.meals) <> 0 OR sum(x.sign * c.kg) <> 0 OR sum(x.sign * c.co2) <> 0
      OR sum(x.sign * c.completed_donations) <> 0 OR sum(x.sign * c.completed_meals) <> 0
      OR sum(x.sign * c.completed_kg) <> 0 OR sum(x.sign * c.completed_co2) <> 0
      OR sum(x.sign * c.completed_measured) <> 0
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
    completed_co2 = s.completed_co2 + excluded.completed_co2,
    completed_measured = s.completed_measured + excluded.completed_measured;

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
-- A measured quantity can arrive without changing the figures (a pickup weighed at exactly the
-- estimate): the change of basis alone must reach the rollup too.
DROP TRIGGER stats_donations_update ON donations;--> statement-breakpoint
CREATE TRIGGER stats_donations_update AFTER UPDATE ON donations FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
     OR (OLD.status = 'completed') IS DISTINCT FROM (NEW.status = 'completed')
     OR OLD.created_at IS DISTINCT FROM NEW.created_at
     OR OLD.completed_at IS DISTINCT FROM NEW.completed_at
     OR OLD.cuisine IS DISTINCT FROM NEW.cuisine
     OR OLD.meals_donated IS DISTINCT FROM NEW.meals_donated
     OR OLD.kg_donated IS DISTINCT FROM NEW.kg_donated
     OR OLD.co2_saved IS DISTINCT FROM NEW.co2_saved
     OR OLD.impact_basis IS DISTINCT FROM NEW.impact_basis)
  EXECUTE FUNCTION public.stats_donation_changed();--> statement-breakpoint
-- Donations completed and measured before this migration, counted once.
UPDATE stats_daily s SET completed_measured = x.n
  FROM (SELECT (completed_at AT TIME ZONE 'UTC')::date AS day, count(*)::integer AS n
        FROM donations
        WHERE status = 'completed' AND completed_at IS NOT NULL AND impact_basis <> 'estimate'
        GROUP BY 1) x
  WHERE s.day = x.day;
