import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer, magicLink } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { account, serverSecrets, session, user, verification } from "#db/schema";
import type { Database } from "./db.server";
import { normaliseEmailAddress } from "./email-address";
import type { Env } from "./env.server";
import { legacyAwarePasswords } from "./legacy-passwords.server";
import { safeRedirectPath } from "./safe-redirect";
import { siteConfig } from "./site-config";

/** Sign-in links work once, within this many seconds. */
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
/** Request header through which the HTTP server tells better-auth the client's address. */
export const CLIENT_IP_HEADER = "x-harmonia-client-ip";

/** The e-mails a sign-in link request may ask for. */
export type SignInLinkPurpose = "sign-in" | "community-welcome" | "friend-access";

/** A link better-auth asks to have e-mailed. */
export interface AccountLinkRequest {
  purpose: SignInLinkPurpose | "reset-password" | "verify-email";
  to: string;
  name?: string;
  link: string;
  publicUrl: string;
}

/**
 * The members' rules auth needs, passed in by the composition root so that this file knows
 * nothing of the domain modules (app/modules/members/auth-parts.server.ts provides them).
 */
export interface AuthParts {
  /** The role an address gets from the configured staff allow-lists. */
  roleForEmail(email: string, lists: { adminEmails: readonly string[]; eventStaffEmails: readonly string[] }): string;
  /** E-mails a sign-in, reset or confirmation link (through the outbox). */
  sendAccountLink(db: Database, link: AccountLinkRequest, delivery: AccountLinkDelivery): Promise<void>;
}

/** How the account-link e-mails leave, from whoever knows the instance (the composition root, or a test). */
export interface AccountLinkDelivery {
  /** Starts the outbox sender for the queued message (messaging's OutboxWake; its no-op leaves it to the sweep). */
  wake: (id: string) => Promise<void>;
  /**
   * Whether the outbox row may keep the link beside the message, for the dev mailbox's button and
   * the console: only when mail goes to the dev mailbox (no SMTP_URL). Elsewhere the link is a
   * credential that lives only in the message body.
   */
  keepSignInLink: boolean;
}

export interface AuthOptions extends AuthParts {
  env: Env;
  db: Database;
  secret: string;
  accountLinks: AccountLinkDelivery;
}

/** What a sign-in link request carries besides the address: which e-mail to send, and a name. */
export interface SignInLinkMetadata {
  purpose?: SignInLinkPurpose;
  /** The name to greet in the e-mail. */
  name?: string;
}

const SIGN_IN_LINK_PURPOSES: readonly NonNullable<SignInLinkMetadata["purpose"]>[] = ["sign-in", "community-welcome", "friend-access"];

/**
 * Which e-mail a sign-in link goes out in, from the metadata our own code passed. Requests over
 * HTTP arrive without metadata (server/auth-routes.ts drops it); should anything else slip
 * through, an unknown purpose or a name that is not a short string gives the plain sign-in e-mail
 * rather than someone else's wording, or an error.
 */
function signInLinkWording(metadata: unknown): { purpose: NonNullable<SignInLinkMetadata["purpose"]>; name?: string } {
  const given = (typeof metadata === "object" && metadata !== null ? metadata : {}) as Record<string, unknown>;
  const purpose = SIGN_IN_LINK_PURPOSES.find((known) => known === given.purpose) ?? "sign-in";
  const name = typeof given.name === "string" && given.name.length <= MAX_NAME_LENGTH ? given.name : undefined;
  return { purpose, name };
}

/** Longer than any name our forms accept, short enough that a greeting stays a greeting. */
const MAX_NAME_LENGTH = 200;

export function createAuth({ env, db, secret, roleForEmail, sendAccountLink, accountLinks }: AuthOptions) {
  const lists = { adminEmails: env.ADMIN_EMAILS, eventStaffEmails: env.EVENT_STAFF_EMAILS };
  const secure = env.PUBLIC_URL.startsWith("https://");
  return betterAuth({
    appName: siteConfig.brand.name,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // A session in use is extended once a day, so an active member stays signed in.
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Until the address is confirmed nobody can sign in with the password, and signing up with a
      // known address answers like a new one: the form never tells who has an account.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The old site's bcrypt hashes (imported) verify too, and are replaced by ours at the first sign-in.
      password: legacyAwarePasswords(db),
      sendResetPassword: async ({ user: recipient, token }) => {
        const link = `${env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await sendAccountLink(db, { purpose: "reset-password", to: recipient.email, name: recipient.name, link, publicUrl: env.PUBLIC_URL }, accountLinks);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Someone who signs in with the right password but never confirmed gets a fresh link: the
      // first one may have expired or gone to spam.
      sendOnSignIn: true,
      // Confirming the address does not sign in: a mail scanner that opens the link gets no session.
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60,
      sendVerificationEmail: async ({ user: recipient, url }) => {
        await sendAccountLink(db, { purpose: "verify-email", to: recipient.email, name: recipient.name, link: url, publicUrl: env.PUBLIC_URL }, accountLinks);
      },
    },
    user: {
      additionalFields: {},
    },
    databaseHooks: {
      user: {
        create: {
          // Stored as every address is (docs/decisions/061); better-auth lower-cases it already.
          before: async (data) => ({ data: { ...data, email: normaliseEmailAddress(data.email), role: roleForEmail(data.email, lists) } }),
        },
      },
      session: {
        create: {
          // The allow-lists may change between sign-ins; the stored role follows them.
          after: async (created) => {
            const [owner] = await db.select({ email: user.email, role: user.role }).from(user).where(eq(user.id, created.userId));
            if (!owner) return;
            const role = roleForEmail(owner.email, lists);
            if (owner.role !== role) await db.update(user).set({ role }).where(eq(user.id, created.userId));
          },
        },
      },
    },
    advanced: {
      cookiePrefix: "harmonia",
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Attempts are limited by our own limiter (per address and per e-mail, shared by every
    // instance), in front of these endpoints and inside our pages' actions: see docs/decisions/006.
    rateLimit: { enabled: false },
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_LINK_TTL_SECONDS,
        storeToken: "hashed",
        sendMagicLink: async ({ email, url, token, metadata }) => {
          const next = safeRedirectPath(new URL(url).searchParams.get("callbackURL"), env.PUBLIC_URL, "/");
          const { purpose, name } = signInLinkWording(metadata);
          // The e-mailed link opens our page, which signs in only when the person presses its button:
          // a link scanner's GET never uses the token up.
          const link = `${env.PUBLIC_URL}/login/link?token=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`;
          await sendAccountLink(db, { purpose, to: email, name, link, publicUrl: env.PUBLIC_URL }, accountLinks);
        },
      }),
      admin({ defaultRole: "member", adminRoles: ["admin"] }),
      bearer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The configured AUTH_SECRET, or the one this installation made for itself. Kept in the
 * database, so every instance on a shared PostgreSQL signs with the same secret.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name: "auth", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, "auth"));
  if (!row) throw new Error("Could not store the auth secret");
  return row.value;
}
