CREATE TABLE "draw_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"position" integer NOT NULL,
	"member_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'asked' NOT NULL,
	"status_reason" text,
	"asked_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"application_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_category_id" integer,
	"place_id" integer NOT NULL,
	"reserves" integer NOT NULL,
	"candidates" jsonb NOT NULL,
	"list_text" text NOT NULL,
	"list_hash" varchar(64) NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"sealed_seed" text NOT NULL,
	"seed" varchar(64),
	"entropy" varchar(32),
	"order" jsonb,
	"status" varchar(20) DEFAULT 'scheduled' NOT NULL,
	"status_reason" text,
	"scheduled_by" integer NOT NULL,
	"witness_id" integer,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_picks" ADD CONSTRAINT "draw_picks_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_picks" ADD CONSTRAINT "draw_picks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_picks" ADD CONSTRAINT "draw_picks_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_picks" ADD CONSTRAINT "draw_picks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_witness_id_users_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_picks_rank_uq" ON "draw_picks" USING btree ("draw_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_picks_asked_uq" ON "draw_picks" USING btree ("draw_id") WHERE status = 'asked';--> statement-breakpoint
CREATE INDEX "draw_picks_company_idx" ON "draw_picks" USING btree ("company_id","asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_project_uq" ON "draws" USING btree ("project_id") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "draws_status_idx" ON "draws" USING btree ("status","id");--> statement-breakpoint
-- An installation seeded before draws: the statuses' dictionaries (a fresh database gets them from
-- the seed, which runs after the migrations).
INSERT INTO "dict_types" ("dict_type", "name", "name_zh")
SELECT v.dict_type, v.name, v.name_zh
FROM (VALUES ('draw_status', 'Pool draw status', '抽取状态'), ('pick_status', 'Drawn contractor answer', '抽中确认状态')) AS v(dict_type, name, name_zh)
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_types" t WHERE t."dict_type" = v.dict_type);--> statement-breakpoint
INSERT INTO "dict_data" ("dict_type", "value", "label", "label_zh", "list_class", "sort")
SELECT v.dict_type, v.value, v.label, v.label_zh, v.list_class, v.sort
FROM (VALUES
  ('draw_status', 'scheduled', 'Scheduled', '待抽取', 'warning', 1),
  ('draw_status', 'drawn', 'Drawn', '已抽取', 'primary', 2),
  ('draw_status', 'engaged', 'Contractor engaged', '已确定承包商', 'success', 3),
  ('draw_status', 'failed', 'No contractor', '无承包商确认', 'danger', 4),
  ('draw_status', 'cancelled', 'Cancelled', '已取消', 'default', 5),
  ('pick_status', 'asked', 'Awaiting answer', '待确认', 'warning', 1),
  ('pick_status', 'confirmed', 'Confirmed', '已确认', 'success', 2),
  ('pick_status', 'declined', 'Declined', '已放弃', 'danger', 3),
  ('pick_status', 'expired', 'No answer in time', '超时未确认', 'info', 4)
) AS v(dict_type, value, label, label_zh, list_class, sort)
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_data" d WHERE d."dict_type" = v.dict_type);
