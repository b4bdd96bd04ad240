CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"route" varchar(300) NOT NULL,
	"key" varchar(100) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"status" smallint,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_route_key_pk" PRIMARY KEY("user_id","route","key")
);
