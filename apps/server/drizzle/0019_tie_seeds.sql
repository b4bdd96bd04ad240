CREATE TABLE "project_tie_seeds" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"sealed_seed" text NOT NULL,
	"commitment" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_tie_seeds" ADD CONSTRAINT "project_tie_seeds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;