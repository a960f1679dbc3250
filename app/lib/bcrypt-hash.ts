/**
 * The old site's bcrypt hashes ('$2a$', '$2b$', '$2y$', two digits of cost, '$', then 53
 * characters of salt and hash), read without a regular expression: the import reads them from a
 * file nobody checked, and sign-in reads them from the database.
 */

/**
 * The highest cost a bcrypt hash may have to be imported or checked at sign-in. Each step doubles
 * the work: 14 takes about a second on a small server, 31 would hold a sign-in (and its CPU) for
 * days. Real sites use 10 to 12.
 */
export const MAX_BCRYPT_COST = 14;

const BCRYPT_LENGTH = 60;

/** The hash's cost, or null when it is not a bcrypt hash in the form above. */
export function bcryptCost(hash: string): number | null {
  if (hash.length !== BCRYPT_LENGTH) return null;
  if (hash[0] !== "$" || hash[1] !== "2" || !"aby".includes(hash[2]!) || hash[3] !== "$" || hash[6] !== "$") return null;
  const tens = digit(hash.charCodeAt(4));
  const ones = digit(hash.charCodeAt(5));
  if (tens === null || ones === null) return null;
  for (let index = 7; index < BCRYPT_LENGTH; index++) if (!isBcryptBase64(hash.charCodeAt(index))) return null;
  return tens * 10 + ones;
}

function digit(code: number): number | null {
  return code >= 48 && code <= 57 ? code - 48 : null;
}

/** bcrypt's own base-64 alphabet: ./A-Za-z0-9. */
function isBcryptBase64(code: number): boolean {
  return code === 46 || code === 47 || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
