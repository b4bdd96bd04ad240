CREATE TABLE "acceptances" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"inspected_on" date NOT NULL,
	"conclusion" varchar(10) NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT app_now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_contracts" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"contract_no" varchar(50) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"signed_on" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT app_now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"award_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"bands" jsonb NOT NULL,
	"status" varchar(20) NOT NULL,
	"voucher" varchar(64),
	"voucher_at" timestamp with time zone,
	"reject_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"notice_no" varchar(30),
	"notice_file" varchar(64),
	"notice_sha256" varchar(64),
	"notice_bytes" integer,
	"notice_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acceptances" ADD CONSTRAINT "acceptances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acceptances" ADD CONSTRAINT "acceptances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_fees" ADD CONSTRAINT "service_fees_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_fees_project_uq" ON "service_fees" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_fees_notice_uq" ON "service_fees" USING btree ("notice_no");--> statement-breakpoint
CREATE INDEX "service_fees_status_idx" ON "service_fees" USING btree ("status","id");