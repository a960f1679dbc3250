ALTER TYPE "public"."consent_source" ADD VALUE 'reservation_form';--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "visitor_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "visitor_email_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "community" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
-- Sign-ups before this migration ticked one box that bundled Terms, e-mail and SMS: their SMS consent stands, from that time.
UPDATE "community" SET "sms_consent_at" = "consent_accepted_at";
