CREATE TYPE "public"."audio_action" AS ENUM('play', 'pause', 'ended');--> statement-breakpoint
CREATE TABLE "audio_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_email" text,
	"user_id" uuid,
	"track_src" text NOT NULL,
	"track_title" text NOT NULL,
	"action" "audio_action" NOT NULL,
	"position" double precision NOT NULL,
	"duration" double precision,
	"rid" text,
	"campaign" text,
	"anonymous_session_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audio_events_received_at_idx" ON "audio_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "audio_events_track_src_idx" ON "audio_events" USING btree ("track_src");--> statement-breakpoint
CREATE INDEX "audio_events_campaign_idx" ON "audio_events" USING btree ("campaign");