CREATE TABLE "scores" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"criterion" integer NOT NULL,
	"score" numeric(6, 2) NOT NULL,
	CONSTRAINT "scores_project_id_user_id_bid_id_criterion_pk" PRIMARY KEY("project_id","user_id","bid_id","criterion")
);
--> statement-breakpoint
CREATE TABLE "scoring_panel" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "scoring_panel_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scoring_results" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"finalised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalised_by" integer NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_types" ADD COLUMN "price_weight" smallint DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_types" ADD COLUMN "score_criteria" jsonb DEFAULT '[{"name":"Technical approach","nameZh":"技术方案","max":40},{"name":"Schedule and resources","nameZh":"工期与资源","max":30},{"name":"Quality and safety","nameZh":"质量与安全","max":30}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_panel" ADD CONSTRAINT "scoring_panel_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_panel" ADD CONSTRAINT "scoring_panel_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_results" ADD CONSTRAINT "scoring_results_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_results" ADD CONSTRAINT "scoring_results_finalised_by_users_id_fk" FOREIGN KEY ("finalised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;