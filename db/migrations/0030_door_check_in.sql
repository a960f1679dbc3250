CREATE TABLE "door_taps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"reservation_id" uuid,
	"kind" text NOT NULL,
	"seats" integer,
	"tapped_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" text NOT NULL,
	"outcome" text NOT NULL,
	"arrived_after" integer,
	CONSTRAINT "door_taps_kind" CHECK ("door_taps"."kind" IN ('arrive', 'undo', 'walk-in'))
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "first_arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "first_arrived_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "ticket_ref" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "door_taps" ADD CONSTRAINT "door_taps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_taps" ADD CONSTRAINT "door_taps_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "door_taps_event_idx" ON "door_taps" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_ticket_ref_idx" ON "reservations" USING btree ("ticket_ref");