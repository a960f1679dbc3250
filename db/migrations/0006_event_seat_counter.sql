ALTER TABLE "events" ADD COLUMN "seats_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing events start from the seats their reservations hold (docs/decisions/018).
UPDATE "events" SET "seats_taken" = "held"."seats" FROM (
  SELECT "event_id", sum("seats")::int AS "seats" FROM "reservations" GROUP BY "event_id"
) AS "held" WHERE "held"."event_id" = "events"."id";--> statement-breakpoint
-- An event already holding more seats than max_seats (capacity lowered after reservations were
-- made) would fail the constraint below. The counter stays the truth; the event's capacity is
-- raised to what it holds and it is flagged sold out, so it still takes no reservation (as
-- before) and deleting a reservation does not silently reopen seats staff had taken away.
UPDATE "events" SET "max_seats" = "seats_taken", "sold_out" = true, "updated_at" = now()
  WHERE "max_seats" IS NOT NULL AND "seats_taken" > "max_seats";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_seats_taken_within_max" CHECK ("events"."max_seats" IS NULL OR "events"."seats_taken" <= "events"."max_seats");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_seats_taken_not_negative" CHECK ("events"."seats_taken" >= 0);--> statement-breakpoint
-- Seats come back when a reservation goes (a staff delete, or any future path) or its seats or
-- event change. Inserts are not counted here: reserveSeats raises the counter itself with the
-- conditional UPDATE that decides whether the seats fit (a trigger would count them twice).
CREATE FUNCTION "reservations_keep_seats_taken"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "events" SET "seats_taken" = "seats_taken" - OLD."seats" WHERE "id" = OLD."event_id";
    RETURN OLD;
  END IF;
  IF OLD."event_id" = NEW."event_id" THEN
    UPDATE "events" SET "seats_taken" = "seats_taken" - OLD."seats" + NEW."seats" WHERE "id" = NEW."event_id";
  ELSE
    UPDATE "events" SET "seats_taken" = "seats_taken" - OLD."seats" WHERE "id" = OLD."event_id";
    UPDATE "events" SET "seats_taken" = "seats_taken" + NEW."seats" WHERE "id" = NEW."event_id";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_seats_released" AFTER DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservations_keep_seats_taken"();--> statement-breakpoint
CREATE TRIGGER "reservations_seats_changed" AFTER UPDATE OF "seats", "event_id" ON "reservations"
  FOR EACH ROW WHEN (OLD."seats" IS DISTINCT FROM NEW."seats" OR OLD."event_id" IS DISTINCT FROM NEW."event_id")
  EXECUTE FUNCTION "reservations_keep_seats_taken"();--> statement-breakpoint
-- The reservation form's one-time key (a retry of one submission finds its reservation).
ALTER TABLE "reservations" ADD COLUMN "submission_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_event_submission_key_idx" ON "reservations" USING btree ("event_id","submission_key");
