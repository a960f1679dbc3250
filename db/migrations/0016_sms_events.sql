CREATE TABLE "sms_events" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"keyword" text,
	"received_at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_events_phone_received_at" ON "sms_events" USING btree ("phone","received_at");