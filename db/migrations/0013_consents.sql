CREATE TYPE "public"."consent_purpose" AS ENUM('terms', 'privacy', 'email_updates', 'sms', 'newsletter', 'campaigns');--> statement-breakpoint
CREATE TYPE "public"."consent_source" AS ENUM('community_form', 'invitation_form', 'newsletter', 'profile');--> statement-breakpoint
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"purpose" "consent_purpose" NOT NULL,
	"text_version" text NOT NULL,
	"source" "consent_source" NOT NULL,
	"granted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email","purpose","created_at");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id") WHERE "consents"."user_id" is not null;--> statement-breakpoint
-- Consents given before this table existed, at the times already kept; the words they saw were not recorded.
INSERT INTO "consents" ("email", "purpose", "text_version", "source", "granted", "created_at")
SELECT lower(trim(c."email")), p."purpose"::"consent_purpose", 'unrecorded', 'community_form', true, c."consent_accepted_at"
FROM "community" c CROSS JOIN (VALUES ('terms'), ('privacy'), ('email_updates'), ('sms')) AS p("purpose");--> statement-breakpoint
INSERT INTO "consents" ("email", "purpose", "text_version", "source", "granted", "created_at")
SELECT lower(trim(u."email")), p."purpose"::"consent_purpose", 'unrecorded', 'invitation_form', true, u."terms_accepted_at"
FROM "user_profiles" u CROSS JOIN (VALUES ('terms'), ('privacy')) AS p("purpose")
WHERE u."terms_accepted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consents" ("email", "purpose", "text_version", "source", "granted", "created_at")
SELECT lower(trim("email")), 'sms', 'unrecorded', 'invitation_form', true, "sms_consent_at"
FROM "user_profiles" WHERE "sms_consent_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consents" ("email", "purpose", "text_version", "source", "granted", "created_at")
SELECT lower(trim("email")), 'email_updates', 'unrecorded', 'invitation_form', true, coalesce("terms_accepted_at", "created_at")
FROM "user_profiles" WHERE "email_updates";--> statement-breakpoint
INSERT INTO "consents" ("email", "purpose", "text_version", "source", "granted", "created_at")
SELECT lower(trim("email")), 'newsletter', 'unrecorded', 'newsletter', true, "created_at"
FROM "newsletter";
