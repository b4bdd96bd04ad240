CREATE TABLE "project_hall_totals" (
	"type_id" integer NOT NULL,
	"model" smallint NOT NULL,
	"place_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_hall_totals_type_id_model_place_id_status_pk" PRIMARY KEY("type_id","model","place_id","status")
);
--> statement-breakpoint
DROP INDEX "projects_hall_count_idx";--> statement-breakpoint
-- A project counts in the hall's totals once it has been published. The triggers are per
-- statement: a bulk change (the deadline scheduler moves up to 200 projects at once) adds its
-- differences key by key, in key order, so that two such statements lock totals rows in the same
-- order and never deadlock on them.
CREATE FUNCTION "project_hall_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_hall_totals AS h (type_id, model, place_id, status, n)
      SELECT type_id, model, place_id, status, count(*) FROM new_rows WHERE published_at IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (type_id, model, place_id, status) DO UPDATE SET n = h.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_hall_totals AS h (type_id, model, place_id, status, n)
      SELECT type_id, model, place_id, status, -count(*) FROM old_rows WHERE published_at IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (type_id, model, place_id, status) DO UPDATE SET n = h.n + excluded.n;
  ELSE
    INSERT INTO project_hall_totals AS h (type_id, model, place_id, status, n)
      SELECT type_id, model, place_id, status, sum(d) FROM (
        SELECT type_id, model, place_id, status, 1 AS d FROM new_rows WHERE published_at IS NOT NULL
        UNION ALL
        SELECT type_id, model, place_id, status, -1 AS d FROM old_rows WHERE published_at IS NOT NULL
      ) changes
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (type_id, model, place_id, status) DO UPDATE SET n = h.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "project_hall_totals_insert" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_hall_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "project_hall_totals_update" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_hall_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "project_hall_totals_delete" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_hall_totals_apply"();
--> statement-breakpoint
INSERT INTO "project_hall_totals" (type_id, model, place_id, status, n)
  SELECT type_id, model, place_id, status, count(*) FROM projects WHERE published_at IS NOT NULL GROUP BY 1, 2, 3, 4;
