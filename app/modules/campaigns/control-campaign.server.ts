import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { campaignRecipients, campaigns, outbox } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { recordActivity, type StaffActor } from "~/modules/activity/record-activity.server";
import { wakeOutbox } from "~/modules/messaging/outbox-wake.server";
import { wakeTexts } from "~/modules/sms/sms-wake.server";
import { campaignMessages } from "./campaign-messages";
import type { FanOutStarter } from "./create-campaign.server";
import { logFailure } from "~/lib/log.server";

export type ControlOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * Pause: the campaign stops being 'sending', so the fan-out writes no more messages, and its
 * messages not yet claimed by a sender are held (invisible to the sender). Messages being sent at
 * that moment finish. Takes the campaign row's lock, so a fan-out batch in progress ends first.
 */
export async function pauseCampaign(db: Database, actor: StaffActor, campaignId: string): Promise<ControlOutcome> {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "paused", updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")))
      .returning({ subject: campaigns.subject });
    if (!row) return false;
    const held = await tx
      .update(outbox)
      .set({ status: "held", updatedAt: sql`now()` })
      .where(and(eq(outbox.campaignId, campaignId), eq(outbox.status, "pending")))
      .returning({ id: outbox.id });
    await recordActivity(tx, actor, { kind: "campaign.paused", subjectType: "campaign", subjectId: campaignId, subjectLabel: row.subject, after: { held: held.length } });
    return true;
  });
  return done ? { ok: true, message: campaignMessages.paused } : { ok: false, message: await refusal(db, campaignId, campaignMessages.notPausable) };
}

/** Resume: held messages are due again and the fan-out goes on from the first recipient without a message. */
export async function resumeCampaign(db: Database, actor: StaffActor, campaignId: string, starter: FanOutStarter): Promise<ControlOutcome> {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "sending", updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "paused")))
      .returning({ subject: campaigns.subject });
    if (!row) return false;
    await tx
      .update(outbox)
      .set({ status: "pending", nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(outbox.campaignId, campaignId), eq(outbox.status, "held")));
    await recordActivity(tx, actor, { kind: "campaign.resumed", subjectType: "campaign", subjectId: campaignId, subjectLabel: row.subject });
    return true;
  });
  if (!done) return { ok: false, message: await refusal(db, campaignId, campaignMessages.notResumable) };
  await wakeOutbox(campaignId);
  wakeTexts();
  await starter.startFanOut(campaignId).catch((error: unknown) => logFailure("campaigns", "restarting the fan-out", error));
  return { ok: true, message: campaignMessages.resumed };
}

/** Cancel: nothing more is sent; messages not yet claimed are cancelled, recipients without one are skipped. */
export async function cancelCampaign(db: Database, actor: StaffActor, campaignId: string): Promise<ControlOutcome> {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "cancelled", completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, ["draft", "scheduled", "sending", "paused"])))
      .returning({ subject: campaigns.subject });
    if (!row) return false;
    const cancelled = await tx
      .update(outbox)
      .set({ status: "cancelled", lastError: "Campaign cancelled", updatedAt: sql`now()` })
      .where(and(eq(outbox.campaignId, campaignId), inArray(outbox.status, ["pending", "held"])))
      .returning({ id: outbox.id });
    const unsent = cancelled.map((message) => message.id);
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
 * Failed recipients (all of the campaign's, or one) are tried again: their messages become due
 * with a fresh count of attempts, and a completed campaign is sending again until they settle.
 */
export async function retryFailedRecipients(db: Database, actor: StaffActor, campaignId: string, recipientId?: string): Promise<ControlOutcome> {
  const count = await db.transaction(async (tx) => {
    const [campaign] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!campaign || campaign.status === "cancelled") return 0;
    const recipients = await tx
      .update(campaignRecipients)
      .set({ status: "queued", lastError: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(campaignRecipients.campaignId, campaignId),
          eq(campaignRecipients.status, "failed"),
          recipientId ? eq(campaignRecipients.id, recipientId) : undefined,
        ),
      )
      .returning({ outboxMessageId: campaignRecipients.outboxMessageId });
    const messageIds = recipients.map((row) => row.outboxMessageId).filter((id): id is string => Boolean(id));
    if (recipients.length === 0) return 0;
    if (messageIds.length > 0) {
      await tx
        .update(outbox)
        .set({ status: campaign.status === "paused" ? "held" : "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lockedBy: null, updatedAt: sql`now()` })
        .where(and(inArray(outbox.id, messageIds), eq(outbox.status, "failed")));
    }
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
      after: { recipients: recipients.length },
    });
    return recipients.length;
  });
  if (count === 0) return { ok: false, message: campaignMessages.nothingToRetry };
  await wakeOutbox(campaignId);
  wakeTexts();
  return { ok: true, message: campaignMessages.retried(count) };
}

async function refusal(db: Database, campaignId: string, message: string): Promise<string> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
  return row ? message : campaignMessages.notFound;
}
