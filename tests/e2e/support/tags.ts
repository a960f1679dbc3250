/**
 * `@db`: the browser tests that run on PostgreSQL as well as on the embedded database
 * (docs/decisions/058). `npm test` with DATABASE_URL set runs every Vitest file, and of the browser
 * tests only these (playwright.config.ts greps for the tag when E2E_DATABASE_URL is set).
 *
 * The rule: tag a test when what the page does depends on how the database behaves, not only on
 * what one row holds:
 * - writers meeting on shared counts: seats taken or given back, check-ins from two devices, the
 *   waiting list (PostgreSQL runs them on a pool of connections, PGlite on one);
 * - work handed to the outbox and the job runner: campaigns, mass sends, imports' invitations
 *   (leases over several connections; on PostgreSQL the wake is a job);
 * - imports: batched writes and lookups of many rows;
 * - SQL that computes what the page shows: counts, sums, dates in the venue's time zone (dashboard,
 *   stats, campaign results), which come back through another driver on PostgreSQL.
 * One test per path is enough: the same action at another width or without JavaScript is not
 * tagged again. Pages that read and write single rows (content, header and footer, forms' checks,
 * accessibility walks, the player, profile, signing in) are not tagged: Vitest covers their SQL on
 * PostgreSQL.
 */
export const onBothDatabases = { tag: "@db" } as const;

/** The tag itself, as playwright.config.ts greps for it. */
export const bothDatabasesTag = /@db\b/;
