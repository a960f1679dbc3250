import bcrypt from "bcryptjs";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { account } from "../../db/schema";
import type { Database } from "./db.server";
import { logFailure } from "./log.server";

/**
 * Passwords brought over from the old site keep working (docs/decisions/045): its auth service
 * stored bcrypt hashes ($2a$, $2b$, $2y$), which `npm run import:legacy` copies as they are. At
 * sign-in such a hash is checked with bcrypt; once it matches, the password is hashed again with
 * better-auth's own algorithm (scrypt) and the bcrypt hash is gone. Every other hash is better-auth's.
 */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isLegacyBcryptHash(hash: string): boolean {
  return BCRYPT_HASH.test(hash);
}

/** better-auth's `emailAndPassword.password` hooks. */
export function legacyAwarePasswords(db: Database) {
  return {
    hash: (password: string) => hashPassword(password),
    verify: async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
      if (!isLegacyBcryptHash(hash)) return verifyPassword({ hash, password });
      if (!(await bcrypt.compare(password, hash))) return false;
      await rehashLegacyPassword(db, hash, password);
      return true;
    },
  };
}

/**
 * Replaces the bcrypt hash with ours. Matched on the old hash itself (bcrypt salts make each one
 * unique), so two sign-ins at once change it once; a failure only leaves the bcrypt hash for next time.
 */
async function rehashLegacyPassword(db: Database, legacyHash: string, password: string): Promise<void> {
  try {
    const ours = await hashPassword(password);
    await db
      .update(account)
      .set({ password: ours, updatedAt: new Date() })
      .where(and(eq(account.providerId, "credential"), eq(account.password, legacyHash)));
  } catch (error) {
    logFailure("auth", "re-hashing an imported password", error);
  }
}
