CREATE TABLE "attendee_import_people" (
	"import_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"people" jsonb NOT NULL,
	CONSTRAINT "attendee_import_people_import_id_batch_pk" PRIMARY KEY("import_id","batch")
);
--> statement-breakpoint
ALTER TABLE "attendee_import_people" ADD CONSTRAINT "attendee_import_people_import_id_attendee_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."attendee_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "attendee_import_people" ("import_id", "batch", "people") SELECT "id", 0, "people" FROM "attendee_imports" WHERE "confirmed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "attendee_imports" DROP COLUMN "people";