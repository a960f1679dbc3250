ALTER TABLE "reservations" ADD COLUMN "arrived_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_arrived_seats_range" CHECK ("reservations"."arrived_seats" BETWEEN 0 AND "reservations"."seats");--> statement-breakpoint
-- A guest who gives back seats (a partial cancellation, a staff edit) after some have arrived
-- keeps at most as many arrivals as seats, so the constraint above never refuses the seat change.
CREATE FUNCTION "reservations_clamp_arrived_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."arrived_seats" := LEAST(NEW."arrived_seats", NEW."seats");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_arrivals_within_seats" BEFORE UPDATE OF "seats" ON "reservations"
  FOR EACH ROW WHEN (NEW."seats" < NEW."arrived_seats")
  EXECUTE FUNCTION "reservations_clamp_arrived_seats"();
