ALTER TABLE "reservations" ADD COLUMN "visitor_email_key" text;--> statement-breakpoint
-- Existing reservations get the key normaliseAddress (app/modules/security/normalise-address.ts)
-- gives: trimmed, lower-cased, without +tag; Gmail without dots, googlemail.com read as gmail.com.
UPDATE "reservations" SET "visitor_email_key" = (
  WITH parts AS (
    SELECT split_part(lower(trim("visitor_email")), '@', 1) AS local, split_part(lower(trim("visitor_email")), '@', 2) AS domain
  ), untagged AS (
    SELECT CASE WHEN strpos(local, '+') > 1 THEN split_part(local, '+', 1) ELSE local END AS local, domain FROM parts
  )
  SELECT CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com' ELSE local || '@' || domain END
  FROM untagged
);--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "visitor_email_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_event_address_idx" ON "reservations" USING btree ("event_id","visitor_email_key");
