ALTER TYPE "public"."consent_source" ADD VALUE 'import';--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"created" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_ids" (
	"source_table" text NOT NULL,
	"legacy_id" text NOT NULL,
	"target_table" text NOT NULL,
	"target_id" text NOT NULL,
	"created" boolean DEFAULT true NOT NULL,
	"import_run_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_ids_source_table_legacy_id_pk" PRIMARY KEY("source_table","legacy_id")
);
--> statement-breakpoint
ALTER TABLE "legacy_ids" ADD CONSTRAINT "legacy_ids_import_run_id_import_runs_id_fk" FOREIGN KEY ("import_run_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_finished_idx" ON "import_runs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "legacy_ids_target_idx" ON "legacy_ids" USING btree ("target_table","target_id");