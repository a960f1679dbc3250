import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaigns } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { cancelCampaignMessages, holdCampaignMessages, releaseFailedMessages, releaseHeldCampaignMessages } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { TextWake } from "#app/modules/sms/index.server";
import { campaignMessages } from "./campaign-messages";
import type { FanOutStarter } from "./campaign-kinds.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { logFailure } from "#app/lib/log.server";

/** A refusal of the policy says so (`forbidden`); any other refusal is the campaign's state. */
export type ControlOutcome = { ok: true; message: string } | { ok: false; message: string; reason?: "forbidden" };

/**
 * Pause: the campaign stops being 'sending', so the fan-out writes no more messages, and its
 * messages not yet claimed by a sender are held (invisible to the sender). Messages being sent at
 * that moment finish. Takes the campaign row's lock, so a fan-out batch in progress ends first.
 */
export async function pauseCampaign(db: Database, actor: StaffMember, campaignId: string): Promise<ControlOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "paused", updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")))
      .returning({ subject: campaigns.subject });
    if (!row) return false;
    const held = await holdCampaignMessages(tx, campaignId);
    await recordActivity(tx, actor, { kind: "campaign.paused", subjectType: "campaign", subjectId: campaignId, subjectLabel: row.subject, after: { held } });
    return true;
  });
  return done ? { ok: true, message: campaignMessages.paused } : { ok: false, message: await refusal(db, campaignId, campaignMessages.notPausable) };
}

/**
 * Resume: held messages are due again (the senders are woken for them) and the fan-out goes on from
 * the first recipient without a message.
 */
export async function resumeCampaign(
  db: Database,
  actor: StaffMember,
  campaignId: string,
  starter: FanOutStarter,
  wake: { outbox: OutboxWake; texts: TextWake },
): Promise<ControlOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "sending", updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "paused")))
      .returning({ subject: campaigns.subject });
    if (!row) return false;
    await releaseHeldCampaignMessages(tx, campaignId);
    await recordActivity(tx, actor, { kind: "campaign.resumed", subjectType: "campaign", subjectId: campaignId, subjectLabel: row.subject });
    return true;
  });
  if (!done) return { ok: false, message: await refusal(db, campaignId, campaignMessages.notResumable) };
  await wake.outbox(campaignId);
  wake.texts();
  await starter.startFanOut(campaignId).catch((error: unknown) => logFailure("campaigns", "restarting the fan-out", error));
  return { ok: true, message: campaignMessages.resumed };
}

/** Cancel: nothing more is sent; messages not yet claimed are cancelled, recipients without one are skipped. */
export async function cancelCampaign(db: Database, actor: StaffMember, campaignId: string): Promise<ControlOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "cancelled", completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, ["draft", "scheduled", "sending", "paused"])))
      .returning({ subject: campaigns.subject });
    if (!row) return false;
    const unsent = await cancelCampaignMessages(tx, campaignId, "Campaign cancelled");
    await tx
      .update(campaignRecipients)
      .set({ status: "skipped", lastError: "Campaign cancelled before sending", updatedAt: sql`now()` })
      .where(
        and(
          eq(campaignRecipients.campaignId, campaignId),
          eq(campaignRecipients.status, "queued"),
          unsent.length > 0
            ? sql`(${campaignRecipients.outboxMessageId} is null or ${inArray(campaignRecipients.outboxMessageId, unsent)})`
            : isNull(campaignRecipients.outboxMessageId),
        ),
      );
    await recordActivity(tx, actor, {
      kind: "campaign.cancelled",
      subjectType: "campaign",
      subjectId: campaignId,
      subjectLabel: row.subject,
      after: { cancelledMessages: unsent.length },
    });
    return true;
  });
  return done ? { ok: true, message: campaignMessages.cancelled } : { ok: false, message: await refusal(db, campaignId, campaignMessages.notCancellable) };
}

/**
 * Failed recipients (all of the campaign's, or one) are tried again. A failed message's content
 * was cleared (it may have held a personal sign-in link), so the recipients go back to the
 * fan-out, which writes each a fresh message; a completed campaign is sending again until they
 * settle, a paused one writes them when resumed.
 */
export async function retryFailedRecipients(
  db: Database,
  actor: StaffMember,
  campaignId: string,
  starter: FanOutStarter,
  recipientId?: string,
): Promise<ControlOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const retried = await db.transaction(async (tx) => {
    const [campaign] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!campaign || campaign.status === "cancelled") return { count: 0, sending: false };
    const failed = await tx
      .select({ id: campaignRecipients.id, outboxMessageId: campaignRecipients.outboxMessageId })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.campaignId, campaignId),
          eq(campaignRecipients.status, "failed"),
          recipientId ? eq(campaignRecipients.id, recipientId) : undefined,
        ),
      );
    if (failed.length === 0) return { count: 0, sending: false };
    await releaseFailedMessages(
      tx,
      failed.flatMap((row) => (row.outboxMessageId ? [row.outboxMessageId] : [])),
    );
    await tx
      .update(campaignRecipients)
      .set({ status: "queued", lastError: null, outboxMessageId: null, updatedAt: sql`now()` })
      .where(inArray(campaignRecipients.id, failed.map((row) => row.id)));
    const [row] = await tx
      .update(campaigns)
      .set({ status: "sending", completedAt: null, updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "completed")))
      .returning({ subject: campaigns.subject });
    await recordActivity(tx, actor, {
      kind: "campaign.retried",
      subjectType: "campaign",
      subjectId: campaignId,
      subjectLabel: row?.subject ?? null,
      after: { recipients: failed.length },
    });
    return { count: failed.length, sending: campaign.status !== "paused" };
  });
  if (retried.count === 0) return { ok: false, message: campaignMessages.nothingToRetry };
  if (retried.sending) await starter.startFanOut(campaignId).catch((error: unknown) => console.error("[campaigns] could not restart the fan-out:", error));
  return { ok: true, message: campaignMessages.retried(retried.count) };
}

async function refusal(db: Database, campaignId: string, message: string): Promise<string> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
  return row ? message : campaignMessages.notFound;
}
