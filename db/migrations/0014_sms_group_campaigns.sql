CREATE TYPE "public"."campaign_channel" AS ENUM('email', 'sms');--> statement-breakpoint
ALTER TYPE "public"."campaign_recipient_status" ADD VALUE 'delivered';--> statement-breakpoint
ALTER TYPE "public"."campaign_status" ADD VALUE 'scheduled';--> statement-breakpoint
ALTER TABLE "campaign_recipients" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "channel" "campaign_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_phone_key" ON "campaign_recipients" USING btree ("campaign_id","phone");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_address" CHECK ("campaign_recipients"."email" is not null or "campaign_recipients"."phone" is not null);