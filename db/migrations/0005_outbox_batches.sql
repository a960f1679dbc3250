ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "locked_by" text;--> statement-breakpoint
CREATE INDEX "outbox_claim_idx" ON "outbox" USING btree ("priority","next_attempt_at") WHERE "outbox"."status" in ('pending', 'sending');--> statement-breakpoint
-- Rows an older version left 'sending' keep that version's 10-minute grace as their lease, so a
-- sender that may still be running is not raced by the new claim.
UPDATE "outbox" SET "locked_until" = "updated_at" + interval '10 minutes' WHERE "status" = 'sending';
