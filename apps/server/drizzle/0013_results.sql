CREATE TABLE "objections" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"winner_application_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"confirmed_by" integer NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"canonical" text NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_passes" (
	"project_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"passed_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	CONSTRAINT "result_passes_project_id_application_id_pk" PRIMARY KEY("project_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "publicity_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_confirmations" ADD CONSTRAINT "result_confirmations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_confirmations" ADD CONSTRAINT "result_confirmations_winner_application_id_applications_id_fk" FOREIGN KEY ("winner_application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_confirmations" ADD CONSTRAINT "result_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_passes" ADD CONSTRAINT "result_passes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_passes" ADD CONSTRAINT "result_passes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "objections_once_uq" ON "objections" USING btree ("project_id","company_id");--> statement-breakpoint
CREATE INDEX "objections_project_idx" ON "objections" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "result_confirmations_project_idx" ON "result_confirmations" USING btree ("project_id","id");