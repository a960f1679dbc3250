-- One event lifecycle, draft | published | archived, and date order with the featured pin
-- (docs/decisions/041). What the spec called 'deleted' (is_active false) becomes archived, whatever
-- its status was; the hand-kept display_order goes: listings read the date.
-- The enum is swapped rather than extended: a value added by ALTER TYPE … ADD VALUE cannot be used
-- in the transaction that adds it, and the migrator runs pending migrations in one transaction.
ALTER TYPE "public"."event_status" RENAME TO "event_status_before_archive";--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
DROP INDEX "events_listing_idx";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "status" SET DATA TYPE "public"."event_status" USING (CASE WHEN NOT "is_active" THEN 'archived' ELSE "status"::text END)::"public"."event_status";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
DROP TYPE "public"."event_status_before_archive";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "display_order";--> statement-breakpoint
CREATE INDEX "events_listing_idx" ON "events" USING btree ("status","starts_at");
