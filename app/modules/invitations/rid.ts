import { hasControlCharacters } from "#app/modules/security";

/** A rid is this many random bytes, URL-safe (32 characters), minted by `randomToken` (lib/tokens.server). */
export const RID_BYTES = 24;

/** Longer than any rid we issue; a longer one is not looked up. */
export const MAX_RID_LENGTH = 200;

/**
 * Whether text could be a rid we issued. Anything else is answered as unknown or bad input before
 * a query: PostgreSQL refuses NUL in text, which would otherwise turn a typo into a server error.
 */
export function isPossibleRid(rid: string): boolean {
  return rid.length > 0 && rid.length <= MAX_RID_LENGTH && !hasControlCharacters(rid);
}
