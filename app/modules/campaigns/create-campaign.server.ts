import { campaignRecipients, campaigns } from "#db/schema";
import { communityMailingList, communityNamesByAddress } from "#app/modules/community/index.server";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { recordActivity, type StaffActor } from "#app/modules/activity/index.server";
import { campaignInputSchema, type CampaignInput } from "./campaign-form";
import { campaignMessages } from "./campaign-messages";
import { partitionUnsubscribed, uniqueRecipients, type Recipient } from "./recipients";
import { renderEmailSample } from "./campaign-preview.server";
import { checkReview, type ReviewOptions } from "./review-send.server";
import { COMMUNITY_MAGIC_LINKS, type FanOutStarter } from "./campaign-kinds.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { unsubscribedAmong } from "#app/modules/consent/index.server";
import { groupLeftOut, reviewMessages, type SendReview } from "./send-review";

export type CreateCampaignOutcome =
  | { ok: true; campaignId: string; queued: number; skipped: number; message: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** Starts a campaign's fan-out (the composition root queues the job); a failure leaves it to the sweep. */
/**
 * Staff send a campaign: the campaign and one recipient row per unique address (a snapshot of
 * address and name) are written in one transaction with the activity entry; then the fan-out job
 * turns them into outbox messages. Unsubscribed addresses are written as 'skipped', so the
 * campaign shows who was left out; they get nothing (docs/decisions/024).
 */
export async function createCampaign(db: Database, actor: StaffMember, input: unknown, starter: FanOutStarter): Promise<CreateCampaignOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const request = await readCampaignRequest(db, input);
  if (!request.ok) return request;
  const { form, recipients } = request;

  const outcome = await writeCampaign(db, actor, {
    kind: COMMUNITY_MAGIC_LINKS,
    tag: form.campaign,
    subject: form.subject,
    bodyMarkdown: form.message,
    recipients,
    logged: { campaign: form.campaign, audience: form.audience },
  });
  if (!outcome) return { ok: false, message: campaignMessages.noneLeft, fieldErrors: { recipients: campaignMessages.noneLeft } };

  await startFanOut(starter, outcome.campaignId);
  return { ok: true, ...outcome, message: campaignMessages.queued(outcome.queued, outcome.skipped) };
}

export type ReviewedCampaignOutcome = CreateCampaignOutcome | { ok: false; message: string; review: SendReview; fieldErrors?: undefined };

/**
 * The communications page's send, with its review (docs/decisions/042): the selection (or, with
 * nobody selected, the whole community list, asked as the spec asks) is worked out, and without the
 * token of a review of exactly this message to exactly these addresses the review is the answer:
 * how many, who is left out (unsubscribed), one real recipient's copy. The confirm sends.
 */
export async function createReviewedCampaign(
  db: Database,
  actor: StaffMember,
  input: { campaign: string; subject: string; message: string; audience: "selected" | "all"; recipients: string[]; grantsMusicAccess?: string | boolean; confirm?: string },
  starter: FanOutStarter,
  options: ReviewOptions & { publicUrl: string },
): Promise<ReviewedCampaignOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const request = await readCampaignRequest(db, input);
  if (!request.ok) return request;
  const { form, recipients } = request;
  const { send: receiving, skipped } = partitionUnsubscribed(recipients, await unsubscribedAmong(db, recipients.map((recipient) => recipient.email)));
  if (receiving.length === 0) return { ok: false, message: campaignMessages.noneLeft, fieldErrors: { recipients: campaignMessages.noneLeft } };
  const first = receiving[0]!;
  const label = (person: Recipient) => (person.name ? `${person.name} (${person.email})` : person.email);
  const decision = await checkReview(
    db,
    actor,
    {
      channel: "email",
      audience: form.audience === "all" ? "everyone on the community list" : `the ${recipients.length === 1 ? "person" : `${recipients.length} people`} you selected`,
      question: form.audience === "all" && form.recipients.length === 0 ? campaignMessages.confirmAll : undefined,
      landing: form.grantsMusicAccess ? campaignMessages.landingWithAccess : campaignMessages.landingWithoutAccess,
      leftOut: groupLeftOut(skipped.map((person) => ({ label: label(person), reason: "Unsubscribed from our e-mails" }))),
      sample: {
        recipient: label(first),
        subject: form.subject,
        html: await renderEmailSample(db, { kind: COMMUNITY_MAGIC_LINKS, tag: form.campaign, subject: form.subject, message: form.message }, first, options.publicUrl),
      },
      identity: {
        channel: "email",
        kind: COMMUNITY_MAGIC_LINKS,
        tag: form.campaign,
        subject: form.subject,
        message: form.message,
        recipients: receiving.map((person) => person.email),
        grants: form.grantsMusicAccess ? ["music-access"] : [],
      },
    },
    input.confirm,
    options,
  );
  if (!decision.send) return { ok: false, message: decision.review.notice ?? reviewMessages.heading, review: decision.review };
  const outcome = await writeCampaign(db, actor, {
    kind: COMMUNITY_MAGIC_LINKS,
    tag: form.campaign,
    subject: form.subject,
    bodyMarkdown: form.message,
    recipients,
    logged: { campaign: form.campaign, audience: form.audience, ...(form.grantsMusicAccess ? { grantsMusicAccess: true } : {}) },
    fingerprint: decision.fingerprint,
    grantsMusicAccess: form.grantsMusicAccess,
  });
  if (!outcome) return { ok: false, message: campaignMessages.noneLeft, fieldErrors: { recipients: campaignMessages.noneLeft } };
  await startFanOut(starter, outcome.campaignId);
  return { ok: true, ...outcome, message: campaignMessages.queued(outcome.queued, outcome.skipped) };
}

export interface NewCampaign {
  kind: string;
  tag: string;
  subject: string;
  bodyMarkdown: string;
  /** Each address once (uniqueRecipients). */
  recipients: Recipient[];
  /** What the activity log records besides the counts. */
  logged: Record<string, unknown>;
  /** The fingerprint of the review it was sent from (a later identical send is warned about). */
  fingerprint?: string;
  /** Opening a personal link also gives music access (magic-link campaigns). */
  grantsMusicAccess?: boolean;
}

/**
 * Writes a campaign (status 'sending') and its recipient rows in one transaction with the activity
 * entry; unsubscribed addresses are written as 'skipped'. Null when everyone has unsubscribed
 * (nothing is written). Every kind of bulk send goes through here and then the fan-out job.
 */
export async function writeCampaign(
  db: Database,
  actor: StaffActor,
  input: NewCampaign,
): Promise<{ campaignId: string; queued: number; skipped: number } | null> {
  return db.transaction(async (tx) => {
    const unsubscribed = await unsubscribedAmong(tx, input.recipients.map((recipient) => recipient.email));
    const { send, skipped } = partitionUnsubscribed(input.recipients, unsubscribed);
    if (send.length === 0) return null;
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        kind: input.kind,
        tag: input.tag,
        subject: input.subject,
        bodyMarkdown: input.bodyMarkdown,
        status: "sending",
        createdByUserId: actor.id,
        createdByEmail: actor.email,
        recipientCount: input.recipients.length,
        sendFingerprint: input.fingerprint ?? null,
        grantsMusicAccess: input.grantsMusicAccess ?? false,
      })
      .returning({ id: campaigns.id });
    const campaignId = campaign!.id;
    const rows = [
      ...send.map((recipient) => ({ campaignId, email: recipient.email, name: recipient.name, status: "queued" as const })),
      ...skipped.map((recipient) => ({
        campaignId,
        email: recipient.email,
        name: recipient.name,
        status: "skipped" as const,
        lastError: "Unsubscribed",
      })),
    ];
    for (let start = 0; start < rows.length; start += 1000) await tx.insert(campaignRecipients).values(rows.slice(start, start + 1000));
    await recordActivity(tx, actor, {
      kind: "campaign.created",
      subjectType: "campaign",
      subjectId: campaignId,
      subjectLabel: input.subject,
      after: { ...input.logged, recipients: send.length, skipped: skipped.length },
    });
    return { campaignId, queued: send.length, skipped: skipped.length };
  });
}

/** Queues a committed campaign's fan-out; if queueing the job fails, the minute's sweep starts it. */
export async function startFanOut(starter: FanOutStarter, campaignId: string): Promise<void> {
  await starter.startFanOut(campaignId).catch((error: unknown) => {
    console.error(`[campaigns] could not start the fan-out of ${campaignId} now:`, error instanceof Error ? error.message : error);
  });
}

/**
 * A campaign as staff asked for it: the form checked (the spec's words under each field) and its
 * audience read, the whole community list or the selected addresses; refused when nobody is in it.
 * Sent at once (the JSON API) or after its review (the composer), a campaign starts here.
 */
async function readCampaignRequest(
  db: Database,
  input: unknown,
): Promise<{ ok: true; form: CampaignInput; recipients: Recipient[] } | { ok: false; message: string; fieldErrors: Record<string, string> }> {
  const parsed = campaignInputSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = firstErrorPerField(parsed.error.issues);
    return { ok: false, message: Object.values(fieldErrors)[0] ?? campaignMessages.subjectAndMessage, fieldErrors };
  }
  const form = parsed.data;
  const recipients = await resolveRecipients(db, form.audience, form.recipients);
  if (recipients.length === 0) {
    const message = form.audience === "all" ? campaignMessages.emptyCommunity : campaignMessages.noRecipients;
    return { ok: false, message, fieldErrors: { recipients: message } };
  }
  return { ok: true, form, recipients };
}

/** The whole community list, or the selected addresses with the names the community list has for them. */
async function resolveRecipients(db: Database, audience: "selected" | "all", selected: string[]): Promise<Recipient[]> {
  if (audience === "all") return uniqueRecipients(await communityMailingList(db));
  const wanted = uniqueRecipients(selected.map((email) => ({ email })));
  const names = await communityNamesByAddress(
    db,
    wanted.map((recipient) => recipient.email),
  );
  return wanted.map((recipient) => ({ email: recipient.email, name: names.get(recipient.email) ?? null }));
}
