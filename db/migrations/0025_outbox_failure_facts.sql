ALTER TABLE "outbox" ADD COLUMN "failure_stage" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failure_reply_code" smallint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failure_enhanced_code" text;