CREATE TABLE "guarantee_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(30) NOT NULL,
	"company_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"premium_fen" bigint NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"voucher" varchar(64),
	"voucher_at" timestamp with time zone,
	"refund_fen" bigint,
	"created_by" integer NOT NULL,
	"decided_by" integer,
	"paid_at" timestamp with time zone,
	"letter_no" varchar(40),
	"verify_code" varchar(8),
	"letter_file" varchar(64),
	"letter_sha256" varchar(64),
	"valid_from" date,
	"valid_to" date,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guarantee_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_zh" varchar(100) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"rate_tiers" jsonb NOT NULL,
	"min_premium_fen" bigint NOT NULL,
	"validity_days" integer NOT NULL,
	"auto_approve_limit_fen" bigint NOT NULL,
	"template_id" integer NOT NULL,
	"on_shelf" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"letterhead" varchar(64),
	"seal" varchar(64),
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guarantee_orders" ADD CONSTRAINT "guarantee_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_orders" ADD CONSTRAINT "guarantee_orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_orders" ADD CONSTRAINT "guarantee_orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_orders" ADD CONSTRAINT "guarantee_orders_product_id_guarantee_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."guarantee_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_orders" ADD CONSTRAINT "guarantee_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_orders" ADD CONSTRAINT "guarantee_orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantee_products" ADD CONSTRAINT "guarantee_products_template_id_letter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."letter_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guarantee_orders_no_uq" ON "guarantee_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantee_orders_letter_uq" ON "guarantee_orders" USING btree ("letter_no");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantee_orders_live_uq" ON "guarantee_orders" USING btree ("application_id","kind") WHERE status in ('draft', 'submitted', 'awaiting_payment', 'paid', 'underwriting', 'issued');--> statement-breakpoint
CREATE INDEX "guarantee_orders_company_idx" ON "guarantee_orders" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "guarantee_orders_status_idx" ON "guarantee_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "guarantee_orders_sha_idx" ON "guarantee_orders" USING btree ("letter_sha256");--> statement-breakpoint
CREATE INDEX "guarantee_products_shelf_idx" ON "guarantee_products" USING btree ("on_shelf","kind");--> statement-breakpoint
-- The voucher awaits finance's confirmation: the status reads so in databases seeded before.
UPDATE "dict_data" SET "label" = 'Payment to confirm', "label_zh" = '待确认收款' WHERE "dict_type" = 'order_status' AND "value" = 'awaiting_payment' AND "label" = 'Awaiting payment';
