ALTER TABLE "campaigns" ADD COLUMN "send_fingerprint" text;--> statement-breakpoint
CREATE INDEX "campaigns_send_fingerprint_idx" ON "campaigns" USING btree ("send_fingerprint","created_at");