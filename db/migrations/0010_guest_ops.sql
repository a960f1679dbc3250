CREATE TYPE "public"."guest_token_purpose" AS ENUM('cancel-reservation', 'claim-offer', 'waiting-list-entry');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('waiting', 'offered', 'claimed', 'expired', 'left');--> statement-breakpoint
CREATE TABLE "guest_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" "guest_token_purpose" NOT NULL,
	"reservation_id" uuid,
	"waitlist_entry_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone" text,
	"seats" integer NOT NULL,
	"position" integer NOT NULL,
	"status" "waitlist_status" DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"reservation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_seats_range" CHECK ("waitlist_entries"."seats" BETWEEN 1 AND 10),
	CONSTRAINT "waitlist_entries_offer_has_expiry" CHECK ("waitlist_entries"."status" <> 'offered' OR "waitlist_entries"."offer_expires_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_tokens" ADD CONSTRAINT "guest_tokens_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_tokens" ADD CONSTRAINT "guest_tokens_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_tokens_reservation_idx" ON "guest_tokens" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "guest_tokens_expiry_idx" ON "guest_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_event_position_idx" ON "waitlist_entries" USING btree ("event_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_event_active_address_idx" ON "waitlist_entries" USING btree ("event_id","email_key") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("status","offer_expires_at");