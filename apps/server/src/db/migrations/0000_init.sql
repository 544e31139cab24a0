CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"email_address" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"token_expires_at" timestamp with time zone,
	"access_token" text,
	"refresh_token" text,
	"last_sync_at" timestamp with time zone,
	"scopes" text[],
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_integrations_check_provider" CHECK ("email_integrations"."provider" in ('office365', 'gmail'))
);
--> statement-breakpoint
CREATE TABLE "notification_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source_type" text DEFAULT 'email' NOT NULL,
	"source_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sync_enabled" boolean DEFAULT true NOT NULL,
	"sync_interval_minutes" integer DEFAULT 1 NOT NULL,
	"peak_hours_interval_minutes" integer DEFAULT 1 NOT NULL,
	"off_peak_interval_minutes" integer DEFAULT 3 NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"email" text,
	"avatar_url" text,
	"job_title" text,
	"handle" text,
	"capacity_hours" integer DEFAULT 40 NOT NULL,
	"notification_settings" jsonb DEFAULT '{"email":true,"push":true,"mentions":true}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_check_capacity_hours" CHECK ("profiles"."capacity_hours" between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "triage_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"from_address" text,
	"subject" text,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text DEFAULT 'email' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"avatar" text,
	"status" text DEFAULT 'inbox' NOT NULL,
	"email_message_id" text,
	"email_integration_id" uuid,
	"email_thread_id" text,
	"notification_type" text DEFAULT 'email' NOT NULL,
	"notification_source_id" uuid,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"preview_content" text,
	"extracted_references" text,
	"sync_priority" integer DEFAULT 5 NOT NULL,
	"last_sync_attempt_at" timestamp with time zone,
	"sync_error_count" integer DEFAULT 0 NOT NULL,
	"sync_error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_key" text GENERATED ALWAYS AS (coalesce(email_thread_id, 'single-' || id::text)) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(subject, '') || ' ' || coalesce(from_address, '') || ' ' || coalesce(email_message_id, '') || ' ' || coalesce(email_thread_id, '') || ' ' || coalesce(preview_content, '') || ' ' || coalesce(extracted_references, '') || ' ' || metadata::text)) STORED,
	CONSTRAINT "triage_items_check_status" CHECK ("triage_items"."status" in ('inbox', 'later', 'low_priority', 'scheduled', 'sent', 'cleared', 'drafts')),
	CONSTRAINT "triage_items_check_type" CHECK ("triage_items"."type" in ('email', 'mention', 'notification')),
	CONSTRAINT "triage_items_check_sync_priority" CHECK ("triage_items"."sync_priority" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_integrations" ADD CONSTRAINT "email_integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sources" ADD CONSTRAINT "notification_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_items" ADD CONSTRAINT "triage_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_items" ADD CONSTRAINT "triage_items_email_integration_id_email_integrations_id_fk" FOREIGN KEY ("email_integration_id") REFERENCES "public"."email_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_items" ADD CONSTRAINT "triage_items_notification_source_id_notification_sources_id_fk" FOREIGN KEY ("notification_source_id") REFERENCES "public"."notification_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_integrations_user_mailbox_key" ON "email_integrations" USING btree ("user_id","provider",lower("email_address"));--> statement-breakpoint
CREATE INDEX "email_integrations_user_created_idx" ON "email_integrations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_sources_user_priority_idx" ON "notification_sources" USING btree ("user_id","priority" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "triage_items_integration_message_key" ON "triage_items" USING btree ("email_integration_id","email_message_id");--> statement-breakpoint
CREATE INDEX "triage_items_user_time_idx" ON "triage_items" USING btree ("user_id","time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "triage_items_user_thread_idx" ON "triage_items" USING btree ("user_id","thread_key");--> statement-breakpoint
CREATE INDEX "triage_items_thread_id_idx" ON "triage_items" USING btree ("email_thread_id");--> statement-breakpoint
CREATE INDEX "triage_items_search_trgm_idx" ON "triage_items" USING gin ("search_text" gin_trgm_ops);