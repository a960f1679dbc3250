import { getEnv, type Env } from "~/lib/env.server";
import { openDatabase, runMigrations, setDatabase, type DatabaseHandle } from "~/lib/db.server";
import { createMailTransport, type MailTransport } from "~/modules/messaging/mail-transport.server";
import { startOutboxWorker, type OutboxWorker } from "~/modules/messaging/outbox-worker.server";
import { registerOutboxWake } from "~/modules/messaging/outbox-wake.server";
import { pruneRateLimits } from "~/modules/security/rate-limit.server";
import { createAuth, resolveAuthSecret, setAuth } from "~/lib/auth.server";
import { describeDemoInvitations, seedDemoContent } from "~/modules/demo/seed-demo-content.server";
import { seedTracks } from "~/modules/music/seed-tracks.server";

/** What a running instance holds: its database, its mail transport and its outbox worker. */
export interface Runtime {
  env: Env;
  database: DatabaseHandle;
  mail: MailTransport;
  worker: OutboxWorker;
}

const registry = globalThis as typeof globalThis & { __harmoniaRuntime?: Runtime };

export function getRuntime(): Runtime {
  if (!registry.__harmoniaRuntime) throw new Error("The server has not started yet");
  return registry.__harmoniaRuntime;
}

/**
 * Brings an instance up in order: database (locked, migrated), music library, demo content, mail,
 * outbox worker.
 * Nothing listens for requests until this has finished.
 */
export async function startRuntime(env: Env = getEnv()): Promise<Runtime> {
  if (registry.__harmoniaRuntime) return registry.__harmoniaRuntime;
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(database);
    setDatabase(database);
    const secret = await resolveAuthSecret(database.db, env.AUTH_SECRET);
    setAuth(createAuth({ env, db: database.db, secret }));
    await seedTracks(database.db);
    if (env.SEED_DEMO_CONTENT) {
      for (const line of describeDemoInvitations(await seedDemoContent(database.db, env.PUBLIC_URL))) console.log(line);
    }
    const mail = createMailTransport({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailboxUrl: `${env.PUBLIC_URL}/dev/mailbox`,
    });
    const worker = await startOutboxWorker({
      handle: database,
      transports: { email: mail },
      retryDelaySeconds: env.OUTBOX_RETRY_DELAY_SECONDS,
      hourlyChores: [{ name: "forget stale rate-limit counters", run: () => pruneRateLimits(database.db) }],
    });
    registerOutboxWake(worker.wake);
    registry.__harmoniaRuntime = { env, database, mail, worker };
    return registry.__harmoniaRuntime;
  } catch (error) {
    setAuth(undefined);
    setDatabase(undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** Stops the worker (letting a send in progress finish), then closes the database. */
export async function stopRuntime(): Promise<void> {
  const runtime = registry.__harmoniaRuntime;
  if (!runtime) return;
  registry.__harmoniaRuntime = undefined;
  registerOutboxWake(undefined);
  await runtime.worker.stop().catch((error) => console.error("[server] stopping the outbox:", error));
  runtime.mail.close();
  setAuth(undefined);
  setDatabase(undefined);
  await runtime.database.close();
}
