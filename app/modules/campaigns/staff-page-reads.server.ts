import type { Database } from "#app/lib/db.server";
import { eventsTakingReservations } from "#app/modules/events/index.server";
import { can, notAllowed, type Actor } from "#app/modules/access";
import { EVENT_ATTENDEES, eventAttendeesTag } from "./announcement-form";
import { listCampaigns, listFailedRecipients, listTextRecipients, type CampaignSummary, type FailedRecipient, type TextRecipientResult } from "./campaign-progress.server";
import { listCommunityRecipients } from "./community-recipients.server";
import { describeTextAudiences, type TextAudiences } from "./create-text-campaign.server";

/** How many failed recipients a campaign's row lists on a staff page (the results page has them all). */
const FAILED_SHOWN = 50;

export interface CommunicationsPage {
  community: Awaited<ReturnType<typeof listCommunityRecipients>>;
  campaigns: CampaignSummary[];
  /** Failed recipients of each campaign that has any, by campaign id. */
  failed: Record<string, FailedRecipient[]>;
  /** Each text campaign's recipients and their results, by campaign id. */
  textRecipients: Record<string, TextRecipientResult[]>;
  textAudiences: TextAudiences;
}

/**
 * What /admin/communications shows: the community list to choose recipients from, the latest
 * campaigns with their failures and texts' results, and the text audiences. Only for staff who may
 * send communications; the page's guard refuses first, this is the use case's own check.
 */
export async function readCommunicationsPage(
  db: Database,
  actor: Actor,
  options: { search: string; interest: string; timeZone: string; /** SMS_ALLOWED_COUNTRIES, for the group texts' counts. */ smsAllowedCountries: readonly string[] },
): Promise<({ ok: true } & CommunicationsPage) | ReturnType<typeof notAllowed>> {
  if (!can(actor, "send-communications")) return notAllowed();
  const [community, campaigns, textAudiences] = await Promise.all([
    listCommunityRecipients(db, { search: options.search, interest: options.interest }),
    listCampaigns(db),
    describeTextAudiences(db, { timeZone: options.timeZone, allowedCountries: options.smsAllowedCountries }),
  ]);
  const textRecipients: Record<string, TextRecipientResult[]> = {};
  for (const campaign of campaigns) {
    if (campaign.channel === "sms") textRecipients[campaign.id] = await listTextRecipients(db, campaign.id);
  }
  return { ok: true, community, campaigns, failed: await failedRecipientsOf(db, campaigns), textRecipients, textAudiences };
}

/**
 * The reservations page's attendee mails (campaigns to an event's guests) with their failures, for
 * staff who may mail attendees; others get an empty list, as their page shows no mail controls.
 * Whoever sees every campaign on the communications page sees every attendee mail here; anyone
 * else those of the events the policy lets them mail (event staff: no draft's, no archived one's).
 */
export async function readEventMailings(db: Database, actor: Actor): Promise<{ campaigns: CampaignSummary[]; failed: Record<string, FailedRecipient[]> }> {
  if (!can(actor, "mail-event-attendees")) return { campaigns: [], failed: {} };
  const tags = can(actor, "send-communications") ? undefined : await mailableEventTags(db, actor);
  const campaigns = await listCampaigns(db, 20, { kind: EVENT_ATTENDEES, tags });
  return { campaigns, failed: await failedRecipientsOf(db, campaigns) };
}

/** The campaign names of the attendee mails of every event `actor` may mail the guests of. */
async function mailableEventTags(db: Database, actor: Actor): Promise<string[]> {
  const rows = await eventsTakingReservations(db);
  return rows.filter((event) => can(actor, "mail-event-attendees", { event })).map((event) => eventAttendeesTag(event.id));
}

/** The first failed recipients of each campaign that has any, by campaign id (both pages list them the same way). */
async function failedRecipientsOf(db: Database, campaigns: CampaignSummary[]): Promise<Record<string, FailedRecipient[]>> {
  const failed: Record<string, FailedRecipient[]> = {};
  for (const campaign of campaigns) if (campaign.counts.failed > 0) failed[campaign.id] = await listFailedRecipients(db, campaign.id, FAILED_SHOWN);
  return failed;
}
