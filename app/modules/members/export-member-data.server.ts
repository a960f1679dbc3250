import { sql } from "drizzle-orm";
import { queryRows, type Database } from "#app/lib/db.server";
import { consumeRateLimits, type LimitedClient, type RateLimitRule } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { consentWordsAt, type ConsentSource } from "#app/modules/consent";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** Gathering everything reads a dozen tables and all of a person's listening: a few downloads an hour. */
export const memberExportLimit: RateLimitRule = { limit: 5, windowSeconds: 60 * 60 };

export interface MemberDataOwner {
  id: string;
  email: string;
}

type Row = Record<string, unknown>;

/** Everything held about one person, as downloaded from the profile page. */
export interface MemberDataExport {
  exportedAt: string;
  email: string;
  user: Row | null;
  /** Devices signed in (no session token). */
  sessions: Row[];
  /** How the person signs in (no password hash, no provider token). */
  signInMethods: Row[];
  profile: Row | null;
  memberDirectory: Row | null;
  communityEntry: Row | null;
  newsletter: Row | null;
  launchWaitlist: Row | null;
  musicAccess: Row | null;
  reservations: Row[];
  /** Contributions paid by card or recorded by staff (no card details: only Stripe holds them). */
  contributions: Row[];
  waitingListEntries: Row[];
  /** Invitations to this address (without their rid, which works as a key to accept them). */
  invitations: Row[];
  consents: Row[];
  /** The words behind each of those consents: one entry per form and version of its words. */
  consentWords: { source: string; version: string; words: string | null }[];
  listeningHistory: Row[];
  /** Campaign e-mails to this address (no link or unsubscribe token). */
  campaignEmails: Row[];
  unsubscribed: Row | null;
}

export type ExportMemberDataOutcome = { ok: true; data: MemberDataExport } | ({ ok: false } & TooManyAttemptsRefusal);

/**
 * Gathers everything held about the signed-in member, by user id and by address (trimmed,
 * lower-cased), within the export limit per member and per client. Columns are named one by one,
 * so a secret (session token, password hash, link token hash) never reaches the file, even when
 * a table gains one later.
 */
export async function exportMemberData(
  db: Database,
  owner: MemberDataOwner,
  client: LimitedClient,
  now = new Date(),
): Promise<ExportMemberDataOutcome> {
  const limit = await consumeRateLimits(
    db,
    [
      { key: `member-export:user:${owner.id}`, rule: memberExportLimit },
      { key: `member-export:client:${client.key}`, rule: { ...memberExportLimit, limit: memberExportLimit.limit * 4 } },
    ],
    client.rateLimitMultiplier,
  );
  if (!limit.allowed) return { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) };

  const email = normaliseEmailAddress(owner.email);
  const id = owner.id;
  const rows = (query: ReturnType<typeof sql>) => queryRows<Row>(db, query);
  const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0] ?? null;

  const consents = await rows(
    sql`select purpose, granted, source, text_version, created_at from consents
         where email = ${email} or user_id = ${id}::uuid order by created_at, id`,
  );
  const data: MemberDataExport = {
    exportedAt: now.toISOString(),
    email,
    user: await one(sql`select id, name, email, email_verified, image, created_at, updated_at from "user" where id = ${id}::uuid`),
    sessions: await rows(sql`select created_at, updated_at, expires_at, ip_address, user_agent from session where user_id = ${id}::uuid order by created_at`),
    signInMethods: await rows(sql`select provider_id, created_at, updated_at from account where user_id = ${id}::uuid order by created_at`),
    profile: await one(
      sql`select full_name, bio, preferred_meditation_duration, preferred_meditation_time, notification_preference, created_at, updated_at
            from profiles where user_id = ${id}::uuid`,
    ),
    memberDirectory: await one(
      sql`select email, first_name, last_name, phone, city, state, interests, communication_preference, discovery_method,
                 email_updates, sms_consent_at, terms_accepted_at, created_at, updated_at
            from user_profiles where lower(email) = ${email}`,
    ),
    communityEntry: await one(
      sql`select name, email, phone, interest, source, consent_accepted_at, created_at from community where lower(email) = ${email}`,
    ),
    newsletter: await one(sql`select email, created_at from newsletter where lower(email) = ${email}`),
    launchWaitlist: await one(sql`select email, source, plan, created_at from waitlist where lower(email) = ${email}`),
    musicAccess: await one(sql`select email, source, created_at from music_access where lower(email) = ${email}`),
    reservations: await rows(
      sql`select e.title as event, e.starts_at as event_starts_at, r.visitor_name, r.visitor_email, r.phone, r.seats, r.donation, r.created_at
            from reservations r join events e on e.id = r.event_id
           where lower(trim(r.visitor_email)) = ${email} order by r.created_at`,
    ),
    // Contributions paid (by card through Stripe, or recorded by staff), with their refunds: never card details, which only Stripe holds.
    contributions: await rows(
      sql`select e.title as event, p.payer_name, p.payer_email, p.seats, p.method, p.amount_cents, p.currency, p.status, p.refunded_cents, p.paid_at, p.created_at
            from payments p left join events e on e.id = p.event_id
           where lower(trim(p.payer_email)) = ${email} order by p.created_at`,
    ),
    waitingListEntries: await rows(
      sql`select e.title as event, w.name, w.email, w.phone, w.seats, w.status, w.position, w.offered_at, w.offer_expires_at, w.created_at
            from waitlist_entries w join events e on e.id = w.event_id
           where lower(trim(w.email)) = ${email} order by w.created_at`,
    ),
    invitations: await rows(
      sql`select email, first_name, last_name, phone, city, state, event_history, campaign, status, sent_at, accepted_at, expires_at
            from invitations where lower(email) = ${email} order by sent_at`,
    ),
    consents,
    consentWords: wordsOf(consents),
    listeningHistory: await rows(
      sql`select track_title, track_src, action, position, duration, campaign, received_at from audio_events
           where user_id = ${id}::uuid or lower(user_email) = ${email} order by received_at, id`,
    ),
    campaignEmails: await rows(
      sql`select c.tag as campaign, c.subject, r.email, r.name, r.status, r.link_expires_at, r.clicked_at, r.created_at
            from campaign_recipients r join campaigns c on c.id = r.campaign_id
           where r.email = ${email} order by r.created_at`,
    ),
    unsubscribed: await one(sql`select email, source, created_at from unsubscribes where email = ${email}`),
  };
  return { ok: true, data };
}

/** Each (form, version) the rows name once, with its words; rows copied before words were kept (`unrecorded`) have none. */
function wordsOf(consents: Row[]): MemberDataExport["consentWords"] {
  const seen = new Map<string, MemberDataExport["consentWords"][number]>();
  for (const row of consents) {
    const source = String(row.source);
    const version = String(row.text_version);
    const key = `${source}@${version}`;
    if (!seen.has(key)) seen.set(key, { source, version, words: consentWordsAt(source as ConsentSource, version) ?? null });
  }
  return [...seen.values()];
}
