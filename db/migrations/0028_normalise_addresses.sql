-- ---------------------------------------------------------------------------------------------
-- Hand-written data migration (docs/decisions/061, "One e-mail address"): every stored e-mail
-- address takes the one form the code now writes, normaliseEmailAddress (app/lib/email-address.ts):
-- trimmed of the white space JavaScript's trim() removes, then lower-cased. No schema change; the
-- helper function below lives only for the length of this migration.
--
-- Columns without a unique index are simply rewritten. Where a unique index would refuse two rows
-- that now spell the same address, the collision rule: of each group of rows sharing a normalised
-- address (per campaign for campaign_recipients), ONE row takes the normalised spelling: the row
-- that already holds the index's key for it if there is one (e.g. 'Ada@Example.com' under
-- lower(email), or 'ada@example.com' under email), else the oldest (created_at, then id or
-- address). The others keep their spelling as typed: nothing is deleted or merged, so the migration
-- never fails on real data, and staff can still see and tidy such rows. Lookups, which now compare
-- the normalised form, find the row that took it.
--
-- lower() follows the database's locale for letters beyond ASCII, as the lower(email) indexes
-- always have; JavaScript's toLowerCase() may differ there for an address with such letters.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION "normalise_email_address_0028"("address" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(btrim("address", E' \t\n\r\f\x0b\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'))
$$;
--> statement-breakpoint
UPDATE "outbox" SET "recipient" = "normalise_email_address_0028"("recipient") WHERE "channel" = 'email' AND "recipient" <> "normalise_email_address_0028"("recipient");
--> statement-breakpoint
UPDATE "consents" SET "email" = "normalise_email_address_0028"("email") WHERE "email" <> "normalise_email_address_0028"("email");
--> statement-breakpoint
UPDATE "unsubscribe_tokens" SET "email" = "normalise_email_address_0028"("email") WHERE "email" <> "normalise_email_address_0028"("email");
--> statement-breakpoint
UPDATE "invitations" SET "email" = "normalise_email_address_0028"("email") WHERE "email" <> "normalise_email_address_0028"("email");
--> statement-breakpoint
UPDATE "reservations" SET "visitor_email" = "normalise_email_address_0028"("visitor_email") WHERE "visitor_email" IS NOT NULL AND "visitor_email" <> "normalise_email_address_0028"("visitor_email");
--> statement-breakpoint
UPDATE "waitlist_entries" SET "email" = "normalise_email_address_0028"("email") WHERE "email" <> "normalise_email_address_0028"("email");
--> statement-breakpoint
UPDATE "bounce_events" SET "email" = "normalise_email_address_0028"("email") WHERE "email" <> "normalise_email_address_0028"("email");
--> statement-breakpoint
-- newsletter: unique on lower("email").
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY (lower("email") = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "newsletter"
)
UPDATE "newsletter" SET "email" = "normalise_email_address_0028"("newsletter"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "newsletter"."id" AND "ranked"."place" = 1 AND "newsletter"."email" <> "normalise_email_address_0028"("newsletter"."email");
--> statement-breakpoint
-- waitlist: unique on lower("email").
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY (lower("email") = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "waitlist"
)
UPDATE "waitlist" SET "email" = "normalise_email_address_0028"("waitlist"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "waitlist"."id" AND "ranked"."place" = 1 AND "waitlist"."email" <> "normalise_email_address_0028"("waitlist"."email");
--> statement-breakpoint
-- community: unique on lower("email").
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY (lower("email") = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "community"
)
UPDATE "community" SET "email" = "normalise_email_address_0028"("community"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "community"."id" AND "ranked"."place" = 1 AND "community"."email" <> "normalise_email_address_0028"("community"."email");
--> statement-breakpoint
-- user_profiles: unique on lower("email").
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY (lower("email") = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "user_profiles"
)
UPDATE "user_profiles" SET "email" = "normalise_email_address_0028"("user_profiles"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "user_profiles"."id" AND "ranked"."place" = 1 AND "user_profiles"."email" <> "normalise_email_address_0028"("user_profiles"."email");
--> statement-breakpoint
-- music_access: unique on lower("email").
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY (lower("email") = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "music_access"
)
UPDATE "music_access" SET "email" = "normalise_email_address_0028"("music_access"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "music_access"."id" AND "ranked"."place" = 1 AND "music_access"."email" <> "normalise_email_address_0028"("music_access"."email");
--> statement-breakpoint
-- user: unique on "email".
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY ("email" = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "user"
)
UPDATE "user" SET "email" = "normalise_email_address_0028"("user"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "user"."id" AND "ranked"."place" = 1 AND "user"."email" <> "normalise_email_address_0028"("user"."email");
--> statement-breakpoint
-- unsubscribes: unique on "email".
WITH "ranked" AS (
  SELECT "email" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY ("email" = "normalise_email_address_0028"("email")) DESC, "created_at", "email") AS "place"
  FROM "unsubscribes"
)
UPDATE "unsubscribes" SET "email" = "normalise_email_address_0028"("unsubscribes"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "unsubscribes"."email" AND "ranked"."place" = 1 AND "unsubscribes"."email" <> "normalise_email_address_0028"("unsubscribes"."email");
--> statement-breakpoint
-- suppressions: unique on "email".
WITH "ranked" AS (
  SELECT "email" AS "row_key", row_number() OVER (PARTITION BY "normalise_email_address_0028"("email") ORDER BY ("email" = "normalise_email_address_0028"("email")) DESC, "created_at", "email") AS "place"
  FROM "suppressions"
)
UPDATE "suppressions" SET "email" = "normalise_email_address_0028"("suppressions"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "suppressions"."email" AND "ranked"."place" = 1 AND "suppressions"."email" <> "normalise_email_address_0028"("suppressions"."email");
--> statement-breakpoint
-- campaign_recipients: unique on "email" per campaign.
WITH "ranked" AS (
  SELECT "id" AS "row_key", row_number() OVER (PARTITION BY "campaign_id", "normalise_email_address_0028"("email") ORDER BY ("email" = "normalise_email_address_0028"("email")) DESC, "created_at", "id") AS "place"
  FROM "campaign_recipients" WHERE "email" IS NOT NULL
)
UPDATE "campaign_recipients" SET "email" = "normalise_email_address_0028"("campaign_recipients"."email")
FROM "ranked"
WHERE "ranked"."row_key" = "campaign_recipients"."id" AND "ranked"."place" = 1 AND "campaign_recipients"."email" <> "normalise_email_address_0028"("campaign_recipients"."email");
--> statement-breakpoint
DROP FUNCTION "normalise_email_address_0028"(text);
