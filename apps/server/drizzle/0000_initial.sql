CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"ancestors" text DEFAULT '' NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(12) DEFAULT 'department' NOT NULL,
	"leader" varchar(50),
	"phone" varchar(20),
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"contact_name" varchar(50),
	"indu_regi_no" varchar(50),
	"contact_tel" varchar(20),
	"bank_name" varchar(100),
	"account_no" varchar(30),
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"blacklist_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_name" varchar(100) NOT NULL,
	"depart_category" varchar(50) NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"tel" varchar(20) NOT NULL,
	"login_uid" varchar(30) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"types" smallint NOT NULL,
	"login_uid" varchar(30),
	"name" varchar(50) NOT NULL,
	"tel" varchar(20),
	"password_hash" text NOT NULL,
	"dept_id" integer,
	"company_id" integer,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"demo" smallint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_key" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"types" smallint DEFAULT 0 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"data_scope" varchar(1) DEFAULT '1' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_zh" varchar(50) DEFAULT '' NOT NULL,
	"menu_type" varchar(1) NOT NULL,
	"path" varchar(200) DEFAULT '' NOT NULL,
	"component" varchar(255),
	"query" varchar(255),
	"perms" varchar(100),
	"icon" varchar(100) DEFAULT '#' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"types" smallint DEFAULT 0 NOT NULL,
	"visible" varchar(1) DEFAULT '0' NOT NULL,
	"is_cache" varchar(1) DEFAULT '0' NOT NULL,
	"is_frame" varchar(1) DEFAULT '1' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"account_key" varchar(80) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signin_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"login_name" varchar(50) NOT NULL,
	"types" smallint NOT NULL,
	"method" varchar(20) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(255),
	"status" varchar(1) NOT NULL,
	"msg" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tel" varchar(20) NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"tel" varchar(20) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"label" varchar(100) NOT NULL,
	"label_zh" varchar(100) DEFAULT '' NOT NULL,
	"value" varchar(100) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"list_class" varchar(20) DEFAULT 'default' NOT NULL,
	"css_class" varchar(100) DEFAULT '' NOT NULL,
	"is_default" varchar(1) DEFAULT 'N' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_type" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_zh" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "config_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_key" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"value" varchar(500) NOT NULL,
	"value_type" varchar(10) DEFAULT 'string' NOT NULL,
	"scope" varchar(10) DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"stored_name" varchar(80) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"uploaded_by" integer NOT NULL,
	"company_id" integer,
	"record_type" varchar(40),
	"record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"notice_type" varchar(20) NOT NULL,
	"audience" varchar(10) DEFAULT 'all' NOT NULL,
	"content" text NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"project_id" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_name" varchar(50),
	"types" smallint,
	"title" varchar(200) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(255) NOT NULL,
	"ip" varchar(64),
	"status" varchar(1) NOT NULL,
	"result_code" integer NOT NULL,
	"error_msg" varchar(255),
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "depart_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_zh" varchar(50) DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"ancestors" text DEFAULT '0' NOT NULL,
	"code" varchar(12),
	"name" varchar(50) NOT NULL,
	"name_zh" varchar(50) DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"model" smallint NOT NULL,
	"signup_days" integer NOT NULL,
	"bid_window_days" integer NOT NULL,
	"publicity_days" integer NOT NULL,
	"required_documents" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_zh" varchar(50) DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_zh" varchar(50) DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_follows" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_follows_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(200) NOT NULL,
	"owner_dept_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"type_id" integer NOT NULL,
	"sub_category_id" integer,
	"place_id" integer NOT NULL,
	"budget" bigint NOT NULL,
	"model" smallint NOT NULL,
	"min_participants" integer NOT NULL,
	"guarantee_required" boolean DEFAULT false NOT NULL,
	"guarantee_amount" bigint DEFAULT 0 NOT NULL,
	"signup_start" timestamp with time zone NOT NULL,
	"bid_deadline" timestamp with time zone NOT NULL,
	"opening_at" timestamp with time zone NOT NULL,
	"publicity_days" integer NOT NULL,
	"qualification" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_tel" varchar(30) DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"reissued_from" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_trail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" varchar(60) NOT NULL,
	"subject_type" varchar(30) NOT NULL,
	"subject_id" integer NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(50),
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_settings" ADD CONSTRAINT "process_settings_type_id_project_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD CONSTRAINT "sub_categories_type_id_project_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_follows" ADD CONSTRAINT "project_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_follows" ADD CONSTRAINT "project_follows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_dept_id_departments_id_fk" FOREIGN KEY ("owner_dept_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_type_id_project_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_uq" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_credit_code_uq" ON "companies" USING btree ("credit_code");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_account_no_uq" ON "companies" USING btree ("account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_uid_uq" ON "users" USING btree ("login_uid") WHERE "users"."login_uid" is not null and "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_types_tel_uq" ON "users" USING btree ("types","tel") WHERE "users"."tel" is not null and "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_key_uq" ON "roles" USING btree ("role_key");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signin_log_created_idx" ON "signin_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_tel_idx" ON "sms_codes" USING btree ("tel","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_tel_idx" ON "sms_outbox" USING btree ("tel");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_data_type_value_uq" ON "dict_data" USING btree ("dict_type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_types_type_uq" ON "dict_types" USING btree ("dict_type");--> statement-breakpoint
CREATE UNIQUE INDEX "config_params_key_uq" ON "config_params" USING btree ("config_key");--> statement-breakpoint
CREATE INDEX "files_record_idx" ON "files" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "notices_project_idx" ON "notices" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "notices_public_idx" ON "notices" USING btree ("audience","status","created_at");--> statement-breakpoint
CREATE INDEX "operation_log_created_idx" ON "operation_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "process_settings_type_model_uq" ON "process_settings" USING btree ("type_id","model");--> statement-breakpoint
CREATE UNIQUE INDEX "project_types_code_uq" ON "project_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_uq" ON "projects" USING btree ("code");--> statement-breakpoint
CREATE INDEX "projects_hall_idx" ON "projects" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_dept_id","status");--> statement-breakpoint
CREATE INDEX "projects_deadline_idx" ON "projects" USING btree ("status","bid_deadline");--> statement-breakpoint
CREATE INDEX "projects_type_model_published_idx" ON "projects" USING btree ("type_id","model","published_at");--> statement-breakpoint
CREATE INDEX "projects_place_idx" ON "projects" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "audit_trail_subject_idx" ON "audit_trail" USING btree ("subject_type","subject_id");