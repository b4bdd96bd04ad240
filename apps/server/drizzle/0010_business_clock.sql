CREATE TABLE "app_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "app_clock_one_row" CHECK ("app_clock"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "app_clock" ("id", "offset_seconds") VALUES (1, 0);
--> statement-breakpoint
-- The business clock: the database's time plus the offset tests may set outside production.
-- Every deadline, window and business timestamp reads it; sessions, codes and throttles keep now().
CREATE OR REPLACE FUNCTION app_now() RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT now() + coalesce((SELECT make_interval(secs => offset_seconds) FROM app_clock WHERE id = 1), interval '0') $$;
--> statement-breakpoint
-- The same clock as it is at this instant rather than when the transaction began (a bid's time).
CREATE OR REPLACE FUNCTION app_clock_timestamp() RETURNS timestamptz
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$ SELECT clock_timestamp() + coalesce((SELECT make_interval(secs => offset_seconds) FROM app_clock WHERE id = 1), interval '0') $$;
--> statement-breakpoint
ALTER TABLE "notices" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "bids" ALTER COLUMN "submitted_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "opening_witnesses" ALTER COLUMN "signed_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "openings" ALTER COLUMN "opened_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "scoring_results" ALTER COLUMN "finalised_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "title_zh" varchar(200);--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "content_zh" text;