ALTER TABLE "notices" ADD COLUMN "company_id" integer;--> statement-breakpoint
CREATE INDEX "notices_company_idx" ON "notices" USING btree ("company_id","created_at");