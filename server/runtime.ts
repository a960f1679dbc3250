import { getEnv, type Env } from "~/lib/env.server";
import { holdStartupLock, openDatabase, runMigrations, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { createAuth, resolveAuthSecret, setAuth } from "~/lib/auth.server";
import { startJobRunner, type JobRunner } from "~/lib/jobs/job-runner.server";
import { setDatabaseProbe, setLogFormat } from "~/lib/log.server";
import { siteConfig } from "~/lib/site-config";
import { slot } from "~/lib/singleton.server";
import { waitForDatabase } from "~/lib/wait-for-database.server";
import { campaignJobs } from "~/modules/campaigns/jobs.server";
import type { FanOutStarter } from "~/modules/campaigns/create-campaign.server";
import { memberAuthParts } from "~/modules/members/auth-parts.server";
import { messagingJobs } from "~/modules/messaging/jobs.server";
import { createMailTransport, type MailTransport } from "~/modules/messaging/mail-transport.server";
import type { OutboxSender } from "~/modules/messaging/outbox-sender.server";
import { registerMailboxMode } from "~/modules/messaging/mailbox-mode.server";
import { registerOutboxWake } from "~/modules/messaging/outbox-wake.server";
import { reservationRenderers } from "~/modules/reservations/guest-emails.server";
import { invitationEmailRenderer } from "~/modules/invitations/invitation-email.server";
import { reservationJobs } from "~/modules/reservations/jobs.server";
import { reservationConfirmationRenderer } from "~/modules/reservations/reservation-confirmation.server";
import { securityJobs } from "~/modules/security/jobs.server";
import { smsJobs } from "~/modules/sms/jobs.server";
import { createSmsTransport, twilioSettingsFrom } from "~/modules/sms/sms-transport.server";
import { registerSmsWake } from "~/modules/sms/sms-wake.server";
import { deliverabilityParts } from "~/modules/deliverability/deliverability.server";
import { describeDemoInvitations, seedDemoContent } from "~/modules/demo/seed-demo-content.server";
import { seedTracks } from "~/modules/music/seed-tracks.server";

/** What a running instance holds: its configuration, database, mail transport and job runner. */
export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  mail: MailTransport;
  /** The job runner (pg-boss) with every module's jobs. */
  worker: JobRunner;
  /** This instance's outbox delivery loop. */
  outbox: OutboxSender;
  /** This instance's delivery loop for texts (paced apart from e-mail). */
  texts: OutboxSender;
  /** Starts a campaign's fan-out job (any instance may run it). */
  campaigns: FanOutStarter;
  /** The bounce mailbox's poller, when BOUNCE_MAILBOX_URL is set. */
  bouncePoller?: { stop(): Promise<void> };
}

/**
 * Queues whose jobs were replaced: the hourly chores became the security module's own job; the job
 * per outbox message became the outbox sender's batches (docs/decisions/016), whose rows need no job.
 */
const RETIRED_QUEUES = ["housekeeping", "outbox-deliver"];

// A slot, so that a development reload of this module still finds the running instance.
const current = slot<Runtime>("runtime");

export function getRuntime(): Runtime {
  if (!current.current) throw new Error("The server has not started yet");
  return current.current;
}

/**
 * The composition root: builds an instance in order (database opened, locked and migrated; auth
 * with the members' rules; music library and demo content; mail; the job runner with every
 * module's jobs; the outbox wake) and hands each part what it needs. Nothing listens for requests
 * until this has finished.
 */
export async function startRuntime(env: Env = getEnv()): Promise<Runtime> {
  if (current.current) return current.current;
  setLogFormat(env.LOG_FORMAT);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let mail: MailTransport | undefined;
  let releaseStartupLock: (() => Promise<void>) | undefined;
  try {
    await waitForDatabase(database, { timeoutSeconds: env.DATABASE_STARTUP_TIMEOUT_SECONDS });
    // While the database is away, this tells the log when it is back (one line, not one per query).
    setDatabaseProbe(() => database.executeSql("select 1"));
    // Migrations, seeds and the job queue's schema: one instance at a time (released once the runner is up).
    releaseStartupLock = await holdStartupLock(database);
    await runMigrations(database);
    setDatabase(database);
    const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
    setAuth(createAuth({ env, db: database.db, secret, ...memberAuthParts }));
    await seedTracks(database.db);
    if (env.SEED_DEMO_CONTENT) {
      for (const line of describeDemoInvitations(await seedDemoContent(database.db, env.PUBLIC_URL))) console.log(line);
    }
    const deliverability = deliverabilityParts(env);
    mail = createMailTransport({
      envelopeSender: deliverability.envelopeSender,
      dkim: deliverability.dkim ?? undefined,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailboxUrl: `${env.PUBLIC_URL}/dev/mailbox`,
      maxConnections: env.MAIL_MAX_CONNECTIONS,
      ratePerSecond: env.MAIL_RATE_PER_SECOND,
    });
    registerMailboxMode(mail.name === "mailbox");
    const messaging = messagingJobs({
      db: database.db,
      transports: { email: mail },
      // Messages written without their body, rendered when sent (docs/decisions/020).
      renderers: [
        reservationConfirmationRenderer({ publicUrl: env.PUBLIC_URL }),
        ...reservationRenderers({ publicUrl: env.PUBLIC_URL }),
        invitationEmailRenderer({ publicUrl: env.PUBLIC_URL }),
      ],
      retryDelaySeconds: env.OUTBOX_RETRY_DELAY_SECONDS,
      leaseSeconds: env.OUTBOX_LEASE_SECONDS,
      concurrency: env.MAIL_MAX_CONNECTIONS,
      skipRecipients: deliverability.skipRecipients,
    });
    const texts = smsJobs({
      db: database.db,
      transport: createSmsTransport({
        db: database.db,
        twilio: twilioSettingsFrom(env),
        ratePerSecond: env.SMS_RATE_PER_SECOND,
        statusCallbackUrl: `${env.PUBLIC_URL}/api/sms/status`,
      }),
      retryDelaySeconds: env.OUTBOX_RETRY_DELAY_SECONDS,
      leaseSeconds: env.OUTBOX_LEASE_SECONDS,
    });
    const campaigns = campaignJobs({ db: database.db, publicUrl: env.PUBLIC_URL, linkDays: env.CAMPAIGN_LINK_DAYS, timeZone: siteConfig.venue.timeZone });
    const worker = await startJobRunner({
      handle: database,
      jobs: [
        ...messaging.all,
        ...texts.all,
        ...campaigns.all,
        ...securityJobs({ db: database.db }).all,
        ...reservationJobs({ db: database.db, offerHours: env.WAITLIST_OFFER_HOURS, publicUrl: env.PUBLIC_URL, timeZone: siteConfig.venue.timeZone }).all,
      ],
      retiredQueues: RETIRED_QUEUES,
    });
    await releaseStartupLock();
    releaseStartupLock = undefined;
    // In-process: a new message starts this instance's sender at once, with no queue poll in between.
    registerOutboxWake(async () => messaging.sender.wake());
    registerSmsWake(() => texts.sender.wake());
    // Rows written before a restart (or while no sender ran) go out now, not at the first sweep.
    messaging.sender.wake();
    texts.sender.wake();
    // A campaign a stop or crash left half fanned out goes on from its first recipient without a message.
    campaigns.resume().catch((error: unknown) => console.error("[campaigns] resuming after start failed:", error instanceof Error ? error.message : error));
    current.current = {
      env,
      database,
      mail,
      worker,
      outbox: messaging.sender,
      texts: texts.sender,
      campaigns: { startFanOut: (campaignId) => worker.send(campaigns.fanOut, { campaignId }) },
      bouncePoller: deliverability.startPoller(database.db),
    };
    return current.current;
  } catch (error) {
    await releaseStartupLock?.();
    setDatabaseProbe(undefined);
    registerMailboxMode(undefined);
    mail?.close();
    setAuth(undefined);
    setDatabase(undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** Stops in reverse order: the outbox wake, the job runner (letting a job in progress finish), the outbox sender (its batch), mail, auth, database. */
export async function stopRuntime(): Promise<void> {
  const runtime = current.current;
  if (!runtime) return;
  current.current = undefined;
  registerOutboxWake(undefined);
  registerSmsWake(undefined);
  registerMailboxMode(undefined);
  await runtime.worker.stop().catch((error) => console.error("[server] stopping the job runner:", error));
  await runtime.outbox.stop().catch((error) => console.error("[server] stopping the outbox sender:", error));
  await runtime.texts.stop().catch((error) => console.error("[server] stopping the text sender:", error));
  await runtime.bouncePoller?.stop().catch((error) => console.error("[server] stopping the bounce mailbox poller:", error));
  runtime.mail.close();
  setAuth(undefined);
  setDatabase(undefined);
  setDatabaseProbe(undefined);
  await runtime.database.close();
}
