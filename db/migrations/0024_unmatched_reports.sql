CREATE TYPE "public"."unmatched_report_reason" AS ENUM('no-matching-message', 'recipient-mismatch', 'oversized');--> statement-breakpoint
CREATE TABLE "unmatched_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"source" text NOT NULL,
	"reason" "unmatched_report_reason" NOT NULL,
	"kind" "bounce_kind",
	"sender" text,
	"named_recipient" text,
	"size_bytes" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unmatched_reports_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
CREATE INDEX "unmatched_reports_received_idx" ON "unmatched_reports" USING btree ("received_at");