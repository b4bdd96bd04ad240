CREATE TABLE "panel_draws" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"sealed_seed" text NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"experts" integer,
	"candidates" jsonb,
	"list_text" text,
	"list_hash" varchar(64),
	"entropy" varchar(32),
	"seed" varchar(64),
	"order" jsonb,
	"owner_reps" jsonb,
	"drawn_by" integer,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"type_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	"employer" text DEFAULT '' NOT NULL,
	"employer_credit_code" varchar(18),
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(12) NOT NULL,
	"company_id" integer,
	"first_seen_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "live_presence_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "panel_draws" ADD CONSTRAINT "panel_draws_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_draws" ADD CONSTRAINT "panel_draws_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_type_id_project_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experts_uq" ON "experts" USING btree ("user_id","type_id");--> statement-breakpoint
CREATE INDEX "experts_draw_idx" ON "experts" USING btree ("type_id","status","place_id");--> statement-breakpoint
CREATE INDEX "live_presence_seen_idx" ON "live_presence" USING btree ("project_id","last_seen_at");--> statement-breakpoint
-- An installation seeded before the expert pool: the expert statuses' dictionary, the expert role
-- with the scoring page, and the expert pool's buttons on the pool members' page (a fresh database
-- gets them from the seed, which runs after the migrations).
INSERT INTO "dict_types" ("dict_type", "name", "name_zh")
SELECT 'expert_status', 'Expert status', '专家状态'
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'expert_status');--> statement-breakpoint
INSERT INTO "dict_data" ("dict_type", "value", "label", "label_zh", "list_class", "sort")
SELECT 'expert_status', v.value, v.label, v.label_zh, v.list_class, v.sort
FROM (VALUES ('active', 'Active', '正常', 'success', 1), ('suspended', 'Suspended', '已暂停', 'danger', 2)) AS v(value, label, label_zh, list_class, sort)
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_data" WHERE "dict_type" = 'expert_status');--> statement-breakpoint
INSERT INTO "roles" ("role_key", "name", "types", "order_num", "data_scope")
SELECT 'expert', 'Evaluation expert', 0, 8, '5'
WHERE EXISTS (SELECT 1 FROM "roles" WHERE "role_key" = 'admin')
  AND NOT EXISTS (SELECT 1 FROM "roles" WHERE "role_key" = 'expert');--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "name_zh", "menu_type", "perms", "order_num", "types")
SELECT m.id, b.name, b.name_zh, 'F', b.perms, b.ord, 0
FROM (VALUES ('Experts', '专家库', 'pool:expert:list', 10), ('Query', '查询', 'pool:expert:query', 11), ('Add', '新增', 'pool:expert:add', 12), ('Edit', '修改', 'pool:expert:edit', 13), ('Delete', '删除', 'pool:expert:remove', 14), ('Export', '导出', 'pool:expert:export', 15)) AS b(name, name_zh, perms, ord)
JOIN "menus" m ON m."menu_type" = 'C' AND m."perms" = 'pool:member:list'
WHERE NOT EXISTS (SELECT 1 FROM "menus" WHERE "perms" = b.perms);--> statement-breakpoint
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT r.id, m.id
FROM "roles" r JOIN "menus" m ON m.id IN (
  SELECT p.id FROM "menus" p WHERE p."menu_type" = 'C' AND p."perms" = 'selection:score:list'
  UNION SELECT p."parent_id" FROM "menus" p WHERE p."menu_type" = 'C' AND p."perms" = 'selection:score:list'
  UNION SELECT b.id FROM "menus" b WHERE b."menu_type" = 'F' AND b."perms" = 'selection:score:edit'
)
WHERE r."role_key" = 'expert'
ON CONFLICT DO NOTHING;
