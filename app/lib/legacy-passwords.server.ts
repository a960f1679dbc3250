import bcrypt from "bcryptjs";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { account } from "#db/schema";
import { bcryptCost, MAX_BCRYPT_COST } from "./bcrypt-hash";
import type { Database } from "./db.server";
import { logFailure } from "./log.server";

/**
 * Passwords brought over from the old site keep working (docs/decisions/045): its auth service
 * stored bcrypt hashes ($2a$, $2b$, $2y$), which `npm run import:legacy` copies as they are. At
 * sign-in such a hash is checked with bcrypt; once it matches, the password is hashed again with
 * better-auth's own algorithm (scrypt) and the bcrypt hash is gone. Every other hash is better-auth's.
 * A hash of a cost above MAX_BCRYPT_COST is never checked (the import leaves such hashes out; one
 * stored before would hold the sign-in for days): that member signs in by e-mailed link.
 *
 * better-auth's `emailAndPassword.password` hooks.
 */
export function legacyAwarePasswords(db: Database) {
  return {
    hash: (password: string) => hashPassword(password),
    verify: async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
      const cost = bcryptCost(hash);
      if (cost === null) return verifyPassword({ hash, password });
      if (cost > MAX_BCRYPT_COST) return false;
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
