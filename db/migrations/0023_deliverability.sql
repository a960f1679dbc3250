CREATE TYPE "public"."bounce_kind" AS ENUM('hard', 'soft', 'complaint');--> statement-breakpoint
CREATE TYPE "public"."suppression_reason" AS ENUM('hard-bounce', 'soft-bounce-limit', 'complaint');--> statement-breakpoint
ALTER TYPE "public"."consent_source" ADD VALUE 'complaint';--> statement-breakpoint
CREATE TABLE "bounce_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"email" text NOT NULL,
	"kind" "bounce_kind" NOT NULL,
	"source" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"outbox_message_id" uuid,
	"campaign_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "bounce_events_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
CREATE TABLE "bounce_mailbox_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" "suppression_reason" NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"campaign_id" uuid,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bounce_events_email_idx" ON "bounce_events" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "bounce_events_campaign_idx" ON "bounce_events" USING btree ("campaign_id","kind") WHERE "bounce_events"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_email_provider_idx" ON "outbox" USING btree ("provider_id") WHERE "outbox"."channel" = 'email';