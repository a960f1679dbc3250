import diagnosticsChannel from "node:diagnostics_channel";
import { getEnv, type Env } from "#app/lib/env.server";
import { holdStartupLock, openDatabase, runMigrations, type DatabaseHandle } from "#app/lib/db.server";
import { createAuth, resolveAuthSecret, type Auth } from "#app/lib/auth.server";
import type { JobDefinition } from "#app/lib/jobs/define-job";
import { startJobRunner, type JobRunner } from "#app/lib/jobs/job-runner.server";
import { setDatabaseProbe, setLogFormat } from "#app/lib/log.server";
import { siteConfig } from "#app/lib/site-config";
import { waitForDatabase } from "#app/lib/wait-for-database.server";
import { campaignJobs } from "#app/modules/campaigns/index.server";
import type { FanOutStarter } from "#app/modules/campaigns/index.server";
import { memberAuthParts } from "#app/modules/members/index.server";
import { messagingJobs } from "#app/modules/messaging/index.server";
import { createMailTransport, type MailTransport } from "#app/modules/messaging/index.server";
import type { OutboxSender } from "#app/modules/messaging/index.server";
import { contributionReceiptRenderer, createStripeGateway, paymentJobs, stripeSettingsFrom, type PaymentGateway } from "#app/modules/payments/index.server";
import { reservationRenderers } from "#app/modules/reservations/index.server";
import { invitationEmailRenderer } from "#app/modules/invitations/index.server";
import { reservationJobs } from "#app/modules/reservations/index.server";
import { reservationConfirmationRenderer } from "#app/modules/reservations/index.server";
import { securityJobs } from "#app/modules/security/index.server";
import { smsJobs } from "#app/modules/sms/index.server";
import { createSmsTransport, twilioSettingsFrom } from "#app/modules/sms/index.server";
import { deliverabilityParts } from "#app/modules/deliverability/index.server";
import { describeDemoInvitations, seedDemoContent } from "#app/modules/demo/index.server";
import { seedTracks } from "#app/modules/music/index.server";
import { startOperations, tightenPrivateFiles, type Operations } from "#app/modules/operations/index.server";
import { orElse } from "#app/lib/or-else";
import type { SenderWakes } from "./load-context";

/** What a running instance holds: its configuration, database, mail transport and job runner. */
export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  /** better-auth, configured with the members' rules: sessions, sign-in links, passwords. */
  auth: Auth;
  /** Start this instance's e-mail and text senders at once after a message is queued. */
  wake: SenderWakes;
  mail: MailTransport;
  /** The job runner (pg-boss) with every module's jobs. */
  worker: JobRunner;
  /** This instance's outbox delivery loop. */
  outbox: OutboxSender;
  /** This instance's delivery loop for texts (paced apart from e-mail). */
  texts: OutboxSender;
  /** Starts a campaign's fan-out job (any instance may run it). */
  campaigns: FanOutStarter;
  /** Stripe, when configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); null otherwise. */
  payments: PaymentGateway | null;
  /** The job that wakes whichever instance's outbox sender takes it (sent by a stopping instance). */
  outboxWakeJob: JobDefinition<{ id?: string }>;
  /** Metrics gauges, scheduled backups and alerts (modules/operations). */
  operations: Operations;
  /** The bounce mailbox's poller, when BOUNCE_MAILBOX_URL is set. */
  bouncePoller?: { stop(): Promise<void> };
  /**
   * Where the instance is in its life: serving; draining (a shutdown has begun, /readyz turns
   * traffic away while requests finish); stopped (stopRuntime has begun: the parts are closing).
   */
  phase: "running" | "draining" | "stopped";
}

/**
 * Queues whose jobs were replaced: the hourly chores became the security module's own job; the job
 * per outbox message became the outbox sender's batches (docs/decisions/016), whose rows need no job.
 */
const RETIRED_QUEUES = ["housekeeping", "outbox-deliver"];

/** Marks this instance as shutting down (server/main.js): /readyz answers 503 from now on. */
export function beginDraining(runtime: Runtime): void {
  if (runtime.phase === "running") runtime.phase = "draining";
}

/**
 * Published once an instance has started, with `{ runtime }`: an observation point for code that
 * runs in the same process without being part of the site (the browser tests' session door,
 * tests/e2e/support/session-door.js). Nothing in app/ or server/ subscribes.
 */
export const RUNTIME_STARTED_CHANNEL = "harmonia:runtime-started";

/**
 * The composition root: builds an instance in order (database opened, locked and migrated; music
 * library and demo content; mail; the e-mail and text senders and their wakes; auth with the
 * members' rules, which e-mails through that outbox; the job runner with every module's jobs) and
 * hands each part what it needs.
 * The caller holds the Runtime it returns and passes it on (createServerApp, beginDraining,
 * stopRuntime): nothing reads it from a global. Nothing listens for requests
 * until this has finished.
 */
export interface RuntimeOptions {
  /** The built bounce poller thread's entry (build/server/bounce-worker.js); absent in development. */
  bounceWorkerFile?: string;
}

export async function startRuntime(env: Env = getEnv(), options: RuntimeOptions = {}): Promise<Runtime> {
  setLogFormat(env.LOG_FORMAT);
  // An installation made before files were kept private is fixed (and says so) before anything opens.
  await tightenPrivateFiles(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let mail: MailTransport | undefined;
  let releaseStartupLock: (() => Promise<void>) | undefined;
  let operations: Operations | undefined;
  try {
    await waitForDatabase(database, { timeoutSeconds: env.DATABASE_STARTUP_TIMEOUT_SECONDS });
    // While the database is away, this tells the log when it is back (one line, not one per query).
    setDatabaseProbe(() => database.executeSql("select 1"));
    // Migrations, seeds and the job queue's schema: one instance at a time (released once the runner is up).
    releaseStartupLock = await holdStartupLock(database);
    await runMigrations(database);
    const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
    await seedTracks(database.db);
    if (env.SEED_DEMO_CONTENT) {
      // Added only on a database that holds nothing else (docs/decisions/052); otherwise it says why not.
      const demo = await seedDemoContent(database.db, env.PUBLIC_URL);
      if (!demo.added) console.log(`[demo] ${demo.message}`);
      for (const line of describeDemoInvitations(demo.links)) console.log(line);
    }
    const deliverability = deliverabilityParts(env);
    const stripe = stripeSettingsFrom(env);
    const payments = stripe ? createStripeGateway(stripe) : null;
    // The confirmation's and reminders' "Pay my contribution": the guest's own page with Stripe, the fixed link without.
    const contributions = { online: payments !== null, fixedUrl: env.CONTRIBUTION_URL };
    mail = createMailTransport({
      envelopeSender: deliverability.envelopeSender,
      dkim: deliverability.dkim ?? undefined,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailboxUrl: `${env.PUBLIC_URL}/dev/mailbox`,
      maxConnections: env.MAIL_MAX_CONNECTIONS,
      ratePerSecond: env.MAIL_RATE_PER_SECOND,
    });
    const messaging = messagingJobs({
      db: database.db,
      transports: { email: mail },
      // Messages written without their body, rendered when sent (docs/decisions/020).
      // Ticket codes are signed with the auth secret, resolved above: the one signingSecret(context.auth)
      // reads on requests, so the codes e-mailed here are the ones the guest's page and the door check.
      renderers: [
        reservationConfirmationRenderer({ publicUrl: env.PUBLIC_URL, contributions, ticketSecret: secret }),
        ...reservationRenderers({ publicUrl: env.PUBLIC_URL, contributions, ticketSecret: secret }),
        invitationEmailRenderer({ publicUrl: env.PUBLIC_URL }),
        contributionReceiptRenderer({ publicUrl: env.PUBLIC_URL }),
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
      allowedCountries: env.SMS_ALLOWED_COUNTRIES,
    });
    // In-process: a new message starts this instance's sender at once, with no queue poll in between.
    // Made before the job runner starts, which is fine: a sender works on its own (database and
    // transport), so an early wake only sends sooner; a wake after stopRuntime does nothing.
    const wake: SenderWakes = {
      outbox: async () => messaging.sender.wake(),
      texts: () => texts.sender.wake(),
    };
    const auth = createAuth({
      env,
      db: database.db,
      secret,
      ...memberAuthParts,
      // Only the dev mailbox (no SMTP_URL) may keep a sign-in link beside the message, for its button.
      accountLinks: { wake: wake.outbox, keepSignInLink: mail.name === "mailbox" },
    });
    const campaigns = campaignJobs({
      db: database.db,
      publicUrl: env.PUBLIC_URL,
      linkDays: env.CAMPAIGN_LINK_DAYS,
      timeZone: siteConfig.venue.timeZone,
      smsAllowedCountries: env.SMS_ALLOWED_COUNTRIES,
      wake,
    });
    operations = startOperations({ env, database, wake: wake.outbox });
    const worker = await startJobRunner({
      handle: database,
      jobs: [
        ...messaging.all,
        ...texts.all,
        ...campaigns.all,
        ...securityJobs({ db: database.db }).all,
        ...operations.jobs,
        ...paymentJobs({ db: database.db, gateway: payments, wake: wake.outbox }).all,
        ...reservationJobs({
          db: database.db,
          offerHours: env.WAITLIST_OFFER_HOURS,
          publicUrl: env.PUBLIC_URL,
          timeZone: siteConfig.venue.timeZone,
          smsAllowedCountries: env.SMS_ALLOWED_COUNTRIES,
          wake,
        }).all,
      ],
      retiredQueues: RETIRED_QUEUES,
    });
    await releaseStartupLock();
    releaseStartupLock = undefined;
    // Rows written before a restart (or while no sender ran) go out now, not at the first sweep.
    messaging.sender.wake();
    texts.sender.wake();
    // A campaign a stop or crash left half fanned out goes on from its first recipient without a message.
    campaigns.resume().catch((error: unknown) => console.error("[campaigns] resuming after start failed:", error instanceof Error ? error.message : error));
    const runtime: Runtime = {
      env,
      database,
      auth,
      wake,
      mail,
      worker,
      outbox: messaging.sender,
      texts: texts.sender,
      campaigns: { startFanOut: (campaignId) => worker.send(campaigns.fanOut, { campaignId }) },
      payments,
      outboxWakeJob: messaging.deliver,
      operations,
      bouncePoller: deliverability.startPoller(
        database.db,
        database.driver,
        options.bounceWorkerFile && env.DATABASE_URL ? { workerFile: options.bounceWorkerFile, databaseUrl: env.DATABASE_URL, logFormat: env.LOG_FORMAT } : undefined,
      ),
      phase: "running",
    };
    diagnosticsChannel.channel(RUNTIME_STARTED_CHANNEL).publish({ runtime });
    return runtime;
  } catch (error) {
    await releaseStartupLock?.();
    await operations?.stop();
    setDatabaseProbe(undefined);
    mail?.close();
    await database.close().catch(orElse(undefined, "the start failed already, which is the error reported"));
    throw error;
  }
}

/**
 * Stops in reverse order: the job runner stops fetching; the outbox and text senders stop claiming
 * (a wake from now on does nothing), finish their sends in flight and give back the rest of their batch; one
 * `outbox-wake` job then asks another instance to send what is due (given back, or written by the
 * last requests) at once rather than at its next sweep; the job runner stops (jobs in progress get
 * until `deadline`), then mail and the database pool. Each step is logged once. A second call does nothing.
 */
export async function stopRuntime(runtime: Runtime, options: { deadline?: number } = {}): Promise<void> {
  if (runtime.phase === "stopped") return;
  runtime.phase = "stopped";
  const deadline = options.deadline ?? Date.now() + 10_000;
  runtime.worker.stopFetching();
  const stopSender = (sender: OutboxSender, what: string) =>
    sender.stop().then(
      (released) => {
        console.log(`[server] ${what} stopped${released > 0 ? `; gave back ${released} claimed but unsent message(s)` : ""}`);
        return released;
      },
      (error: unknown) => {
        console.error(`[server] stopping the ${what}:`, error instanceof Error ? error.message : error);
        return 0;
      },
    );
  await Promise.all([stopSender(runtime.outbox, "outbox sender"), stopSender(runtime.texts, "text sender")]);
  // Only PostgreSQL has other instances to wake. Texts have no wake job: another instance's minute sweep takes them.
  if (runtime.database.driver === "postgres") await runtime.worker.send(runtime.outboxWakeJob, {}).catch(orElse(undefined, "shutting down: another instance's sweep sends the mail within a minute"));
  await runtime.worker
    .stop({ timeoutMs: deadline - Date.now() })
    .then(() => console.log("[server] job runner stopped"))
    .catch((error) => console.error("[server] stopping the job runner:", error));
  await runtime.operations.stop().catch((error) => console.error("[server] stopping the scheduled backups:", error));
  await runtime.bouncePoller?.stop().catch((error) => console.error("[server] stopping the bounce mailbox poller:", error));
  runtime.mail.close();
  setDatabaseProbe(undefined);
  await runtime.database.close();
  console.log("[server] database closed");
}
