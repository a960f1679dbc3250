CREATE TYPE "public"."campaign_recipient_status" AS ENUM('queued', 'sent', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'sending', 'paused', 'cancelled', 'completed');--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"status" "campaign_recipient_status" DEFAULT 'queued' NOT NULL,
	"outbox_message_id" uuid,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribe_token_hash" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"tag" text NOT NULL,
	"subject" text NOT NULL,
	"body_markdown" text NOT NULL,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"created_by_user_id" text,
	"created_by_email" text NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"campaign_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_email_key" ON "campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "campaign_recipients_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id") WHERE "campaign_recipients"."outbox_message_id" is null and "campaign_recipients"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_link_key" ON "campaign_recipients" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_unsubscribe_key" ON "campaign_recipients" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_campaign_idx" ON "outbox" USING btree ("campaign_id","status") WHERE "outbox"."campaign_id" is not null;