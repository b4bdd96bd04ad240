CREATE TABLE "pool_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_category_id" integer,
	"place_id" integer NOT NULL,
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
CREATE TABLE "pool_publicities" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"member_ids" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_type_id_project_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_members" ADD CONSTRAINT "pool_members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_publicities" ADD CONSTRAINT "pool_publicities_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_publicities" ADD CONSTRAINT "pool_publicities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pool_members_uq" ON "pool_members" USING btree ("company_id","type_id","place_id");--> statement-breakpoint
CREATE INDEX "pool_members_draw_idx" ON "pool_members" USING btree ("type_id","status","place_id");--> statement-breakpoint
-- An installation seeded before the pool: the pool member statuses' dictionary (a fresh database
-- gets it from the seed, which runs after the migrations).
INSERT INTO "dict_types" ("dict_type", "name", "name_zh")
SELECT 'pool_member_status', 'Pool member status', '入库状态'
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'pool_member_status');--> statement-breakpoint
INSERT INTO "dict_data" ("dict_type", "value", "label", "label_zh", "list_class", "sort")
SELECT 'pool_member_status', v.value, v.label, v.label_zh, v.list_class, v.sort
FROM (VALUES ('active', 'Active', '正常', 'success', 1), ('suspended', 'Suspended', '已暂停', 'danger', 2)) AS v(value, label, label_zh, list_class, sort)
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_data" WHERE "dict_type" = 'pool_member_status');
