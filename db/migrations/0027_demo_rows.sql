CREATE TABLE "demo_rows" (
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_rows_table_name_row_id_pk" PRIMARY KEY("table_name","row_id")
);
--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written data block (docs/decisions/052): marks the rows an earlier demo seed added, which
-- carried no mark. Kept apart from the generated DDL above; it runs once, like the migration.
-- A row is taken for demo content only by the seed's own fingerprint, and never when an import
-- mapped onto it (legacy_ids) or staff made it (activity_log):
--  - sign-ups, invitations and the member the seed added, by their fixed addresses at example.com
--    (a domain reserved for examples: no real person has one);
--  - events by title AND description exactly as the demo calendar (app/modules/demo/demo-events.ts)
--    wrote them;
--  - reservations on those events by the demo guests' addresses.
-- ---------------------------------------------------------------------------------------------
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'newsletter', n."id"::text FROM "newsletter" n
WHERE lower(n."email") IN ('maya.lindqvist@example.com', 'daniel.okafor@example.com', 'sofia.brennan@example.com')
  AND NOT EXISTS (SELECT 1 FROM "legacy_ids" l WHERE l."target_table" = 'newsletter' AND l."target_id" = n."id"::text)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'waitlist', w."id"::text FROM "waitlist" w
WHERE lower(w."email") IN ('maya.lindqvist@example.com', 'leo.hartmann@example.com')
  AND NOT EXISTS (SELECT 1 FROM "legacy_ids" l WHERE l."target_table" = 'waitlist' AND l."target_id" = w."id"::text)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'invitations', i."id"::text FROM "invitations" i
WHERE lower(i."email") IN ('rosa.delgado@example.com', 'james.whitfield@example.com', 'nora.kim@example.com')
  AND NOT EXISTS (SELECT 1 FROM "legacy_ids" l WHERE l."target_table" = 'invitations' AND l."target_id" = i."id"::text)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'user_profiles', p."id"::text FROM "user_profiles" p
WHERE lower(p."email") = 'james.whitfield@example.com'
  AND NOT EXISTS (SELECT 1 FROM "legacy_ids" l WHERE l."target_table" = 'user_profiles' AND l."target_id" = p."id"::text)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'music_access', m."id"::text FROM "music_access" m
WHERE lower(m."email") = 'james.whitfield@example.com'
  AND NOT EXISTS (SELECT 1 FROM "legacy_ids" l WHERE l."target_table" = 'music_access' AND l."target_id" = m."id"::text)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'events', e."id"::text FROM "events" e
JOIN (VALUES
  ('Candlelight Piano Meditation', 'Our signature evening: lie back on a mat by candlelight while Elena improvises at the piano, with a short guided breath to begin.'),
  ('Sunset Piano Meditation at Mt. Soledad', 'Watch the sun set over the Pacific with live piano played to wireless headphones, then breathwork and a grounding meditation. Headphones are limited: reserve yours.'),
  ('VIP Sunset Gathering at Mt. Soledad', 'An intimate hour before the main gathering: a private set at the piano, tea, and a small circle of neighbours.'),
  ('Full Moon Piano and Breathwork', 'A full-moon evening with a partner venue, who sell the tickets: breath, stillness and slow piano under the moon.'),
  ('Candlelight Yoga with Live Piano', 'Gentle slow-flow yoga led by Marcus while the piano follows the breath of the room. All levels; bring a mat.'),
  ('Piano Meditation Retreat Weekend', 'Two days of music, silence and walks in the hills. Details and booking open soon.'),
  ('Living Room Concert for Friends', 'A private evening for a host''s friends and family. Ask us if you would like to host one.'),
  ('Garden Piano Meditation', 'A small gathering among the roses: twelve mats, one piano, birdsong.'),
  ('Dawn Breathwork on the Beach', 'Greet the morning with breathwork and a keyboard on the sand. The guest list filled up through our partners.'),
  ('Winter Solstice Piano Meditation', 'The longest night of the year, held by candlelight and piano.'),
  ('Breath and Sound Workshop', 'An afternoon workshop on breathing with music. This run has ended; a new one is being planned.'),
  ('Piano Circle for Two', 'Two mats beside the piano, for a couple or two friends: the most intimate evening we host.'),
  ('Autumn Equinox Gathering', 'Still being planned: not shown to visitors until published.'),
  ('Spring Gathering (cancelled)', 'Cancelled and archived: off the public listing, kept for the records.')
) AS demo("title", "description") ON e."title" = demo."title" AND e."description" = demo."description"
WHERE NOT EXISTS (SELECT 1 FROM "legacy_ids" l WHERE l."target_table" = 'events' AND l."target_id" = e."id"::text)
  AND NOT EXISTS (
    SELECT 1 FROM "activity_log" a
    WHERE a."subject_type" = 'event' AND a."subject_id" = e."id"::text AND a."kind" IN ('event.created', 'event.duplicated')
  )
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_rows" ("table_name", "row_id")
SELECT 'reservations', r."id"::text FROM "reservations" r
JOIN "demo_rows" d ON d."table_name" = 'events' AND d."row_id" = r."event_id"::text
WHERE lower(r."visitor_email") IN ('maya.lindqvist@example.com', 'daniel.okafor@example.com', 'sofia.brennan@example.com')
ON CONFLICT DO NOTHING;
