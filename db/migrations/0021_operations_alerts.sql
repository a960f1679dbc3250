CREATE TABLE "alert_states" (
	"condition" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone,
	"detail" text,
	"last_fired_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
