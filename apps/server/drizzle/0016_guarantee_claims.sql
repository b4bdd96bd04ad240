CREATE TABLE "guarantee_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_no" varchar(30) NOT NULL,
	"order_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"dept_id" integer,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'filed' NOT NULL,
	"status_reason" text,
	"filed_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "guarantee_order_id" integer;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_order_id_guarantee_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."guarantee_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guarantee_claims_no_uq" ON "guarantee_claims" USING btree ("claim_no");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantee_claims_open_uq" ON "guarantee_claims" USING btree ("order_id") WHERE status = 'filed';--> statement-breakpoint
CREATE INDEX "guarantee_claims_status_idx" ON "guarantee_claims" USING btree ("status","id");--> statement-breakpoint
-- An installation seeded before claims: the claim statuses' dictionary and the two new buttons
-- (a fresh database gets them from the seed, which runs after the migrations).
INSERT INTO "dict_types" ("dict_type", "name", "name_zh")
SELECT 'claim_status', 'Guarantee claim status', '保函索赔状态'
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'claim_status');--> statement-breakpoint
INSERT INTO "dict_data" ("dict_type", "value", "label", "label_zh", "list_class", "sort")
SELECT 'claim_status', v.value, v.label, v.label_zh, v.list_class, v.sort
FROM (VALUES ('filed', 'Filed', '待处理', 'warning', 1), ('paid', 'Paid', '已赔付', 'danger', 2), ('refused', 'Refused', '已拒赔', 'info', 3)) AS v(value, label, label_zh, list_class, sort)
WHERE EXISTS (SELECT 1 FROM "dict_types" WHERE "dict_type" = 'order_status')
  AND NOT EXISTS (SELECT 1 FROM "dict_data" WHERE "dict_type" = 'claim_status');--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "name", "name_zh", "menu_type", "perms", "order_num", "types")
SELECT m.id, b.name, b.name_zh, 'F', b.perms, 9, 0
FROM (VALUES ('bid:apply:list', 'Claim on a guarantee', '保函索赔', 'bid:apply:claim'), ('guarantee:letter:list', 'Settle claims', '理赔处理', 'guarantee:letter:claim')) AS b(page, name, name_zh, perms)
JOIN "menus" m ON m."menu_type" = 'C' AND m."perms" = b.page
WHERE NOT EXISTS (SELECT 1 FROM "menus" WHERE "perms" = b.perms);--> statement-breakpoint
INSERT INTO "role_menus" ("role_id", "menu_id")
SELECT r.id, m.id
FROM "menus" m JOIN "roles" r ON (m."perms" = 'bid:apply:claim' AND r."role_key" = 'owner') OR (m."perms" = 'guarantee:letter:claim' AND r."role_key" = 'guarantor')
ON CONFLICT DO NOTHING;
