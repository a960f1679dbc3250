ALTER TABLE "events" DROP CONSTRAINT "events_seats_taken_within_max";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "door_extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "door_taps" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_door_extra_seats_not_negative" CHECK ("events"."door_extra_seats" >= 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_seats_taken_within_max" CHECK ("events"."max_seats" IS NULL OR "events"."seats_taken" <= "events"."max_seats" + "events"."door_extra_seats");