CREATE TABLE "ca_bindings" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject" varchar(1024) NOT NULL,
	"issuer" varchar(1024) NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT app_now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ca_challenges" (
	"na" varchar(43) PRIMARY KEY NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ca_bindings" ADD CONSTRAINT "ca_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ca_bindings_user_idx" ON "ca_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ca_challenges_expires_idx" ON "ca_challenges" USING btree ("expires_at");