DROP INDEX "projects_type_model_published_idx";--> statement-breakpoint
CREATE INDEX "projects_hall_type_model_idx" ON "projects" USING btree ("type_id","model","published_at","id","status");--> statement-breakpoint
CREATE INDEX "projects_hall_published_idx" ON "projects" USING btree ("published_at","id","status");