DROP INDEX "projects_hall_type_model_idx";--> statement-breakpoint
DROP INDEX "projects_hall_published_idx";--> statement-breakpoint
CREATE INDEX "projects_hall_count_idx" ON "projects" USING btree ("type_id","model","status","published_at");--> statement-breakpoint
CREATE INDEX "projects_hall_type_model_idx" ON "projects" USING btree ("type_id","model","published_at","id");--> statement-breakpoint
CREATE INDEX "projects_hall_published_idx" ON "projects" USING btree ("published_at","id");