CREATE TABLE "sms_monthly_counts" (
	"phone" text NOT NULL,
	"month" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_monthly_counts_phone_month_pk" PRIMARY KEY("phone","month")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_sms_provider_idx" ON "outbox" USING btree ("provider_id") WHERE "outbox"."channel" = 'sms';