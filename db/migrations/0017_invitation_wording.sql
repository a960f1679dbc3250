CREATE TABLE "invitation_wordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"intro" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendee_imports" ADD COLUMN "preview" jsonb;--> statement-breakpoint
ALTER TABLE "attendee_imports" ADD COLUMN "wording_id" uuid;--> statement-breakpoint
ALTER TABLE "attendee_imports" ADD CONSTRAINT "attendee_imports_wording_id_invitation_wordings_id_fk" FOREIGN KEY ("wording_id") REFERENCES "public"."invitation_wordings"("id") ON DELETE no action ON UPDATE no action;