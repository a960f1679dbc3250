ALTER TABLE "campaigns" ADD COLUMN "send_fingerprint" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "grants_music_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_send_fingerprint_idx" ON "campaigns" USING btree ("send_fingerprint","created_at");